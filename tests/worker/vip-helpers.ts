/** Upload-test helpers: the multipart upload as the SPA sends it, and R2/D1 reads. */
import { env } from "cloudflare:workers";
import type { Client } from "./helpers";

export { docBytes, docxBytes, exeBytes, pdfBytes, plainZipBytes, zip } from "./vip-documents";

/** POSTs the upload form the way the SPA's upload dialog does (multipart `_token`, `file`, `type`). */
export async function upload(c: Client, fields: { file?: { bytes: Uint8Array; name: string; type?: string }; type?: string }, now?: number) {
  const form = new FormData();
  form.set("_token", await c.token());
  if (fields.type !== undefined) form.set("type", fields.type);
  if (fields.file) form.set("file", new File([fields.file.bytes], fields.file.name, { type: fields.file.type ?? "application/octet-stream" }));
  const res = await c.fetch("/upload/ithenticate_grammarly_contract", { method: "POST", body: form, now });
  return { res, json: (await res.json()) as Record<string, unknown> };
}

export async function r2Keys(prefix = "vip/"): Promise<string[]> {
  const list = await env.FILES.list({ prefix });
  return list.objects.map((o) => o.key);
}

export async function rowCount(sql: string, ...params: unknown[]): Promise<number> {
  const r = await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>();
  return r?.n ?? 0;
}
