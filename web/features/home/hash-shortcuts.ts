import { useEffect, useRef } from "react";
import { toLatinDigits } from "../../../lib/digits";

export type BookSource = "standard" | "solution" | "report";
export type HashShortcut = { type: number; bookSource?: BookSource };

/** The hash is cleared this long after a shortcut is applied (search spec §9). */
const HASH_CLEAR_MS = 1000;

const shortcuts: Record<string, HashShortcut> = {
  link: { type: 1 },
  article: { type: 2 },
  book: { type: 3 },
  standard: { type: 3, bookSource: "standard" },
  solution: { type: 3, bookSource: "solution" },
  report: { type: 3, bookSource: "report" },
  tez: { type: 4 },
  direct: { type: 6 },
  vip: { type: 7 },
};

/**
 * "#book", "book" or "/#book" → its shortcut, and the spec's written forms with the type's number:
 * "#article=2", "#book=3", "#report=3", "#tez=4", "#direct=6", "#vip=7" (Persian digits too). A
 * number that is not the shortcut's own type ("#article=7") names nothing; anything else → null.
 */
export function parseHashShortcut(hash: string): HashShortcut | null {
  const raw = hash
    .slice(hash.lastIndexOf("#") + 1)
    .trim()
    .toLowerCase();
  const m = /^([a-z]+)(?:=([0-9\u06F0-\u06F9]{1,2}))?$/.exec(raw);
  if (!m || !Object.hasOwn(shortcuts, m[1]!)) return null;
  const shortcut = shortcuts[m[1]!]!;
  if (m[2] !== undefined && Number(toLatinDigits(m[2])) !== shortcut.type) return null;
  return shortcut;
}

/**
 * The search type a page load on home starts with: the one its hash shortcut names, else type 1.
 * Read before the first render, so that panel (already requested by search-panel.tsx) is the first
 * one drawn instead of type 1's being drawn and replaced.
 */
export function initialSearchType(loc: { pathname: string; hash: string } | undefined = typeof window !== "undefined" ? window.location : undefined): number {
  if (!loc || loc.pathname !== "/") return 1;
  return parseHashShortcut(loc.hash)?.type ?? 1;
}

/**
 * The book source a #standard, #solution or #report shortcut preselects. The hash stays in the
 * address for a second so the book search panel can read it when it mounts.
 */
export function bookSourceFromHash(hash: string = typeof window !== "undefined" ? window.location.hash : ""): BookSource | null {
  return parseHashShortcut(hash)?.bookSource ?? null;
}

/**
 * Applies home hash shortcuts (search spec §2): #link, #article, #book, #standard, #solution,
 * #report, #tez, #direct, #vip choose the search type, then the hash is cleared after 1 s.
 * A shortcut to a type that is not offered (e.g. #vip for university users) is ignored.
 */
export function useHashShortcuts({
  hash,
  availableTypes,
  setType,
  clearHash,
}: {
  hash: string;
  availableTypes: number[];
  setType(type: number): void;
  clearHash(): void;
}) {
  // Callbacks change identity each render; the effect only reacts to the hash.
  const latest = useRef({ availableTypes, setType, clearHash });
  latest.current = { availableTypes, setType, clearHash };

  useEffect(() => {
    const shortcut = parseHashShortcut(hash);
    if (!shortcut) return;
    if (latest.current.availableTypes.includes(shortcut.type)) latest.current.setType(shortcut.type);
    const timer = setTimeout(() => latest.current.clearHash(), HASH_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [hash]);
}
