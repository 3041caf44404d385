/**
 * Exports (a library's, a reading list's) filled in from the Crossref records jobs already stored
 * in the shared answers (db/shared-answers.ts): authors, journal, year, volume, issue, pages,
 * publisher and type the downloads row never kept. Never asks Crossref: a DOI without a fresh
 * stored record is exported as it is.
 */
import { CrossrefWorkSchema, type CrossrefWork } from "../../../clients/crossref";
import type { Citation, CitationType } from "../../../lib/citations/entry";
import type { AnswerStore } from "../../../db/shared-answers";

const TYPES: Record<string, CitationType> = {
  "journal-article": "article",
  "posted-content": "article",
  book: "book",
  monograph: "book",
  "edited-book": "book",
  "book-chapter": "chapter",
  "book-section": "chapter",
  "proceedings-article": "conference",
  dissertation: "thesis",
  report: "report",
};

function authorName(a: CrossrefWork["authors"][number]): string {
  return a.family ? (a.given ? `${a.family}, ${a.given}` : a.family) : a.name;
}

/** `c` with what Crossref's record adds; nothing `c` already says is replaced. */
export function withCrossref(c: Citation, w: CrossrefWork): Citation {
  return {
    ...c,
    type: c.type === "article" || c.type === "other" ? (TYPES[w.type ?? ""] ?? c.type) : c.type,
    title: c.title ?? w.title,
    authors: c.authors.length ? c.authors : w.authors.map(authorName),
    year: c.year ?? (w.issuedYear ? String(w.issuedYear) : null),
    container: c.container ?? w.containerTitle,
    volume: c.volume ?? w.volume,
    issue: c.issue ?? w.issue,
    pages: c.pages ?? w.page,
    publisher: c.publisher ?? w.publisher,
  };
}

export async function enrichFromCrossref(answers: AnswerStore, citations: Citation[], now: number): Promise<Citation[]> {
  const dois = [...new Set(citations.flatMap((c) => (c.doi ? [c.doi.toLowerCase()] : [])))];
  if (!dois.length) return citations;
  const stored = await answers.getMany("crossref_work", dois, now).catch(() => new Map<string, unknown>());
  return citations.map((c) => {
    const raw = c.doi ? stored.get(c.doi.toLowerCase()) : undefined;
    const w = raw === undefined ? null : CrossrefWorkSchema.safeParse(raw);
    return w?.success ? withCrossref(c, w.data) : c;
  });
}
