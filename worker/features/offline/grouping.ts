/**
 * One document, one piece of work: which group a new request joins (same-edition.ts decides, over the
 * requests that share one of its lookup keys), the members of a group, and the requests that may be
 * the same document without having been grouped (shown to staff with "same as").
 *
 * A request's group is `group_key`; rows registered before groups existed have none and group by
 * their `doc_key`, so the group of a row is always `coalesce(group_key, doc_key)` (groupKeyOf).
 * A group is of one kind: an article request is never the book of the same title (its price is one
 * offline credit, the book's is staff's), so requests of another kind never join, lend or share.
 */
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { RequestMeta } from "../../../contract/offline";
import { schema, type Db } from "../../../db/client";
import { citationParts, isbnsIn } from "./citation-parts";
import { looksLikeSolutionManual } from "./content-type";
import type { OfflineRow } from "./queries";
import { chooseGroup, compareEditions, lookupKeys, signatureOf, type Basis, type Signature, type Verdict } from "./same-edition";

const r = schema.offlineRequests;
const k = schema.offlineRequestKeys;

/** How many earlier requests a new one is compared with (most recent first). */
const CANDIDATES = 60;

export const groupKeyOf = (row: Pick<OfflineRow, "groupKey" | "docKey">) => row.groupKey ?? row.docKey;
/** The key of a group a request starts. */
export const ownGroupKey = (requestId: string) => `g:${requestId}`;

/** Rows of one group (by its key, old rows by their document key). */
export function inGroup(groupKey: string): SQL {
  return or(eq(r.groupKey, groupKey), and(isNull(r.groupKey), eq(r.docKey, groupKey)))!;
}

type GroupedRow = Pick<OfflineRow, "groupKey" | "docKey" | "kind">;

/** The rows of `row`'s group: its key and its kind (an old document key may be shared across kinds). */
export function groupOf(row: GroupedRow): SQL {
  return and(inGroup(groupKeyOf(row)), eq(r.kind, row.kind))!;
}

/** Whether two requests are one piece of work. */
export const sameGroup = (a: GroupedRow, b: GroupedRow) => a.kind === b.kind && groupKeyOf(a) === groupKeyOf(b);

/** What a stored request says about its document: the resolved record, or (rows from before it) its own text. */
export function metaOf(row: Pick<OfflineRow, "meta" | "url" | "doi" | "code" | "title" | "docKey">): RequestMeta {
  const parsed = RequestMeta.safeParse(row.meta);
  if (parsed.success) return parsed.data;
  const typed = citationParts(/^https?:\/\//i.test(row.url) ? null : row.url);
  return {
    title: row.title ?? typed.title,
    authors: typed.authors,
    edition: typed.edition,
    year: typed.year,
    publisher: typed.publisher,
    cover: null,
    isbns: [...new Set([...isbnsIn(row.url), ...isbnsIn(row.code), ...(row.docKey.startsWith("isbn:") ? [row.docKey.slice(5)] : [])])],
    doi: row.doi,
    standard: row.code,
    source: null,
  };
}

export function signatureOfRow(row: OfflineRow): Signature {
  return signatureOf(metaOf(row), row.isSolution || looksLikeSolutionManual(row.url, row.title));
}

/** Requests of `kind` sharing one of `keys` (or, rows from before the keys table, the document key or folded title). */
async function candidates(
  db: Db,
  kind: OfflineRow["kind"],
  keys: readonly string[],
  legacy: { docKey: string; titleKey: string | null },
): Promise<OfflineRow[]> {
  if (!keys.length && !legacy.titleKey) return [];
  const byKey = keys.length
    ? inArray(
        r.id,
        db
          .select({ id: k.requestId })
          .from(k)
          .where(inArray(k.key, [...keys])),
      )
    : undefined;
  const byDoc = and(isNull(r.groupKey), eq(r.docKey, legacy.docKey));
  const byTitle = legacy.titleKey ? and(isNull(r.groupKey), eq(r.titleKey, legacy.titleKey)) : undefined;
  return db
    .select()
    .from(r)
    .where(and(or(byKey, byDoc, byTitle), eq(r.kind, kind), sql`${r.status} <> 'cancelled'`))
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(CANDIDATES);
}

export type Placement = { groupKey: string | null; basis: Basis | null; keys: string[] };

/** The group of its kind a new request joins (null: it starts its own) and the keys it is stored under. */
export async function placeRequest(db: Db, kind: OfflineRow["kind"], sig: Signature, legacy: { docKey: string; titleKey: string | null }): Promise<Placement> {
  const keys = lookupKeys(sig);
  const found = await candidates(db, kind, keys, legacy);
  const judged = found.map((row) => ({ groupKey: groupKeyOf(row), createdAt: row.createdAt.getTime(), verdict: compareEditions(sig, signatureOfRow(row)) }));
  const chosen = chooseGroup(judged);
  return { groupKey: chosen?.groupKey ?? null, basis: chosen?.basis ?? null, keys: [...new Set([...keys, legacy.docKey])] };
}

/** The rows of the keys table for one request, in its registration batch. */
export function keyStatements(db: Db, requestId: string, keys: readonly string[]) {
  return keys.length
    ? [
        db
          .insert(k)
          .values(keys.map((key) => ({ key: key.slice(0, 300), requestId })))
          .onConflictDoNothing(),
      ]
    : [];
}

/** Requests that may be the same document but are in another group, with how sure that is. */
export async function suggestionsFor(db: Db, row: OfflineRow): Promise<{ row: OfflineRow; verdict: Verdict }[]> {
  const sig = signatureOfRow(row);
  const found = await candidates(db, row.kind, lookupKeys(sig), { docKey: row.docKey, titleKey: row.titleKey });
  const seen = new Set<string>();
  const out: { row: OfflineRow; verdict: Verdict }[] = [];
  for (const other of found) {
    const key = groupKeyOf(other);
    if (other.id === row.id || sameGroup(other, row) || seen.has(key)) continue;
    const verdict = compareEditions(sig, signatureOfRow(other));
    if (verdict.kind === "different") continue;
    // One per group: staff join the group, not a member.
    seen.add(key);
    out.push({ row: other, verdict });
  }
  return out.slice(0, 5);
}
