/**
 * What staff attach to a request when pricing or delivering it: a PDF they upload, a link, or the
 * file (or link) another request of the same group already carries (attached at pricing or
 * delivered), so one document found once serves every request for it. An upload is stored in R2
 * before the change's batch; when the batch fails it is removed again (`discard`).
 */
import { ValidationError } from "../../lib/errors";
import type { Db } from "../../../db/client";
import { sameGroup } from "./grouping";
import { cleanFileName, isPdf, storePdf } from "./files";
import { offlineText } from "./messages";
import * as q from "./queries";
import type { OfflineRow } from "./queries";

export type Attachment = { kind: "file"; key: string; name: string; size: number; uploaded: boolean } | { kind: "link"; link: string };

type Deps = { db: Db; files: R2Bucket };

/** The file or link a request carries for delivery: delivered, else attached at pricing. */
export function carried(row: OfflineRow): Attachment | null {
  if (row.status === "delivered" && row.fileKey)
    return { kind: "file", key: row.fileKey, name: row.fileName ?? "document.pdf", size: row.fileSize ?? 0, uploaded: false };
  if (row.status === "delivered" && row.deliveredLink) return { kind: "link", link: row.deliveredLink };
  if (row.status === "rejected" || row.status === "cancelled") return null;
  if (row.preparedFileKey)
    return { kind: "file", key: row.preparedFileKey, name: row.preparedFileName ?? "document.pdf", size: row.preparedFileSize ?? 0, uploaded: false };
  if (row.preparedLink) return { kind: "link", link: row.preparedLink };
  return null;
}

export async function attachmentFor(
  deps: Deps,
  row: OfflineRow,
  input: { file?: File | undefined; link?: string | undefined; file_from?: string | undefined },
  uploadedBy: string,
  mayUse: (source: OfflineRow) => boolean,
): Promise<Attachment | null> {
  if (input.file) {
    if (!(await isPdf(input.file))) throw new ValidationError({ file: [offlineText.notPdf] });
    const name = cleanFileName(input.file.name);
    const stored = await storePdf(deps.files, input.file, { requestId: row.id, uploadedBy, fileName: name });
    return { kind: "file", key: stored.key, size: stored.size, name, uploaded: true };
  }
  if (input.link) return { kind: "link", link: input.link };
  if (input.file_from) {
    const source = await q.findRequest(deps.db, input.file_from);
    // Only a request of the same group (and kind), that this staff member may see, lends its file.
    const found = source && source.id !== row.id && sameGroup(source, row) && mayUse(source) ? carried(source) : null;
    if (!found) throw new ValidationError({ file_from: [offlineText.noGroupFile] });
    return found;
  }
  return null;
}

/** The columns that attach `a` for delivery on payment. */
export function preparedColumns(a: Attachment) {
  return a.kind === "file"
    ? { preparedFileKey: a.key, preparedFileName: a.name, preparedFileSize: a.size, preparedLink: null }
    : { preparedFileKey: null, preparedFileName: null, preparedFileSize: null, preparedLink: a.link };
}

/** The columns that deliver `a` now. */
export function deliveredColumns(a: Attachment) {
  return a.kind === "file"
    ? { fileKey: a.key, fileName: a.name, fileSize: a.size, deliveredLink: null }
    : { fileKey: null, fileName: null, fileSize: null, deliveredLink: a.link };
}

/** An upload whose change did not happen: nothing refers to it. */
export async function discard(files: R2Bucket, a: Attachment | null): Promise<void> {
  if (a?.kind === "file" && a.uploaded) await files.delete(a.key).catch(() => undefined);
}
