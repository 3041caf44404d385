/**
 * Answers of outside services shared across users for a time (table shared_answers): a DOI's
 * Crossref record, its open-access locations (Unpaywall, OpenAlex), a reference string's match.
 * Every job, reading list and export reads here first and asks the service only when the answer
 * is missing or stale; a DOI's Crossref record is dropped by the library watcher the day an update
 * notice names it, so a retraction is not hidden behind a stored record.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { schema, type Db } from "./client";

export type AnswerKind = (typeof schema.answerKinds)[number];

const DAY = 86_400_000;

/**
 * How long an answer is reused. Crossref metadata rarely changes once deposited (the watcher
 * drops a record an update notice names); open-access locations move weekly (Unpaywall's own
 * refresh); a reference's match follows Crossref's record. A "no record" answer is kept one day:
 * a DOI registered this morning is found tomorrow.
 */
export const FRESHNESS: Record<AnswerKind, { found: number; missing: number }> = {
  crossref_work: { found: 30 * DAY, missing: DAY },
  unpaywall: { found: 7 * DAY, missing: DAY },
  openalex_work: { found: 7 * DAY, missing: DAY },
  reference_match: { found: 30 * DAY, missing: DAY },
};

/** At most this many D1 bound values per statement (D1 allows 100). */
const CHUNK = 90;

export interface AnswerStore {
  /** The fresh answer (null: "no record"), or undefined when there is none or it is stale. */
  get(kind: AnswerKind, key: string, now: number): Promise<{ value: unknown } | undefined>;
  put(kind: AnswerKind, key: string, value: unknown, now: number): Promise<void>;
  /** Fresh answers for many keys at once (exports). */
  getMany(kind: AnswerKind, keys: readonly string[], now: number): Promise<Map<string, unknown>>;
  /** Drops the answers for these keys (a notice about them arrived). */
  forget(kind: AnswerKind, keys: readonly string[]): Promise<void>;
}

export function d1AnswerStore(db: Db): AnswerStore {
  const t = schema.sharedAnswers;
  return {
    async get(kind, key, now) {
      const row = await db
        .select({ body: t.body, expiresAt: t.expiresAt })
        .from(t)
        .where(and(eq(t.kind, kind), eq(t.key, key)))
        .get();
      if (!row || row.expiresAt.getTime() <= now) return undefined;
      return { value: row.body ?? null };
    },
    async put(kind, key, value, now) {
      const ttl = value === null ? FRESHNESS[kind].missing : FRESHNESS[kind].found;
      const row = { body: value === null ? null : value, fetchedAt: new Date(now), expiresAt: new Date(now + ttl) };
      await db
        .insert(t)
        .values({ kind, key, ...row })
        .onConflictDoUpdate({ target: [t.kind, t.key], set: row });
    },
    async getMany(kind, keys, now) {
      const out = new Map<string, unknown>();
      for (let i = 0; i < keys.length; i += CHUNK) {
        const rows = await db
          .select({ key: t.key, body: t.body, expiresAt: t.expiresAt })
          .from(t)
          .where(and(eq(t.kind, kind), inArray(t.key, keys.slice(i, i + CHUNK))));
        for (const r of rows) if (r.expiresAt.getTime() > now && r.body !== null) out.set(r.key, r.body);
      }
      return out;
    },
    async forget(kind, keys) {
      for (let i = 0; i < keys.length; i += CHUNK) await db.delete(t).where(and(eq(t.kind, kind), inArray(t.key, keys.slice(i, i + CHUNK))));
    },
  };
}

/**
 * The stored answer when fresh (checked against `shape`: a damaged row is asked again), else the
 * service's, stored for the next caller. A failure to read or write the store never fails the call.
 */
export async function sharedAnswer<T>(
  store: AnswerStore | null,
  kind: AnswerKind,
  key: string,
  shape: z.ZodType<T>,
  now: number,
  ask: () => Promise<T | null>,
  keep: (value: T) => unknown = (v) => v,
): Promise<{ value: T | null; stored: boolean }> {
  if (store) {
    const hit = await store.get(kind, key, now).catch(() => undefined);
    if (hit) {
      if (hit.value === null) return { value: null, stored: true };
      const parsed = shape.safeParse(hit.value);
      if (parsed.success) return { value: parsed.data, stored: true };
    }
  }
  const value = await ask();
  if (store) await store.put(kind, key, value === null ? null : keep(value), now).catch(() => undefined);
  return { value, stored: false };
}
