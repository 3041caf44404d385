/**
 * Whether what a user pasted names a book, and how: an ISBN (bare, labelled, in a shop's or
 * catalogue's link, or as an ISBN-A DOI: lib/identify.ts reads those), a catalogue link that names
 * the edition without its ISBN (an Open Library edition or work, a WorldCat OCLC number, a Goodreads
 * book, a Google Books volume), or a reference string that cites a book. Pure.
 */
import type { IdentifyResult } from "../../../contract/identify";
import { toIsbn13 } from "../../../lib/identify";
import { parseReference } from "../getpdf/match/reference-match";

export type BookLink =
  | { kind: "olid"; id: string }
  | { kind: "work"; id: string }
  | { kind: "oclc"; id: string }
  | { kind: "goodreads"; id: string; slugTitle: string | null }
  | { kind: "google"; id: string };

export type BookInput =
  | { kind: "isbn"; isbn: string; url: string | null }
  | { kind: "link"; link: BookLink; url: string }
  | { kind: "reference"; text: string };

const slugWords = (slug: string | undefined) =>
  slug
    ? slug
        .replace(/^[\d.-]+/, "")
        .replace(/[_-]+/g, " ")
        .trim() || null
    : null;

/** A catalogue link naming a book without its ISBN, or null. */
export function bookLinkOf(url: string): BookLink | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const host = u.hostname.toLowerCase().replace(/^www\./, "");
  const path = u.pathname;
  if (host === "openlibrary.org") {
    const ed = /^\/books\/(OL\d{1,10}M)(?:\/|$)/.exec(path);
    if (ed) return { kind: "olid", id: ed[1]! };
    const work = /^\/works\/(OL\d{1,10}W)(?:\/|$)/.exec(path);
    if (work) return { kind: "work", id: work[1]! };
  }
  if (host === "worldcat.org" || host.endsWith(".worldcat.org")) {
    const oclc = /\/(?:oclc|title(?:\/[^/]+)?)\/(\d{1,12})(?:\/|$)/.exec(path);
    if (oclc) return { kind: "oclc", id: oclc[1]! };
  }
  if (host === "goodreads.com") {
    const gr = /^\/(?:en\/)?book\/show\/(\d{1,12})(?:[.-]([^/?#]+))?/.exec(path);
    if (gr) return { kind: "goodreads", id: gr[1]!, slugTitle: slugWords(gr[2]) };
  }
  if (/^books\.google\.[a-z.]{2,6}$/.test(host) || host === "google.com") {
    const id = u.searchParams.get("id") ?? /^\/books\/edition\/[^/]*\/([\w-]{12})/.exec(path)?.[1];
    if (id && /^[\w-]{12}$/.test(id)) return { kind: "google", id };
  }
  return null;
}

/** Publishers and edition marks that tell a reference cites a book (beyond reference-match's own reading). */
const BOOK_MARKS =
  /\b(?:\d+(?:st|nd|rd|th)\s+ed(?:n|ition)?\.?|ed\.|edn\.?|edition|press|verlag|publishers?|publishing|books|prentice[- ]hall|pearson|wiley|springer|mcgraw[- ]hill|elsevier|academic press|addison[- ]wesley|o'reilly|routledge|sage|cengage|crc|taylor\s*&\s*francis|cambridge university|oxford university|mit press|princeton|harvard|yale|dover|norton|macmillan|palgrave|wadsworth|brooks\/cole|thomson|isbn)\b/i;

/** A reference that reads as a book: a book mark, no journal citation (volume/issue/pages), not a chapter "In:". */
export function readsAsBookReference(text: string): boolean {
  const ref = parseReference(text);
  if (ref.journalLike || ref.preprint) return false;
  return ref.bookLike || BOOK_MARKS.test(text);
}

/** The book a pasted input names, or null when it is not (recognisably) a book. */
export function bookInputOf(raw: string, identified: IdentifyResult): BookInput | null {
  if (identified.isbn) {
    // An ISBN-A (10.978.…/…) is a book's DOI made of its ISBN; any other DOI goes the article way
    // (a book or chapter DOI becomes a book there once Crossref says so).
    const isbnA = identified.kind === "doi" && /^10\.97[89]\./.test(identified.doi ?? "");
    const isbn = toIsbn13(identified.isbn);
    if (isbn && (identified.kind !== "doi" || isbnA)) return { kind: "isbn", isbn, url: identified.url };
  }
  if (identified.kind === "url" && identified.url) {
    const link = bookLinkOf(identified.url);
    if (link) return { kind: "link", link, url: identified.url };
  }
  if (identified.kind === "title" && readsAsBookReference(raw)) return { kind: "reference", text: raw.trim().slice(0, 1000) };
  return null;
}
