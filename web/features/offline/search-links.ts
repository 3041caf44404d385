import type { RequestMeta } from "../../../contract/offline";

export type SearchLink = { label: string; href: string };

const q = encodeURIComponent;

/**
 * One-press look-ups of a request's document for staff: by ISBN where there is one (exact), else by
 * title and first author; a DOI opens at the publisher through doi.org.
 */
export function searchLinks(meta: Pick<RequestMeta, "title" | "authors" | "isbns" | "doi" | "publisher" | "standard">, typed: string): SearchLink[] {
  const isbn = meta.isbns[0] ?? null;
  const title = meta.title ?? (/^https?:\/\//i.test(typed) ? null : typed.slice(0, 200));
  const author = meta.authors[0]?.replace(/\bet\s+al\.?/i, "").trim() ?? "";
  const words = [title, author].filter(Boolean).join(" ");
  const links: SearchLink[] = [];
  if (isbn) {
    links.push({ label: "Google Books", href: `https://www.google.com/search?tbm=bks&q=isbn:${isbn}` });
    links.push({ label: "Open Library", href: `https://openlibrary.org/isbn/${isbn}` });
    links.push({ label: "WorldCat", href: `https://search.worldcat.org/search?q=bn:${isbn}` });
  } else if (words) {
    links.push({ label: "Google Books", href: `https://www.google.com/search?tbm=bks&q=${q(words)}` });
    links.push({ label: "Open Library", href: `https://openlibrary.org/search?q=${q(words)}` });
    links.push({ label: "WorldCat", href: `https://search.worldcat.org/search?q=${q(words)}` });
  }
  if (meta.doi) links.push({ label: "Crossref", href: `https://search.crossref.org/search/works?q=${q(meta.doi)}&from_ui=yes` });
  else if (title) links.push({ label: "Crossref", href: `https://search.crossref.org/search/works?q=${q(words)}&from_ui=yes` });
  if (meta.doi) links.push({ label: "ناشر (DOI)", href: `https://doi.org/${meta.doi}` });
  else if (meta.publisher && title)
    links.push({ label: `ناشر: ${meta.publisher}`, href: `https://www.google.com/search?q=${q(`${meta.publisher} ${title}`)}` });
  else if (meta.standard) links.push({ label: "ناشر استاندارد", href: `https://www.google.com/search?q=${q(meta.standard)}` });
  return links;
}
