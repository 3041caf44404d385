/**
 * POST /upload/ithenticate_grammarly_contract: a document for a plagiarism, grammar or AI check.
 * The bytes decide what it is (worker/features/vip/sniff.ts), the name's extension must agree, and
 * only then is anything stored: the object in R2 under a random key with a document content type
 * (served back only as an attachment through user-bound signed links), and its rows in one D1 batch.
 * A file goes to the user's oldest paid order waiting for one; a university user whose contract
 * covers the service gets an order counted against the contract's monthly quota instead.
 */
import { and, asc, eq } from "drizzle-orm";
import { ACCEPTED, MAX_UPLOAD_BYTES, vipTexts, type DocumentKind, type UploadKind } from "../../../contract/vip";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { randomToken } from "../../lib/crypto";
import { DomainError, ValidationError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import { consumeQuotaStatements, denialMessage, isQuotaExceeded, QuotaExhaustedError, universityAccess } from "../institutions/access";
import { assertStatement } from "../wallet/ledger";
import { vipMessages as m } from "./messages";
import { CONTENT_TYPES, examineDocument, extensionKind, type ByteSource } from "./sniff";

const fail = (message: string): never => {
  throw new ValidationError({ file: [message] });
};

/** The checked kind of an upload for a service, or a Persian 422 on `file`. */
async function checkDocument(type: UploadKind, file: ByteSource & { name: string }): Promise<DocumentKind> {
  if (file.size <= 0) fail(vipTexts.fileEmpty);
  if (file.size > MAX_UPLOAD_BYTES) fail(vipTexts.fileTooLarge);
  const accepted = ACCEPTED[type];
  const formats = type === "grammarly" ? vipTexts.grammarFormats : vipTexts.plagiarismFormats;
  const claimed = extensionKind(file.name);
  if (!claimed || !accepted.includes(claimed)) fail(formats);
  const { kind: actual, damaged } = await examineDocument(file);
  if (damaged) fail(vipTexts.damagedDocument);
  if (!actual) fail(vipTexts.notDocument);
  if (actual !== claimed) fail(vipTexts.contentMismatch);
  return actual!;
}

/** The name kept for display and download: no path parts or control characters, the real extension. */
export function cleanName(name: string, kind: DocumentKind): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim()
    .slice(0, 150);
  const stem = base.replace(/\.[a-z0-9]{1,5}$/i, "") || "document";
  return `${stem}.${kind}`;
}

/** Content-Disposition with the original (possibly Persian) name and an ASCII fallback. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Stores a checked document under a random key; only ever a document type, always an attachment. */
export async function storeDocument(
  bucket: R2Bucket,
  file: Blob,
  meta: { kind: DocumentKind; fileName: string; prefix: string; userId: string },
): Promise<string> {
  const key = `${meta.prefix}/${randomToken(24)}.${meta.kind}`;
  await bucket.put(key, file, {
    httpMetadata: { contentType: CONTENT_TYPES[meta.kind], contentDisposition: attachmentHeader(meta.fileName) },
    // "licensed": the files route serves it only through a link signed for one user.
    customMetadata: { access: "licensed", uploadedBy: meta.userId },
  });
  return key;
}

type UploadDeps = { db: Db; bucket: R2Bucket; now: number };

type Target = { kind: "order"; orderId: string } | { kind: "contract"; universityId: string };

async function targetFor(db: Db, user: UserRow, type: UploadKind, now: number): Promise<Target> {
  const [waiting] = await db
    .select({ id: schema.serviceOrders.id })
    .from(schema.serviceOrders)
    .where(and(eq(schema.serviceOrders.userId, user.id), eq(schema.serviceOrders.kind, type), eq(schema.serviceOrders.status, "awaiting_upload")))
    .orderBy(asc(schema.serviceOrders.createdAt))
    .limit(1);
  if (waiting) return { kind: "order", orderId: waiting.id };
  if (type !== "ai" && user.universityId) {
    const access = await universityAccess(db, user, type, now);
    if (access.allowed && access.universityId) return { kind: "contract", universityId: access.universityId };
    if (access.reason === "quota_exhausted") throw new DomainError(denialMessage(access.reason));
  }
  throw new DomainError(m.buyFirst(m.titles[type]));
}

/** Checks, stores and files one upload; nothing is left behind when any step refuses. */
export async function uploadForCheck(deps: UploadDeps, user: UserRow, input: { type: UploadKind; file: File }): Promise<{ id: string }> {
  const { db, bucket, now } = deps;
  const docKind = await checkDocument(input.type, input.file);
  const target = await targetFor(db, user, input.type, now);
  const fileName = cleanName(input.file.name, docKind);
  const key = await storeDocument(bucket, input.file, { kind: docKind, fileName, prefix: "vip/uploads", userId: user.id });
  const uploadId = newId("upl", now);
  const d1 = db.$client;
  const statements: D1PreparedStatement[] = [
    d1
      .prepare("INSERT INTO uploads (id, user_id, kind, file_key, file_name, content_type, size, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
      .bind(uploadId, user.id, input.type, key, fileName, CONTENT_TYPES[docKind], input.file.size, now),
  ];
  let serviceOrderId: string;
  if (target.kind === "order") {
    serviceOrderId = target.orderId;
    statements.push(
      d1
        .prepare("UPDATE service_orders SET status = 'submitted', upload_id = ?, updated_at = ? WHERE id = ? AND status = 'awaiting_upload'")
        .bind(uploadId, now, serviceOrderId),
      // Two uploads racing for one paid order: the second one's batch rolls back.
      assertStatement(db, "EXISTS (SELECT 1 FROM service_orders WHERE id = ? AND upload_id = ?)", [serviceOrderId, uploadId]),
    );
  } else {
    serviceOrderId = newId("svc", now);
    statements.push(
      d1
        .prepare(
          "INSERT INTO service_orders (id, user_id, kind, status, upload_id, paid_by_contract, created_at, updated_at) VALUES (?, ?, ?, 'submitted', ?, 1, ?, ?)",
        )
        .bind(serviceOrderId, user.id, input.type, uploadId, now, now),
      ...consumeQuotaStatements(db, { universityId: target.universityId, key: input.type as "ithenticate" | "grammarly", now }),
    );
  }
  try {
    await d1.batch(statements);
  } catch (err) {
    await bucket.delete(key);
    if (isQuotaExceeded(err)) throw new QuotaExhaustedError();
    if (/daryaft-assertion-failed|malformed JSON/i.test(String((err as Error)?.message ?? err))) throw new DomainError(m.changedMeanwhile, 409);
    throw err;
  }
  return { id: serviceOrderId };
}
