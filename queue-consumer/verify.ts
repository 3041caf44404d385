/**
 * Is this PDF the document that was asked for? Judged from the text of its first pages
 * (pdf-text.ts) against what the job knows: the DOI, the title, and the arXiv id or PMCID the
 * copy was fetched by. Pure: no I/O.
 *
 *   doi_on_page      the DOI (or the arXiv id / PMCID fetched by) is printed on the page
 *   title            most of the title's significant words are on the page
 *   no_text          no text layer (a scan): only a source exact by construction may serve it
 *   undecidable      text, the identifier not on it, and no usable title to compare with
 *   mismatch         text, but neither identifier nor title: most likely another paper's PDF
 */

export type Expectation = {
  doi: string | null;
  title: string | null;
  arxiv?: string | null | undefined;
  pmcid?: string | null | undefined;
};

export type TextVerdict =
  | { kind: "doi_on_page"; detail: string }
  | { kind: "title"; detail: string }
  | { kind: "no_text"; detail: string }
  | { kind: "undecidable"; detail: string }
  | { kind: "mismatch"; detail: string };

/** Fewer letters than this on two pages: no usable text layer. */
export const MIN_TEXT_LETTERS = 20;
/** Share of the title's significant words that must be on the page. */
export const TITLE_SHARE = 0.75;

const STOP_WORDS = new Set(
  "a an and are as at be by for from has have in into is it its of on or that the their this to was were with within without via vs versus using use based new study analysis between over under towards toward than".split(" "),
);

/** Lower case, compatibility forms folded, accents dropped, ligatures split (pdf.js keeps "ﬁ"). */
function fold(s: string): string {
  return s.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase();
}

/** Only letters and digits (to judge whether an identifier is long enough to mean anything). */
function compact(s: string): string {
  return fold(s).replace(/[^\p{L}\p{N}]+/gu, "");
}

/**
 * The identifier as printed: any whitespace may fall between its characters (a line break inside
 * a DOI), but it must end there: "10.5555/abc-1" is not on a page that shows "10.5555/abc-12".
 */
function idPattern(id: string, versioned: boolean): RegExp {
  const chars = [...fold(id).replace(/\s+/g, "")].map((ch) => ch.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"));
  // arXiv prints the version after the id ("2101.01234v3").
  return new RegExp(`(?<![\\p{L}\\p{N}])${chars.join("\\s*")}${versioned ? "(?:v\\d+)?" : ""}(?![\\p{L}\\p{N}])`, "u");
}

/** Words of 3+ letters (or any number), not stop words, in order, deduplicated. */
export function significantWords(title: string): string[] {
  const words = fold(title)
    .replace(/<[^>]+>/g, " ") // Crossref titles carry JATS markup (<i>, <sub>)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => (w.length >= 3 || /^\d+$/.test(w)) && !STOP_WORDS.has(w));
  return [...new Set(words)];
}

function letterCount(s: string): number {
  return (s.match(/\p{L}/gu) ?? []).length;
}

/** The page's words, with words broken by a hyphen at a line end joined again. */
function pageWords(text: string): Set<string> {
  const joined = fold(text).replace(/(\p{L})-\s*\n\s*(\p{L})/gu, "$1$2");
  return new Set(joined.split(/[^\p{L}\p{N}]+/u).filter(Boolean));
}

export function verifyText(text: string, expect: Expectation): TextVerdict {
  const folded = fold(text);
  const ids: [string, string | null | undefined][] = [
    ["DOI", expect.doi],
    ["arXiv", expect.arxiv?.replace(/v\d+$/i, "")],
    ["PMCID", expect.pmcid],
  ];
  for (const [label, id] of ids) {
    if (id && compact(id).length >= 6 && idPattern(id, label === "arXiv").test(folded)) return { kind: "doi_on_page", detail: `${label} ${id} on the page` };
  }
  const letters = letterCount(text);
  if (letters < MIN_TEXT_LETTERS) return { kind: "no_text", detail: `${letters} letters on the first pages` };
  if (expect.title) {
    const wanted = significantWords(expect.title);
    if (wanted.length >= 2) {
      const words = pageWords(text);
      const present = wanted.filter((w) => words.has(w));
      const share = present.length / wanted.length;
      if (share >= TITLE_SHARE) return { kind: "title", detail: `${present.length}/${wanted.length} title words on the page` };
      return { kind: "mismatch", detail: `neither the identifier nor the title (${present.length}/${wanted.length} title words)` };
    }
  }
  return { kind: "undecidable", detail: "the identifier is not on the page and no usable title is known" };
}

/** How a served file was verified (stored with it and shown in the dialog). */
export type Verification = "doi_on_page" | "title" | "trusted_source" | "unverified";

/**
 * The decision: accept with a label, or refuse. A source exact by construction (the publisher's
 * own DOI-keyed link, PMC by PMCID, arXiv by id, a licensed publisher API by DOI) may serve a
 * scan (labelled unverified) or a file nothing on the page can be compared with; it may not serve
 * a file whose text names another work. Any other location must show the identifier or title.
 */
export function decide(verdict: TextVerdict, exactSource: boolean): { accept: true; verification: Verification } | { accept: false; reason: "mismatch" | "no_text" | "unverifiable" } {
  switch (verdict.kind) {
    case "doi_on_page":
    case "title":
      return { accept: true, verification: verdict.kind };
    case "no_text":
      return exactSource ? { accept: true, verification: "unverified" } : { accept: false, reason: "no_text" };
    case "undecidable":
      return exactSource ? { accept: true, verification: "trusted_source" } : { accept: false, reason: "unverifiable" };
    case "mismatch":
      return { accept: false, reason: "mismatch" };
  }
}
