/**
 * Offline requests for every `offline` row of a batch in one go, through the offline feature's own
 * registerRequest: one offline article credit and one ledger entry per request, and a document the
 * user already has an open request for is answered by that request (its duplicate check, and the
 * open-request unique index when two submissions race), so submitting twice never charges twice.
 */
import type { BatchOfflineQuote, BatchOfflineResult } from "../../../contract/batch";
import { DomainError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import type { OfflineDeps } from "../offline/service";
import { registerRequest } from "../offline/service";
import { findOpenDuplicateFor } from "./offline-queries";
import { batchEntries } from "./service";

type EntryRow = Awaited<ReturnType<typeof batchEntries>>[number];

/** What the offline desk is asked for: the DOI's link when one is known, else the reference as written. */
function requestFor(e: EntryRow): { url: string; doi?: string } {
  if (e.doi) return { url: `https://doi.org/${e.doi}`, doi: e.doi };
  return { url: e.lookup.slice(0, 2000) };
}

async function pending(deps: OfflineDeps, user: UserRow, batchId: string) {
  const rows = (await batchEntries(deps.db, batchId)).filter((e) => e.status === "offline");
  const out: { entry: EntryRow; existing: string | null }[] = [];
  for (const entry of rows) out.push({ entry, existing: await findOpenDuplicateFor(deps.db, user.id, requestFor(entry)) });
  return out;
}

export async function quoteOffline(deps: OfflineDeps, user: UserRow, batchId: string): Promise<BatchOfflineQuote> {
  const rows = await pending(deps, user, batchId);
  const count = rows.filter((r) => !r.existing).length;
  const available = user.offlineArticleCredit;
  return { count, credits_needed: count, credits_available: available, shortfall: Math.max(0, count - available) };
}

export async function requestOffline(deps: OfflineDeps, user: UserRow, batchId: string): Promise<BatchOfflineResult> {
  const rows = await pending(deps, user, batchId);
  const todo = rows.filter((r) => !r.existing);
  if (todo.length > user.offlineArticleCredit) throw new DomainError(`برای ${todo.length.toLocaleString("fa-IR")} درخواست آفلاین، ${todo.length.toLocaleString("fa-IR")} اعتبار مقالهٔ آفلاین لازم است و ${user.offlineArticleCredit.toLocaleString("fa-IR")} اعتبار دارید. ابتدا بستهٔ اعتبار بخرید.`, 200, { code: "offline_credit_insufficient" });
  const ids: string[] = [];
  let requested = 0;
  for (const { entry } of todo) {
    const r = await registerRequest(deps, user, requestFor(entry), "article");
    ids.push(r.id);
    if (!r.duplicate) requested++;
  }
  return { status: "ok", requested, already: rows.length - requested, ids };
}
