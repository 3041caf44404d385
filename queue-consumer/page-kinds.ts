/**
 * Where a page does not speak for the work it shows: a notice or comment about it (its heading
 * says "Comment on", "Erratum", "Retraction", …), a table of contents, a reference list, words
 * that cite what follows ("the original article"). The identifier and the title count only
 * outside these (own-identifier.ts, title-heading.ts), unless the work asked for is itself such
 * a notice, or a retracted work's own copy carries its stamp. Pure.
 */
import { HEADING_SCALE, preparePage, type Page } from "./pdf-page";
import { words } from "./text-fold";
import type { TitleModel } from "./title-words";

/** A heading that announces a document about another one. */
const NOTICE_HEADING =
  /^(?:retraction(?: note| notice)?|notice of (?:retraction|concern|correction|withdrawal)|retracted(?: article)?|partial retraction|erratum|errata|corrigend(?:um|a)|correction|expression of concern|editorial expression of concern|withdrawal(?: note| notice)?|withdrawn|comments? on|commentary on|reply|response to|authors?'? (?:reply|response)|rejoinder|addendum|discussion of|closure to)\b/;

/** Just before an identifier: another document citing it. */
const CITING =
  /(the original (?:article|paper|publication|version|work|report|study)|originally published|comments? on|commentary on|reply to|in reply|response to|in response|erratum|errata|corrigendum|correction (?:to|of|for|notice)|\bcorrects?\b|retraction|\bretracts?\b|retracted|withdrawn|withdrawal|expression of concern|addendum to|(?:the|in the) (?:article|paper) (?:by|titled|entitled)|related article|linked article|refers to|discussion of)[^\n]*\n?[^\n]*$/;

const REFERENCES_HEADING =
  /^(?:\d+\.?\s*)?(?:references?(?: and notes| cited| list)?|notes and references|notes|endnotes|bibliography|literature(?: cited)?|works cited|cited literature|sources|further reading|literatur(?:verzeichnis)?|references bibliographiques|referencias(?: bibliograficas)?|referencias|bibliografia|bibliographie|referenze|literatura)\s*:?$/;
const NUMBERED_REFERENCE = /^\s*(?:\[\d{1,3}\]|\(\d{1,3}\)|\d{1,3}\.)\s+\S/;
/** A listing's heading: the whole line ("Contents lists available at ScienceDirect" is an Elsevier article's masthead). */
const TOC_HEADING = /^(?:table of )?contents$|^in this issue$|[,:|]\s*(?:table of )?contents$/;
/** A listing's line: dot leaders to a page number, or words ending in a bare page number. */
const TOC_LEADER = /(?:\.\s?){3,}\s*\d{1,6}$|…\s*\d{1,6}$/;
const TOC_NUMBERED = /\p{L}[^.!?]*\s\d{1,6}$/u;

/**
 * Why a marker does not frame the page: "title" when its words are in the title asked for (a
 * notice asked for by its own DOI, "Atmospheric correction of …"), "stamp" when the work is
 * retracted or withdrawn and the marker is the stamp its own copy carries ("RETRACTED:",
 * "WITHDRAWN"); null when it frames the page.
 */
export type Exemption = (marker: string) => "title" | "stamp" | null;

export function exemption(title: TitleModel | null, retracted: boolean | undefined): Exemption {
  const own = ` ${title?.all.join(" ") ?? ""} `;
  return (marker) => {
    const m = words(marker).join(" ");
    if (m && own.includes(` ${m} `)) return "title";
    return retracted && /^(?:retracted|withdrawn)\b/.test(m) ? "stamp" : null;
  };
}

/** The page announces a notice, comment or reply (about this work): its heading says so. */
export function noticePage(page: Page, isExempt: Exemption): string | null {
  const heading = new Set<number>();
  let seen = 0;
  for (let i = 0; i < page.lines.length && seen < 3; i++) {
    if (/\p{L}/u.test(page.folded[i]!)) {
      heading.add(i);
      seen++;
    }
  }
  if (page.maxSize > page.bodySize * HEADING_SCALE) {
    for (const [i, l] of page.lines.entries()) if (l.size >= page.maxSize * 0.95) heading.add(i);
  }
  for (const i of heading) {
    const m = NOTICE_HEADING.exec(page.folded[i]!.replace(/^[^\p{L}]+/u, ""));
    if (m && !isExempt(m[0])) return m[0];
  }
  return null;
}

/** Where a listing starts on the page (its heading, or its first run of entries), or -1 when the page is no listing. */
function listingStart(page: Page): number {
  const heading = page.folded.slice(0, 10).findIndex((l) => TOC_HEADING.test(l.trim()));
  if (heading >= 0) return heading;
  const leaders = page.folded.flatMap((l, i) => (TOC_LEADER.test(l) ? [i] : []));
  if (leaders.length >= 3) return leaders[0]!;
  const numbered = page.folded.flatMap((l, i) => (TOC_NUMBERED.test(l) ? [i] : []));
  if (numbered.length < 5 || numbered.length < page.folded.length * 0.3) return -1;
  // The first entry of a run (3 of 5 lines entries), not a masthead's "Vol 4 No 13" above it.
  return numbered.find((i) => numbered.filter((j) => j >= i && j < i + 5).length >= 3) ?? numbered[0]!;
}

/**
 * A book's list of other titles: "Also by …", "Titles in this series", "Other books by …". The
 * titles listed there are other works (or this one among them); they never head the page.
 */
const TITLE_LIST_HEADING =
  /^(?:also by\b|also from\b|by the same authors?\b|from the same authors?\b|other (?:books|titles|works|volumes) (?:by|in|from|of)\b|(?:books|titles|volumes) (?:in|of) (?:this|the) series\b|(?:also )?(?:available|published) in (?:this|the) series\b|in the same series\b|in this series\b|recent titles\b|forthcoming titles\b|related titles\b|other titles\b)/;

/** The work's own abstract: above a contents list, it makes the page an article's first page that lists its sections. */
const OWN_MATTER = /^(?:abstract|summary|resume|resumen|zusammenfassung)\b/;

/**
 * The part of the page that may speak for the work: all of it, or, on an article's first page
 * that lists its own sections below its abstract (a long paper's or report's), what stands above
 * the list; null for a listing (an issue's or a book's table of contents, a book's list of other
 * titles with nothing above it).
 */
export function ownPart(page: Page): Page | null {
  // A book's list of titles: what stands above its heading (a half-title) is the page's own.
  const titles = page.folded.slice(0, 12).findIndex((l) => TITLE_LIST_HEADING.test(l.trim()));
  if (titles >= 0) return page.folded.slice(0, titles).some((l) => /\p{L}/u.test(l)) ? preparePage(page.lines.slice(0, titles)) : null;
  const start = listingStart(page);
  if (start < 0) return page;
  return page.folded.slice(0, start).some((l) => OWN_MATTER.test(l.trim())) ? preparePage(page.lines.slice(0, start)) : null;
}

/** The page has a reference list's heading: the pages after it are in the list. */
export function hasReferencesHeading(page: Page): boolean {
  return page.folded.some((l) => REFERENCES_HEADING.test(l.trim()));
}

/** The first line of the page's reference list (0 when the list began on an earlier page), or Infinity. */
export function referencesFrom(page: Page, inReferences: boolean): number {
  if (inReferences) return 0;
  const i = page.folded.findIndex((l) => REFERENCES_HEADING.test(l.trim()));
  return i < 0 ? Infinity : i;
}

/** The line is a reference: in the list that starts at refsFrom (referencesFrom), or a numbered reference line. */
export function referenceLine(page: Page, line: number, refsFrom: number): boolean {
  return line >= refsFrom || NUMBERED_REFERENCE.test(page.folded[line]!);
}

/** The words just before this offset of the page's joined text cite what follows (another document about it). */
export function citedAt(page: Page, offset: number, isExempt: Exemption): boolean {
  const citing = CITING.exec(page.joined.slice(Math.max(0, offset - 160), offset));
  return !!citing && !isExempt(citing[1]!);
}
