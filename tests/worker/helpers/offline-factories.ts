/** Offline-request test helpers: people with roles and credit, requests made through the HTTP surface, D1 reads. */
import { pdfBytes as completePdf } from "./vip-documents";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { DeskActionOk, DeskDetail, OfflineInsertOk, OfflineRequestList, type OfflineRequestView } from "../../../contract/offline";
import { clientFor, makeUser, outbox, type MadeUser } from "./auth-helpers";
import type { Client } from "./helpers";
import { fund, type Funding } from "./wallet-factories";

export type Person = { user: MadeUser; client: Client };

export async function person(opts: { admin?: boolean; solver?: boolean; funding?: Funding } = {}): Promise<Person> {
  const user = await makeUser({ admin: opts.admin, solver: opts.solver });
  if (opts.funding) await fund(user.id, opts.funding);
  return { user, client: await clientFor(user.id) };
}

/** A small complete PDF (header, xref table, trailer, startxref, %%EOF): uploads check the structure. */
export function pdfBytes(label = "test"): Uint8Array {
  return completePdf(label);
}

export async function insertBook(c: Client, body: Record<string, unknown>, now?: number) {
  const res = await c.post("/insert/offline_book", body, { now });
  return { res, body: (await res.json()) as Record<string, unknown> };
}

export async function insertBookOk(c: Client, body: Record<string, unknown>, now?: number) {
  const { res, body: json } = await insertBook(c, body, now);
  expect(res.status, JSON.stringify(json)).toBe(200);
  return OfflineInsertOk.parse(json);
}

export async function insertArticle(c: Client, body: Record<string, unknown>, now?: number) {
  const res = await c.post("/insert/offline_article", body, { now });
  return { res, body: (await res.json()) as Record<string, unknown> };
}

export async function myRequests(c: Client, group: "books" | "articles" | "direct_books", now?: number): Promise<OfflineRequestView[]> {
  const res = await c.get(`/profile/offline/requests?group=${group}`, { now });
  expect(res.status).toBe(200);
  return OfflineRequestList.parse(await res.json()).requests;
}

export async function deskAction(c: Client, id: string, action: string, body: unknown = {}, now?: number) {
  const res = await c.post(`/admin/offline/requests/${id}/${action}`, body, { now });
  const json = (await res.json()) as Record<string, unknown>;
  return { res, json };
}

export async function deskActionOk(c: Client, id: string, action: string, body: unknown = {}, now?: number) {
  const { res, json } = await deskAction(c, id, action, body, now);
  expect(res.status, JSON.stringify(json)).toBe(200);
  return DeskActionOk.parse(json);
}

/** A desk action that carries a PDF (multipart, as the desk page sends it). */
async function postWithPdf(c: Client, path: string, fields: Record<string, string>, bytes: Uint8Array, name: string, now?: number) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("file", new File([bytes], name, { type: "application/pdf" }));
  const res = await c.fetch(path, { method: "POST", headers: { "x-csrf-token": await c.token() }, body: form, now });
  return { res, json: (await res.json()) as Record<string, unknown> };
}

/** Multipart upload of a delivered file, as the desk page sends it. */
export function uploadFile(c: Client, id: string, bytes: Uint8Array, name = "book.pdf", extra: Record<string, string> = {}, now?: number) {
  return postWithPdf(c, `/admin/offline/requests/${id}/deliver`, extra, bytes, name, now);
}

/** Multipart price action with a PDF attached, as the desk sends it. */
export function priceWithFile(c: Client, id: string, price: number, bytes: Uint8Array, name = "book.pdf", extra: Record<string, string> = {}) {
  return postWithPdf(c, `/admin/offline/requests/${id}/price`, { price: String(price), ...extra }, bytes, name);
}

/** The desk's view of one request. */
export async function deskDetail(c: Client, id: string) {
  const res = await c.get(`/admin/offline/requests/${id}`);
  expect(res.status).toBe(200);
  return DeskDetail.parse(await res.json());
}

/** Everything the user's own API answers about their requests, as raw text (nothing may leak in it). */
export async function userSeesRaw(c: Client) {
  const texts = [];
  for (const group of ["books", "articles", "direct_books"]) texts.push(await (await c.get(`/profile/offline/requests?group=${group}`)).text());
  return texts.join("\n");
}

export const deliveredEvents = async (id: string) => (await eventsOf(id)).filter((e) => e["to_status"] === "delivered");
export const readyNotices = async (p: Person) => (await outbox(p.user.email)).filter((x) => x.subject?.startsWith("درخواست آفلاین شما آماده است"));

/** Paying a priced request the way the SPA does: a wallet order with the `offline_request` cart. */
export async function pay(c: Client, id: string, now?: number) {
  const res = await c.post(
    "/order",
    { cart: { name: "offline_request", id }, idempotency_key: `offline-${id}-${Math.random().toString(36).slice(2, 10)}` },
    { now },
  );
  return { res, json: (await res.json()) as Record<string, unknown> };
}

export async function requestRow(id: string) {
  return env.DB.prepare("SELECT * FROM offline_requests WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

export async function eventsOf(id: string) {
  const { results } = await env.DB.prepare("SELECT * FROM offline_request_events WHERE request_id = ? ORDER BY created_at, id")
    .bind(id)
    .all<Record<string, unknown>>();
  return results;
}

export async function auditOf(id: string) {
  const { results } = await env.DB.prepare("SELECT * FROM audit_log WHERE target_type = 'offline_request' AND target_id = ? ORDER BY created_at, id")
    .bind(id)
    .all<Record<string, unknown>>();
  return results;
}

export async function countRequests(): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM offline_requests").first<{ n: number }>())!.n;
}

let n = 0;
/** A title no other test uses, so document keys never collide between tests. */
export function uniqueTitle(prefix = "Foundations of Testing") {
  n += 1;
  return `${prefix} volume ${Date.now() % 100_000}-${n}-${Math.random().toString(36).slice(2, 6)}`;
}
