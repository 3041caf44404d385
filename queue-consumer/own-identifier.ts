/**
 * The identifier (DOI, arXiv id, PMCID) where a page prints it as its own: whole at both ends,
 * however the line breaks or hyphenates it, and not in a reference list or after words that cite
 * it (page-kinds.ts). Also its mirror for the cover-sheet check: another DOI the page prints as
 * its own. Pure.
 */
import { lineAt, type Page } from "./pdf-page";
import { citedAt, referenceLine, referencesFrom, type Exemption } from "./page-kinds";
import { fold } from "./text-fold";
import type { Expectation } from "./verdict";

/** An identifier to look for: its label for the verdict's detail, its text, and whether a version suffix (arXiv's "v2") may follow. */
export type Identifier = [label: string, id: string, versioned: boolean];

/** The job's identifiers worth looking for (an arXiv id without its version); one of under 6 letters and digits would match by chance. */
export function identifiersOf(expect: Expectation): Identifier[] {
  return (
    [
      ["DOI", expect.doi, false],
      ["arXiv", arxivOf(expect)?.replace(/v\d+$/i, ""), true],
      ["PMCID", expect.pmcid, false],
    ] as [string, string | null | undefined, boolean][]
  ).filter((x): x is Identifier => !!x[1] && fold(x[1]).replace(/[^\p{L}\p{N}]/gu, "").length >= 6);
}

/** arXiv's own DOI (10.48550/arXiv.<id>) names the arXiv id: a preprint prints the id in its stamp, not the DOI. */
const ARXIV_DOI = /^10\.48550\/arxiv\.(.+)$/i;

/** The arXiv id the job fetched by, or the one its DOI names. */
export function arxivOf(expect: Expectation): string | null {
  return expect.arxiv || ARXIV_DOI.exec(expect.doi?.trim() ?? "")?.[1] || null;
}

/** Characters that continue a DOI: a page showing ours followed by one of these shows a longer one. */
const DOI_TAIL = /^[-._;:()/]?[\p{L}\p{N}]/u;

/**
 * The identifier as printed: whitespace (a line break) may fall between its characters, and a line
 * may end in a typesetter's hyphen inside it ("…12-" / "4012"); it must be whole at both ends.
 */
function idPattern(id: string, versioned: boolean): RegExp {
  const chars = [...fold(id).replace(/\s+/g, "")].map((ch) => ch.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"));
  return new RegExp(`(?<![\\p{L}\\p{N}.])${chars.join("(?:-[ \\t]*\\n\\s*|\\s*)")}${versioned ? "(?:v\\d+)?" : ""}`, "gu");
}

/** Our identifier where the page prints it as its own: not a reference, not cited by a notice. */
export function ownIdentifier(page: Page, ids: Identifier[], inReferences: boolean, isExempt: Exemption): { label: string; id: string } | null {
  const text = page.joined;
  const refsFrom = referencesFrom(page, inReferences);
  for (const [label, id, versioned] of ids) {
    for (const m of text.matchAll(idPattern(id, versioned))) {
      const end = m.index + m[0].length;
      if (DOI_TAIL.test(text.slice(end, end + 2))) continue;
      if (referenceLine(page, lineAt(page, m.index), refsFrom) || citedAt(page, m.index, isExempt)) continue;
      return { label, id };
    }
  }
  return null;
}

/** Any DOI as printed (folded text); trailing punctuation is trimmed by the caller. After a "/" only as a resolver's link (doi.org/10.…, …/doi/10.…). */
const ANY_DOI = /(?<![\p{L}\p{N}.])10\.\s?\d{4,9}\s?\/[^\s"'<>]+/gu;
const DOI_LINK_BEFORE = /(?:doi\.org|\/doi(?:\/(?:abs|full|pdf|epdf))?)\/$/;
/** A line whose DOI is not the page's own: data, code, funding (a grant's number; "Grant DS" is an author), a preprint's, a protocol's. */
const NOT_OWN_DOI_LINE =
  /\b(?:data|dataset|datasets|supplementa\w*|software|code|zenodo|dryad|figshare|pangaea|funding|funded|funder|grants?\s+(?:no|number|agreement|#|\d)|awards?\s+(?:no|number|#|\d)|preprint|protocol|registration|registered|preregist\w*|companion|accompanying)\b/;

/** A DOI the page prints as its own that is not the work's (nor a longer one of it, a supplement's; any DOI when the work's is not known): not cited, not a data or funding line. */
export function foreignDoi(page: Page, ours: string | null, inReferences: boolean, isExempt: Exemption): string | null {
  const refsFrom = referencesFrom(page, inReferences);
  for (const m of page.joined.matchAll(ANY_DOI)) {
    const before = page.joined.slice(Math.max(0, m.index - 12), m.index);
    if (before.endsWith("/") && !DOI_LINK_BEFORE.test(before)) continue;
    // Broken at a line's end after "10." or at its slash ("doi:10." / "1371/…"), it is read whole.
    const doi = m[0].replace(/\s+/g, "").replace(/[.,;:)\]]+$/, "");
    // A DOI broken at a line's end inside its suffix reads as its first part.
    if (ours && (doi.startsWith(ours) || ours.startsWith(doi))) continue;
    const line = lineAt(page, m.index);
    if (referenceLine(page, line, refsFrom) || NOT_OWN_DOI_LINE.test(page.folded[line]!) || citedAt(page, m.index, isExempt)) continue;
    return doi;
  }
  return null;
}

/** arXiv's stamp in a preprint's margin: "arXiv:1512.03385v1 [cs.CV] 10 Dec 2015", "arXiv:hep-th/9802150v2 20 Feb 1998". */
const ARXIV_STAMP = /arxiv:\s*((?:\d{4}\.\d{4,5})|(?:[a-z-]+(?:\.[a-z]{2})?\/\d{7}))(?:v\d+)?/g;

/**
 * The id of an arXiv stamp the page carries when it is not ours: a stamp names the preprint it is
 * printed on. A stamp is set turned in the margin (its line has no upright size) or stands alone
 * on its line with its date; an arXiv id cited in the text or the references is neither.
 */
export function foreignArxivStamp(page: Page, ours: string): string | null {
  const id = fold(ours).replace(/v\d+$/, "");
  for (const m of page.joined.matchAll(ARXIV_STAMP)) {
    const line = lineAt(page, m.index);
    const stamp = page.lines[line]!.size === 0 || /^\s*arxiv:\S+(?:\s*\[[^\]]+\])?\s*\d{1,2}\s+\p{L}{3,9}\.?\s+\d{4}\s*$/u.test(page.folded[line]!);
    if (stamp && m[1] !== id) return m[1]!;
  }
  return null;
}
