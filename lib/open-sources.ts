/**
 * Links to a record of a lawful open collection that the fetch pipeline serves from its own
 * collection's API (queue-consumer's open-record step): an OAPEN handle page or file, a Project
 * Gutenberg ebook, a NASA NTRS citation, an OSTI record, an RFC. Pure; the id is validated here,
 * so a link that names anything else is not one of these.
 */
export type OpenSourceRef =
  | { provider: "oapen"; id: string }
  | { provider: "gutenberg"; id: number }
  | { provider: "ntrs"; id: string }
  | { provider: "osti"; id: string }
  | { provider: "rfc"; id: number };

const RULES: { hosts: RegExp; find(path: string): OpenSourceRef | null }[] = [
  {
    hosts: /^library\.oapen\.org$/,
    find: (p) => {
      const m = /^\/(?:handle|bitstream(?:\/handle)?)\/(20\.500\.12657\/\d{1,9})(?:\/|$)/.exec(p);
      return m ? { provider: "oapen", id: m[1]! } : null;
    },
  },
  {
    hosts: /^(?:www\.)?gutenberg\.org$/,
    find: (p) => {
      const m = /^\/(?:ebooks|files|cache\/epub)\/(\d{1,6})(?:[/.]|$)/.exec(p);
      return m ? { provider: "gutenberg", id: Number(m[1]) } : null;
    },
  },
  {
    hosts: /^ntrs\.nasa\.gov$/,
    find: (p) => {
      const m = /^\/(?:api\/)?citations\/(\d{6,14})(?:\/|$)/.exec(p);
      return m ? { provider: "ntrs", id: m[1]! } : null;
    },
  },
  {
    hosts: /^(?:www\.)?osti\.gov$/,
    find: (p) => {
      const m = /^\/(?:biblio|servlets\/purl|pages\/biblio)\/(\d{1,10})(?:\/|$)/.exec(p);
      return m ? { provider: "osti", id: m[1]! } : null;
    },
  },
  {
    hosts: /^(?:www\.)?rfc-editor\.org$|^datatracker\.ietf\.org$/,
    find: (p) => {
      const m = /^\/(?:rfc|info|doc(?:\/html)?)\/rfc(\d{1,5})(?:\.(?:html|pdf|txt|xml|json))?\/?$/.exec(p);
      const n = m ? Number(m[1]) : 0;
      return n > 0 ? { provider: "rfc", id: n } : null;
    },
  },
];

/** The open record a link names, or null. */
export function openSourceOf(url: string | null | undefined): OpenSourceRef | null {
  if (!url) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== "https:" && u.protocol !== "http:") return null;
  const host = u.hostname.toLowerCase();
  for (const rule of RULES) if (rule.hosts.test(host)) return rule.find(u.pathname);
  return null;
}

/** The canonical page of a record (what search results link and downloads start from). */
export function openSourceUrl(ref: OpenSourceRef): string {
  switch (ref.provider) {
    case "oapen":
      return `https://library.oapen.org/handle/${ref.id}`;
    case "gutenberg":
      return `https://www.gutenberg.org/ebooks/${ref.id}`;
    case "ntrs":
      return `https://ntrs.nasa.gov/citations/${ref.id}`;
    case "osti":
      return `https://www.osti.gov/biblio/${ref.id}`;
    case "rfc":
      return `https://www.rfc-editor.org/rfc/rfc${ref.id}`;
  }
}
