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
      ["arXiv", expect.arxiv?.replace(/v\d+$/i, ""), true],
      ["PMCID", expect.pmcid, false],
    ] as [string, string | null | undefined, boolean][]
  ).filter((x): x is Identifier => !!x[1] && fold(x[1]).replace(/[^\p{L}\p{N}]/gu, "").length >= 6);
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

/** Any DOI as printed (folded text); trailing punctuation is trimmed by the caller. */
const ANY_DOI = /(?<![\p{L}\p{N}./])10\.\d{4,9}\/[^\s"'<>]+/gu;
/** A line whose DOI is not the page's own: data, code, funding, a preprint's. */
const NOT_OWN_DOI_LINE = /\b(?:data|dataset|datasets|supplementa\w*|software|code|zenodo|dryad|figshare|pangaea|funding|funded|funder|grant|award|preprint)\b/;

/** A DOI the page prints as its own that is not the work's (nor a longer one of it, a supplement's): not cited, not a data or funding line. */
export function foreignDoi(page: Page, ours: string, inReferences: boolean, isExempt: Exemption): string | null {
  const refsFrom = referencesFrom(page, inReferences);
  for (const m of page.joined.matchAll(ANY_DOI)) {
    const doi = m[0].replace(/[.,;:)\]]+$/, "");
    // A DOI broken at a line's end reads as its first part.
    if (doi.startsWith(ours) || ours.startsWith(doi)) continue;
    const line = lineAt(page, m.index);
    if (referenceLine(page, line, refsFrom) || NOT_OWN_DOI_LINE.test(page.folded[line]!) || citedAt(page, m.index, isExempt)) continue;
    return doi;
  }
  return null;
}
