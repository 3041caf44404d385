/**
 * What the fake open collections (OAPEN, Gutendex/Gutenberg, NTRS, OSTI, Datatracker/RFC Editor)
 * share: synthetic records numbered from the query, and the markers a search carries.
 *
 *   fake:empty          no results
 *   fake:500|429|slow|malformed   every source fails that way
 *   fake:down-<source>  only that source answers 503 (oapen, gutendex, ntrs, osti, datatracker)
 *
 * Synthetic records are numbered n = base + i, base taken from the query (stable per query). Their
 * title is a function of n alone, so the record looked up by id later is the same one. By n % 10:
 * 9 -> the file is ANOTHER work's (it must not be served), 8 -> the file host answers 503.
 */
import type { FakeResponse } from "../types";
import { failModeOfText, failResponse, isEmptyMarker, json } from "./_shared";

export const SYNTHETIC_PER_QUERY = 14;

const TOPICS = [
  "Renewable Energy Systems",
  "Applied Linear Algebra",
  "Machine Learning in Practice",
  "Water Resources Management",
  "Climate and Society",
  "Introduction to Control Theory",
  "Materials Under Stress",
  "Public Health Data",
  "Urban Mobility",
  "Signal Processing Foundations",
];
const FORMS = ["an open handbook", "lecture notes", "a reader", "methods and cases", "principles and practice"];

export function syntheticTitle(n: number): string {
  return `${TOPICS[n % TOPICS.length]}: ${FORMS[Math.floor(n / 10) % FORMS.length]} ${n}`;
}

export function syntheticAuthors(n: number): string[] {
  const family = ["Ahmadi", "Rossi", "Nakamura", "Okafor", "Lindqvist", "Moreau", "Kowalski", "Haddad"];
  return [`${family[n % family.length]}, Sara`, `${family[(n + 3) % family.length]}, Daniel`];
}

/** The other work a mixed-up file holds. */
export const OTHER_WORK = { title: "Hydrodynamics of Estuaries and Tidal Rivers", authors: ["Wrong, Walter"], publisher: "Another Press" };

export type FileScenario = "ok" | "other" | "down";
export function fileScenario(n: number): FileScenario {
  return n % 10 === 9 ? "other" : n % 10 === 8 ? "down" : "ok";
}

function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The first synthetic number for a query, in [min, min + 20,000). */
export function syntheticBase(query: string, min: number): number {
  return min + (hash(query.trim().toLowerCase()) % 1000) * 20;
}

/** A failure a search's markers ask of this source, or null. */
export function searchFailure(query: string, source: string): FakeResponse | null {
  const mode = failModeOfText(query);
  if (mode) return failResponse(mode);
  if (new RegExp(`fake:down-${source}\\b`).test(query)) return json(503, { message: `${source} is down for maintenance` });
  return null;
}

export const searchIsEmpty = (query: string) => isEmptyMarker(query);

export const FILE_DOWN: FakeResponse = { status: 503, headers: { "content-type": "text/html" }, body: "<!doctype html><title>503 Service Unavailable</title>" };
