/**
 * Whether two requests ask for the same edition of one document: the rule that makes one piece of work
 * of many spellings. Pure: each request is read into a signature (its ISBNs, DOI, standard number,
 * folded title, authors' surnames, edition) and two signatures are compared.
 *
 *   same ISBN (10 or 13, from any field or link) · same DOI · same standard number and version  → same
 *   different ISBNs, DOIs, standard numbers or versions, editions, or authors                    → different
 *   the same folded title (or the same title with its authors typed after it), editions and
 *   authors agreeing → same; one of them without an edition → same, marked for staff to confirm
 *   one title the start of the other, nothing else to go on                                      → maybe
 *
 * Staff see why each request is in its group and may split it off or join it to another.
 */
import type { RequestMeta } from "../../../contract/offline";
import { surnameOf, titleTokens } from "./citation-parts";
import { findStandard, standardBaseKey, type StandardNumber } from "./standard-number";

export type Signature = {
  isbns: readonly string[];
  doi: string | null;
  standard: StandardNumber | null;
  /** Folded title words, little words dropped. */
  title: readonly string[];
  /** Folded surnames. */
  authors: readonly string[];
  edition: number | null;
  /** A solution manual is never the book it solves. */
  solution: boolean;
};

export type Basis = "isbn" | "doi" | "standard" | "title" | "standard_no_year" | "title_no_edition";
export type Verdict = { kind: "same"; basis: Basis } | { kind: "maybe" } | { kind: "different" };

/** How sure each way of being the same is; a request joins the group it matches most surely. */
export const BASIS_STRENGTH: Record<Basis, number> = { isbn: 6, doi: 5, standard: 4, title: 3, standard_no_year: 2, title_no_edition: 1 };
/** Groupings staff should look at: the edition (or the standard's year) was not given on one side. */
export const WEAK_BASES: readonly Basis[] = ["title_no_edition", "standard_no_year"];

export function signatureOf(meta: Pick<RequestMeta, "isbns" | "doi" | "standard" | "title" | "authors" | "edition">, solution: boolean): Signature {
  return {
    isbns: meta.isbns,
    doi: meta.doi ? meta.doi.toLowerCase() : null,
    standard: findStandard(meta.standard),
    title: titleTokens(meta.title),
    authors: [...new Set(meta.authors.map(surnameOf).filter((s): s is string => s !== null))],
    edition: meta.edition,
    solution,
  };
}

/** How many title words make the lookup key: enough to be specific, few enough to survive an added subtitle. */
const TITLE_KEY_WORDS = 2;

/** The keys a request is stored under and looked up by (offline_request_keys). */
export function lookupKeys(sig: Signature): string[] {
  const keys = sig.isbns.map((i) => `isbn:${i}`);
  if (sig.doi) keys.push(`doi:${sig.doi}`);
  if (sig.standard) keys.push(standardBaseKey(sig.standard));
  if (sig.title.length) keys.push(`tp:${sig.title.slice(0, TITLE_KEY_WORDS).join(" ")}`);
  return [...new Set(keys)].map((k) => k.slice(0, 300));
}

const intersects = (a: readonly string[], b: readonly string[]) => a.some((x) => b.includes(x));

type TitleRelation = { kind: "equal" | "author_tail" | "prefix"; tail: readonly string[]; longer: "a" | "b" | null };

function titleRelation(a: Signature, b: Signature): TitleRelation | null {
  if (!a.title.length || !b.title.length) return null;
  const aLonger = a.title.length > b.title.length;
  const [short, long] = aLonger ? [b.title, a.title] : [a.title, b.title];
  if (!short.every((w, i) => w === long[i])) return null;
  if (short.length === long.length) return { kind: "equal", tail: [], longer: null };
  // A one-word title is the start of too many others.
  if (short.length < 2) return null;
  const tail = long.slice(short.length);
  // "Fundamentals of Physics Halliday Resnick" beside "Fundamentals of Physics" by Halliday: the
  // words after the shared title are its authors.
  const known = [...a.authors, ...b.authors];
  const kind = known.includes(tail[0]!) ? "author_tail" : "prefix";
  return { kind, tail, longer: aLonger ? "a" : "b" };
}

function byTitle(a: Signature, b: Signature): Verdict {
  const rel = titleRelation(a, b);
  if (!rel) return { kind: "different" };
  const authorsA = rel.kind === "author_tail" && rel.longer === "a" ? [...a.authors, ...rel.tail] : a.authors;
  const authorsB = rel.kind === "author_tail" && rel.longer === "b" ? [...b.authors, ...rel.tail] : b.authors;
  if (authorsA.length && authorsB.length && !intersects(authorsA, authorsB)) return { kind: "different" };
  const editionsDiffer = a.edition !== null && b.edition !== null && a.edition !== b.edition;
  if (editionsDiffer) return { kind: "different" };
  if (rel.kind === "prefix") return { kind: "maybe" };
  if (a.edition !== null && b.edition !== null) return { kind: "same", basis: "title" };
  if (a.edition === null && b.edition === null) return { kind: "same", basis: "title" };
  return { kind: "same", basis: "title_no_edition" };
}

export function compareEditions(a: Signature, b: Signature): Verdict {
  if (a.solution !== b.solution) return { kind: "different" };
  if (a.isbns.length && b.isbns.length) {
    if (intersects(a.isbns, b.isbns)) return { kind: "same", basis: "isbn" };
    // Two ISBNs of one edition (hardback, paperback, e-book) only when title and edition both say so.
    const t = byTitle(a, b);
    return t.kind === "same" && t.basis === "title" && a.edition !== null ? t : { kind: "different" };
  }
  if (a.doi && b.doi) return a.doi === b.doi ? { kind: "same", basis: "doi" } : { kind: "different" };
  if (a.standard && b.standard) {
    if (a.standard.org !== b.standard.org || a.standard.number !== b.standard.number) return { kind: "different" };
    if (a.standard.version && b.standard.version)
      return a.standard.version === b.standard.version ? { kind: "same", basis: "standard" } : { kind: "different" };
    return { kind: "same", basis: a.standard.version || b.standard.version ? "standard_no_year" : "standard" };
  }
  return byTitle(a, b);
}

/** Of the groups that could take a request, the one it joins: every member agrees, the surest match wins. */
export function chooseGroup<T extends { groupKey: string; createdAt: number; verdict: Verdict }>(
  candidates: readonly T[],
): { groupKey: string; basis: Basis } | null {
  const groups = new Map<string, T[]>();
  for (const c of candidates) groups.set(c.groupKey, [...(groups.get(c.groupKey) ?? []), c]);
  let best: { groupKey: string; basis: Basis; latest: number } | null = null;
  for (const [groupKey, members] of groups) {
    if (members.some((m) => m.verdict.kind === "different")) continue;
    let basis: Basis | null = null;
    for (const m of members)
      if (m.verdict.kind === "same" && (basis === null || BASIS_STRENGTH[m.verdict.basis] > BASIS_STRENGTH[basis])) basis = m.verdict.basis;
    if (basis === null) continue;
    const latest = Math.max(...members.map((m) => m.createdAt));
    if (!best || BASIS_STRENGTH[basis] > BASIS_STRENGTH[best.basis] || (BASIS_STRENGTH[basis] === BASIS_STRENGTH[best.basis] && latest > best.latest))
      best = { groupKey, basis, latest };
  }
  return best && { groupKey: best.groupKey, basis: best.basis };
}
