/**
 * What the job knows, set against the pages read (Known), and the evidence one page gives: the
 * identifier as its own (own-identifier.ts), corroborated by the title's words on the pages read,
 * or the title as its heading (title-heading.ts). Shared by verify.ts, which reads the pages in
 * order, and behind-cover.ts, which asks the same of the page behind a cover sheet. Pure.
 */
import { exemption, type Exemption } from "./page-kinds";
import type { Page } from "./pdf-page";
import { identifiersOf, ownIdentifier, type Identifier } from "./own-identifier";
import { fold } from "./text-fold";
import { titleHeading } from "./title-heading";
import { titleModel, type TitleModel } from "./title-words";
import type { Expectation, TextVerdict } from "./verdict";

/** Share of a long title's significant words the pages must show for an identifier to count. */
export const CORROBORATION_SHARE = 0.5;

/** What the job knows, as the pages are compared with it. */
export type Known = {
  ids: Identifier[];
  doi: string | null;
  usableTitle: TitleModel | null;
  withSubtitle: TitleModel | null;
  isExempt: Exemption;
  /** Every word on the pages read: the title's words an identifier needs beside it. */
  allWords: Set<string>;
};

export function knownFor(expect: Expectation, pages: Page[]): Known {
  const title = expect.title ? titleModel(expect.title) : null;
  const usableTitle = title && title.seq.length >= 2 ? title : null;
  // The title with its subtitle, when the metadata keeps one apart: "Pandemic programming" with
  // "How COVID-19 affects …" is printed as one heading, where the two words alone are no heading.
  const withSubtitle = expect.title && expect.subtitle?.trim() && !fold(expect.title).includes(fold(expect.subtitle)) ? titleModel(`${expect.title}: ${expect.subtitle}`) : null;
  return {
    ids: identifiersOf(expect),
    doi: expect.doi ? fold(expect.doi).trim() : null,
    usableTitle,
    withSubtitle,
    isExempt: exemption(title, expect.retracted),
    allWords: new Set(pages.flatMap((p) => p.tokens.map((x) => x.w))),
  };
}

type Evidence = { strong: TextVerdict | null; weakId: string | null; note: string | null };

/** The identifier or the title as the page's own (the part of it that may speak for the work). */
export function evidenceOn(own: Page, i: number, k: Known, inReferences: boolean): Evidence {
  let weakId: string | null = null;
  const hit = ownIdentifier(own, k.ids, inReferences, k.isExempt);
  if (hit) {
    const sig = k.usableTitle?.sig ?? [];
    const shown = sig.filter((w) => k.allWords.has(w)).length;
    if (sig.length < 3 || shown >= sig.length * CORROBORATION_SHARE) return { strong: { kind: "doi_on_page", detail: `${hit.label} ${hit.id} on page ${i + 1}` }, weakId: null, note: null };
    weakId = `${hit.label} ${hit.id} on page ${i + 1} but only ${shown}/${sig.length} title words`;
  }
  if (k.withSubtitle && titleHeading(own, k.withSubtitle, k.isExempt, inReferences).ok) return { strong: { kind: "title", detail: `the title and its subtitle as the heading on page ${i + 1}` }, weakId, note: null };
  if (k.usableTitle) {
    const heading = titleHeading(own, k.usableTitle, k.isExempt, inReferences);
    if (heading.ok) return { strong: { kind: "title", detail: `${heading.detail} on page ${i + 1}` }, weakId, note: null };
    return { strong: null, weakId, note: `page ${i + 1}: ${heading.detail}` };
  }
  return { strong: null, weakId, note: null };
}
