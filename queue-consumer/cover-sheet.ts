/**
 * Pages a repository, an aggregator or a publisher puts before an article (EPrints, DSpace, Pure,
 * HAL, ResearchGate, JSTOR, Taylor & Francis, Project MUSE), and what the article page after one
 * says of itself. Pure, on folded text (pdf-page.ts folds it): behind-cover.ts decides with these.
 *
 * A cover sheet is generated from the host's record, so it names the work the record is about,
 * not necessarily the one in the file (a repository mix-up). behind-cover.ts lets what a cover
 * shows count only when the article page after it agrees or cannot contradict.
 */
import type { PageLine } from "./pdf-text";

/**
 * What a cover sheet or a host's terms page says, and an article does not: each pattern counts
 * once per page. A line another page read shows too is a stamp on every page (JSTOR's "This
 * content downloaded from … All use subject to …", OUP's "Downloaded from … by guest"): what it
 * says does not count.
 */
const COVER_PHRASES: RegExp[] = [
  /\bthis is a repository copy of\b|\brepository copy\b|\binstitutional repository\b|\bresearch (?:online|portal)\b/,
  /\bcitable (?:link|url|uri)\b|\bpermanent (?:link|url)\b|\bpersistent (?:link|url)\b|\bstable url\b/,
  /\btake ?down(?: policy)?\b/,
  /\bgeneral rights\b|\bcopyright and moral rights\b/,
  /\blink to (?:this )?publication\b/,
  /\bcitation for (?:the )?published version\b/,
  /\bdownload date\b/,
  /\bdownloaded (?:from|by|on)\b/,
  /\ball use subject to\b/,
  /\bterms (?:and|&) conditions\b|\bterms of (?:use|access)\b|\busage guidelines\b|\bconditions of use\b/,
  /\bto cite this (?:article|version|paper|document|item|chapter)\b|\bplease cite (?:this|the published)\b|\bcite this (?:article|version)\b/,
  /\bto link to this article\b/,
  /\bsubmit your article to this journal\b|\bview related articles\b|\bview crossmark data\b/,
  /\bjstor\b/,
  /^author\(s\):|\bpublished by:/m,
  /\bhal is a multi-?disciplinary open access archive\b|\bhal id\b|\barchive ouverte\b/,
  /\bthis (?:is|version is) (?:the|an?) (?:author(?:['’]?s|s['’])?|accepted|peer[- ]reviewed|final|pre-?print|post-?print|submitted)\b.{0,40}?\b(?:version|manuscript)\b/,
  /\bthis version is available (?:at|from)\b|\bdeposited (?:in|on|at)\b/,
  /\bmade this article openly available\b/,
  /\bsee discussions, stats,? and author profiles\b|\ball content following this page was uploaded by\b/,
  /\baccess provided by\b/,
  /^(?:reuse|takedown|enquiries|usage rights)\s*:?$/m,
];

/** Distinct cover phrases a page needs (after stamps are left out) to be a cover sheet. */
export const COVER_PHRASES_NEEDED = 2;

/** Per page (its folded lines): how many cover phrases it shows on lines no other page read shows. */
export function coverPhraseCounts(pages: string[][]): number[] {
  const lineSets = pages.map((lines) => new Set(lines.map((l) => l.trim())));
  return pages.map((lines, i) => {
    const own = lines.map((l) => l.trim()).filter((l) => l && !lineSets.some((other, j) => j !== i && other.has(l)));
    return COVER_PHRASES.filter((re) => own.some((l) => re.test(l))).length;
  });
}

/**
 * What an article's first page has below its heading: an abstract, a summary, keywords, Elsevier's
 * "A R T I C L E  I N F O". A continuation page (and a title page without its abstract) has none
 * near its top. The line's index among the first FIRST_PAGE_MARKER_LINES lines, or -1.
 */
const FIRST_PAGE_MARKER =
  /^(?:abstract|summary|resume|resumen|zusammenfassung|keywords|key ?words|index terms|a ?b ?s ?t ?r ?a ?c ?t|article info|a r t i c l e i n f o)\b/;
const FIRST_PAGE_MARKER_LINES = 30;

export function firstPageMarker(folded: string[]): number {
  return folded.slice(0, FIRST_PAGE_MARKER_LINES).findIndex((l) => FIRST_PAGE_MARKER.test(l.trim()));
}

/**
 * The prominent groups of lines among the first `upTo` lines: each size set at least `scale` times
 * the body's, largest first, the lines of that size (±5%) joined. The article's own title is one
 * of them (a masthead's journal name or an "ORIGINAL ARTICLE" label may be another).
 */
export function headingGroups(lines: PageLine[], bodySize: number, upTo: number, scale: number): string[] {
  const head = lines.slice(0, upTo).filter((l) => l.size >= bodySize * scale);
  const sizes = [...new Set(head.map((l) => l.size))].sort((a, b) => b - a);
  const groups: string[] = [];
  const taken = new Set<number>();
  for (const size of sizes) {
    if (taken.has(size)) continue;
    const members = head.filter((l) => Math.abs(l.size - size) <= size * 0.05);
    for (const l of members) taken.add(l.size);
    groups.push(members.map((l) => l.text).join(" "));
  }
  return groups;
}

/** A numbered part right after a title: "…: Part 2", "…, Volume II". */
const NEXT_PART = /^[^\p{L}\p{N}]*(?:part|phase|volume|vol|chapter|stage|type|paper|section|no)\.?\s*(?:\d|[ivx]+\b)/u;

/**
 * The heading (folded) starts with the whole title (its words, folded, in order, nothing between
 * them but spaces and punctuation) and either ends there or goes on with a subtitle after a colon,
 * dash, full stop or question mark: a record that keeps only the main title ("FAO's Work in
 * Mountains") and the article's heading with its subtitle ("…: Building the Road to Recovery").
 * Another numbered part after it ("…: Part 2") is not this work.
 */
export function headedBy(foldedHeading: string, titleWords: string[]): boolean {
  if (!titleWords.length) return false;
  const escaped = titleWords.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const m = new RegExp(`^[^\\p{L}\\p{N}]*${escaped.join("[^\\p{L}\\p{N}]+")}(?![\\p{L}\\p{N}])`, "u").exec(foldedHeading);
  if (!m) return false;
  const rest = foldedHeading.slice(m[0].length);
  return /^\s*(?:$|[:;.?!–—-]|\()/.test(rest) && !NEXT_PART.test(rest);
}
