/**
 * What proves that a reporter received a file: a receipt this server handed out, never a file key.
 * - `ticket`: the result's id (the result dialog). HMAC-signed, so it cannot be forged; its nonce is
 *   the `downloads` row of that showing. This is how a guest proves receipt: only the browser that
 *   started the download was given it.
 * - `download`: a row of the signed-in user's own library.
 * - `batch` + `position`: an entry of a reading list the caller owns (the user, or the guest whose
 *   cookie owns the list), shown `ok` with its file.
 * The row must be the caller's (a signed-in user's own, or a guest row for a guest) and `ok` with a
 * file: someone else's ticket, row or list answers the same "not received" as one that never existed.
 */
import { and, eq } from "drizzle-orm";
import type { FileReportInput } from "../../../contract/file-reports";
import { fileReportTexts } from "../../../contract/file-reports";
import { schema } from "../../../db/client";
import { DomainError, NotFoundError, ValidationError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import { ownedBatch, type Owner } from "../batch/service";
import { readTicket } from "../getpdf/ticket";
import type { Services } from "../../services";
import { hasArticleEntitlement } from "../../money/ledger";
import { fileReportMessages as m } from "./messages";

export type Receipt = { fileKey: string; downloadId: string; jobKey: string; doi: string | null };

export type ReceiptDeps = Pick<Services, "db" | "job" | "signingSecret">;
export type Reporter = { user: UserRow | null; batchOwner: Owner | null };

type DownloadRow = typeof schema.downloads.$inferSelect;

const notReceived = () => new NotFoundError(m.notReceived);

function isCallers(row: DownloadRow, user: UserRow | null): boolean {
  return user ? row.userId === user.id : row.userId === null;
}

const fromRow = (row: DownloadRow): Receipt => ({ fileKey: row.fileKey!, downloadId: row.id, jobKey: row.jobKey, doi: row.doi });

export async function receiptOf(deps: ReceiptDeps, who: Reporter, input: FileReportInput): Promise<Receipt> {
  if (input.ticket !== undefined) return fromTicket(deps, who.user, input.ticket);
  if (input.download !== undefined) {
    if (!who.user) throw new DomainError(m.libraryNeedsLogin, 401);
    const row = await deps.db.query.downloads.findFirst({ where: and(eq(schema.downloads.id, input.download), eq(schema.downloads.userId, who.user.id)) });
    if (!row || row.outcome !== "ok" || !row.fileKey) throw notReceived();
    return fromRow(row);
  }
  return fromBatchEntry(deps, who, input.batch!, input.position!);
}

async function fromTicket(deps: ReceiptDeps, user: UserRow | null, id: string): Promise<Receipt> {
  const ticket = await readTicket(deps.signingSecret, id);
  if (!ticket) throw new ValidationError({ ticket: [fileReportTexts.receiptInvalid] });
  const row = await deps.db.query.downloads.findFirst({ where: eq(schema.downloads.id, ticket.nonce) });
  if (row && isCallers(row, user) && row.outcome === "ok" && row.fileKey) return fromRow(row);
  // A signed-in user first shown `buy` who then paid got the file under the same ticket, whose row
  // still says buy: the entitlement for the job and the job's current file are the receipt.
  if (user && (!row || isCallers(row, user)) && !ticket.jobKey.startsWith("input:") && (await hasArticleEntitlement(deps.db, user.id, ticket.jobKey))) {
    const state = await deps.job(ticket.jobKey).read();
    if (state?.phase === "found" && state.file) return { fileKey: state.file.fileKey, downloadId: ticket.nonce, jobKey: ticket.jobKey, doi: state.meta.doi };
  }
  throw notReceived();
}

async function fromBatchEntry(deps: ReceiptDeps, who: Reporter, batchId: string, position: number): Promise<Receipt> {
  if (!who.batchOwner) throw notReceived();
  try {
    await ownedBatch(deps.db, batchId, who.batchOwner);
  } catch (err) {
    if (err instanceof NotFoundError) throw notReceived();
    throw err;
  }
  const be = schema.batchEntries;
  const entry = await deps.db.query.batchEntries.findFirst({ where: and(eq(be.batchId, batchId), eq(be.position, position)) });
  if (!entry || entry.status !== "ok" || !entry.fileKey || !entry.jobKey) throw notReceived();
  // A guest never holds a licensed copy (the list shows it as buy).
  if (!who.user && entry.access === "licensed") throw notReceived();
  const nonce = entry.ticket ? (await readTicket(deps.signingSecret, entry.ticket))?.nonce : null;
  return { fileKey: entry.fileKey, downloadId: nonce ?? `${batchId}:${position}`, jobKey: entry.jobKey, doi: entry.doi };
}
