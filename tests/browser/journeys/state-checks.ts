/**
 * One check of a page state in the journeys of the "no dead end" suite: the journey's screenshot
 * and axe (journey.ts), then the two layout checks (layout-checks.ts) — no control covered by
 * another element, no Latin word or digit users would read beyond names written as they are.
 */
import type { Page } from "playwright-core";
import { assertNoCoveredControls, assertNoLatinText } from "../layout-checks";
import type { Journey } from "./journey";

/**
 * Names the product rightly writes in Latin letters: the databases and services it names, file
 * formats, the demo news (seeded), the fake upstream's journal and publisher. A test adds the
 * titles, authors and DOIs of the documents it shows.
 */
export const NAMES = [
  "DOI",
  "PDF",
  "ISBN",
  "Reaxys",
  "ASME",
  "API",
  "iThenticate",
  "Grammarly",
  "SciFinder",
  "Scopus",
  "Crossref",
  "Unpaywall",
  "OpenAlex",
  "arXiv",
  "PubMed",
  "PubMed Central",
  "DOAJ",
  "ProQuest",
  "BibTeX",
  "RIS",
  "CSL-JSON",
  "nbib",
  "Elsevier",
  "ScienceDirect",
  "Elsevier ScienceDirect",
  "CC BY",
  "ZIP",
];

export type StateOptions = {
  /** Titles, authors, file names the state shows as written. */
  allow?: string[];
  /** A page that is not the product's own (the development bank): screenshot and axe only. */
  layout?: boolean;
  axe?: boolean;
};

/**
 * Screenshot and axe (j.step), then no covered control and no stray Latin text. Toasts are left
 * out of the covered check: they close by themselves after 3 s, and a state is often taken while
 * one is showing.
 */
export async function checkState(j: Journey, page: Page, slug: string, opts: StateOptions = {}) {
  await j.step(page, slug, { axe: opts.axe });
  if (opts.layout === false) return;
  // Through the CSSOM: the production CSP refuses an injected <style>.
  await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>(".ui-toast-region")).forEach((el) => {
      el.style.setProperty("pointer-events", "none", "important");
    }),
  );
  try {
    await assertNoCoveredControls(page);
  } finally {
    await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>(".ui-toast-region")).forEach((el) => {
        el.style.removeProperty("pointer-events");
      }),
    );
  }
  await assertNoLatinText(page, [...NAMES, ...(opts.allow ?? [])]);
}

/**
 * The same checks at the top, a third, two thirds and the end of the page (a floating thing covers
 * what passes under it). Each position is taken from the page's height at that step: content that
 * arrives as the page is scrolled (the home tabs, fetched near the viewport) makes it longer, and
 * the end is then further down. The wait for a position scrolls there again while the page is
 * elsewhere: content growing above it moves the page (scroll anchoring keeps what is shown in
 * place), and a wait that only watched would never see the position it asked for.
 */
export async function checkWhileScrolling(j: Journey, page: Page, slug: string, opts: StateOptions = {}) {
  for (const [i, part] of [0, 1 / 3, 2 / 3, 1].entries()) {
    await page.waitForFunction((part) => {
      const end = document.documentElement.scrollHeight - window.innerHeight;
      const top = Math.round(end * part);
      if (Math.abs(window.scrollY - top) < 2) return true;
      window.scrollTo(0, top);
      return false;
    }, part);
    await checkState(j, page, `${slug}-scroll${i}`, { ...opts, axe: i === 0 ? opts.axe : false });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}
