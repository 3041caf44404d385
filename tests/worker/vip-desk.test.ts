/**
 * The service desk: take an order, upload the report (checked by content; served back only to its
 * user, as an attachment), issue a SciFinder account with its one-month guarantee, reject with a
 * refund that can never be paid twice; the user is notified (dev outbox). Roles and other users' data.
 */
import { docxZipBomb, pdfHeaderThenHtml } from "./vip-documents";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { AdminServiceList, MyScifinders, MyServiceOrders, ServiceActionOk, vipTexts } from "../../contract/vip";
import { OrderResponse } from "../../contract/wallet";
import { vipMessages } from "../../worker/features/vip/messages";
import { newClient, outbox } from "./auth-helpers";
import { count, seedDemoData, type Client } from "./helpers";
import { docxBytes, exeBytes, pdfBytes, r2Keys, upload } from "./vip-helpers";
import { DAY, balancesOf, expectLedgerConsistent, fundedClient } from "./wallet-factories";

const PRICE = { ithenticate: 180_000, grammarly: 120_000, scifinder: 950_000, ai: 150_000 } as const;
let seq = 0;
let admin: Client;

beforeAll(async () => {
  await seedDemoData();
  admin = (await fundedClient({}, { admin: true })).client;
});

async function buy(kind: keyof typeof PRICE, extra = 0) {
  const p = await fundedClient({ balance: PRICE[kind] + extra });
  const res = await p.client.post("/order", { cart: { name: kind, title: kind }, idempotency_key: `desk-${Date.now()}-${++seq}` });
  OrderResponse.parse(await res.json());
  return p;
}

async function submitted(kind: "grammarly" | "ithenticate" = "grammarly") {
  const p = await buy(kind);
  const { json } = await upload(p.client, { type: kind, file: { bytes: docxBytes(), name: "paper.docx" } });
  return { ...p, orderId: String(json.id) };
}

async function act(id: string, action: string, body: unknown = {}, now?: number) {
  const res = await admin.post(`/admin/ajax/services/${id}/${action}`, body, { now });
  return { res, json: (await res.json()) as Record<string, unknown> };
}

async function postReport(id: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.set("_token", await admin.token());
  form.set("file", new File([bytes], name));
  form.set("note", "گزارش پیوست است.");
  const res = await admin.fetch(`/admin/ajax/services/${id}/report`, { method: "POST", body: form });
  return { res, json: (await res.json()) as Record<string, unknown> };
}

describe("plagiarism / grammar orders", () => {
  it("take → report: the user sees it done with a report link only they can open, as an attachment, and is notified", async () => {
    const { user, client, orderId } = await submitted();
    const queue = AdminServiceList.parse(await (await admin.get("/admin/ajax/services?status=submitted")).json());
    const row = queue.orders.find((o) => o.id === orderId)!;
    expect(row.user.id).toBe(user.id);
    expect(row.file_name).toBe("paper.docx");
    // The admin can open the user's file.
    const file = await admin.get(row.file_link!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");

    expect(ServiceActionOk.parse((await act(orderId, "take")).json).order.status).toBe("in_progress");
    expect((await act(orderId, "take")).res.status).toBe(409);

    const done = await postReport(orderId, pdfBytes("report"), "report.pdf");
    expect(done.res.status, JSON.stringify(done.json)).toBe(200);
    expect(ServiceActionOk.parse(done.json).order.status).toBe("done");

    const mine = MyServiceOrders.parse(await (await client.get("/profile/vip/orders")).json());
    const view = mine.orders.find((o) => o.id === orderId)!;
    expect(view.status).toBe("done");
    expect(view.note).toBe("گزارش پیوست است.");
    const report = await client.get(view.report_link!);
    expect(report.status).toBe(200);
    expect(report.headers.get("content-type")).toBe("application/pdf");
    expect(report.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(new TextDecoder().decode(await report.arrayBuffer())).toContain("% report");
    // Somebody else (or a guest) with the same link gets nothing.
    const stranger = await fundedClient({});
    expect((await stranger.client.get(view.report_link!)).status).toBe(403);
    expect((await newClient().get(view.report_link!)).status).toBe(403);
    // The other user's list does not show it.
    expect(MyServiceOrders.parse(await (await stranger.client.get("/profile/vip/orders")).json()).orders).toEqual([]);

    const messages = await outbox(user.email);
    expect(messages[0]?.text).toContain(vipMessages.notice.reportReady(vipMessages.titles.grammarly));
    expect(messages[0]?.text).toContain("/profile/vipServices");
  });

  it("a report judged by structure: %PDF- then HTML, or a zip bomb named .docx, is a 422 and nothing changes", async () => {
    const { orderId } = await submitted();
    const before = (await r2Keys()).length;
    for (const [bytes, name] of [
      [pdfHeaderThenHtml(), "report.pdf"],
      [await docxZipBomb(200), "report.docx"],
    ] as const) {
      const bad = await postReport(orderId, bytes, name);
      expect(bad.res.status).toBe(422);
      expect(bad.json).toEqual({ message: vipTexts.damagedDocument, errors: { file: [vipTexts.damagedDocument] } });
    }
    expect((await r2Keys()).length).toBe(before);
  });

  it("a report that is not a PDF or Word file (an executable) is a 422 and nothing changes", async () => {
    const { orderId } = await submitted();
    const before = { r2: (await r2Keys()).length };
    const bad = await postReport(orderId, exeBytes(), "report.pdf");
    expect(bad.res.status).toBe(422);
    expect(bad.json).toEqual({ message: vipTexts.reportFormats, errors: { file: [vipTexts.reportFormats] } });
    expect((await r2Keys()).length).toBe(before.r2);
    const row = await env.DB.prepare("SELECT status, report_key FROM service_orders WHERE id = ?").bind(orderId).first();
    expect(row).toEqual({ status: "submitted", report_key: null });
  });

  it("reject refunds the paid price to the wallet once; the user is told why", async () => {
    const { user, orderId } = await submitted("ithenticate");
    expect((await balancesOf(user.id)).balance).toBe(0);
    const r = await act(orderId, "reject", { reason: "فایل متن انگلیسی ندارد" });
    expect(r.res.status, JSON.stringify(r.json)).toBe(200);
    expect(ServiceActionOk.parse(r.json).order.status).toBe("rejected");
    expect((await balancesOf(user.id)).balance).toBe(PRICE.ithenticate);
    await expectLedgerConsistent(user.id);
    const again = await act(orderId, "reject", { reason: "دوباره" });
    expect(again.res.status).toBe(409);
    expect((await balancesOf(user.id)).balance).toBe(PRICE.ithenticate);
    expect((await outbox(user.email))[0]?.text).toContain("فایل متن انگلیسی ندارد");
  });

  it("concurrent rejects pay one refund", async () => {
    const { user, orderId } = await submitted();
    const results = await Promise.all([1, 2, 3].map(() => act(orderId, "reject", { reason: "تکراری" })));
    expect(results.filter((r) => r.res.status === 200).length).toBe(1);
    expect((await balancesOf(user.id)).balance).toBe(PRICE.grammarly);
    await expectLedgerConsistent(user.id);
  });

  it("a missing reason is a 422; unknown ids a Persian 404", async () => {
    const { orderId } = await submitted();
    const bad = await act(orderId, "reject", { reason: " " });
    expect(bad.res.status).toBe(422);
    expect(bad.json.errors).toEqual({ reason: [vipTexts.reasonRequired] });
    const missing = await act("svc_0000000000000000000000", "take");
    expect(missing.res.status).toBe(404);
    expect(missing.json).toEqual({ status: "error", error: vipMessages.orderNotFound });
  });
});

describe("SciFinder accounts", () => {
  it("buying files a desk request; issuing shows the account with a one-month guarantee on /profile/scifinders", async () => {
    const { user, client } = await buy("scifinder");
    let mine = MyScifinders.parse(await (await client.get("/profile/vip/scifinders")).json());
    expect(mine.accounts.map((a) => [a.status, a.username, a.password])).toEqual([["submitted", null, null]]);
    const id = mine.accounts[0]!.id;
    // A file upload is not how a SciFinder order is finished.
    expect((await postReport(id, pdfBytes(), "r.pdf")).json).toEqual({ status: "error", error: vipMessages.notAFileService });

    const now = Date.now();
    const issued = await act(id, "account", { username: "cas-user-17", password: "S3cret!" }, now);
    expect(issued.res.status, JSON.stringify(issued.json)).toBe(200);
    mine = MyScifinders.parse(await (await client.get("/profile/vip/scifinders", { now: now + DAY })).json());
    expect(mine.accounts[0]).toMatchObject({
      status: "done",
      username: "cas-user-17",
      password: "S3cret!",
      guaranteed: true,
      guarantee_until: new Date(now + 30 * DAY).toISOString(),
    });
    const later = MyScifinders.parse(await (await client.get("/profile/vip/scifinders", { now: now + 31 * DAY })).json());
    expect(later.accounts[0]?.guaranteed).toBe(false);
    expect((await outbox(user.email))[0]?.text).toContain(vipMessages.notice.accountIssued);
    // Issued once.
    expect((await act(id, "account", { username: "x", password: "y" })).res.status).toBe(409);
    // Never on the plagiarism/grammar list.
    expect(MyServiceOrders.parse(await (await client.get("/profile/vip/orders")).json()).orders).toEqual([]);
  });

  it("an account needs a username and password (422, nothing changes)", async () => {
    const { client } = await buy("scifinder");
    const id = MyScifinders.parse(await (await client.get("/profile/vip/scifinders")).json()).accounts[0]!.id;
    const bad = await act(id, "account", { username: "", password: "" });
    expect(bad.res.status).toBe(422);
    expect(bad.json.errors).toEqual({ username: [vipTexts.usernameRequired], password: [vipTexts.passwordRequired] });
    expect((await env.DB.prepare("SELECT status FROM service_orders WHERE id = ?").bind(id).first<{ status: string }>())?.status).toBe("submitted");
  });
});

describe("roles", () => {
  it("the desk is admin-only: a user gets 403 and a guest 401; profiles need a login", async () => {
    const { orderId } = await submitted();
    const { client: user } = await fundedClient({});
    for (const [c, status] of [
      [user, 403],
      [newClient(), 401],
    ] as const) {
      expect((await c.get("/admin/ajax/services")).status).toBe(status);
      expect((await c.post(`/admin/ajax/services/${orderId}/take`, {})).status).toBe(status);
      expect((await c.post(`/admin/ajax/services/${orderId}/reject`, { reason: "x" })).status).toBe(status);
      expect((await c.post(`/admin/ajax/services/${orderId}/account`, { username: "a", password: "b" })).status).toBe(status);
    }
    expect((await newClient().get("/profile/vip/orders")).status).toBe(401);
    expect((await newClient().get("/profile/vip/scifinders")).status).toBe(401);
    expect(await count("service_orders")).toBeGreaterThan(0);
    expect((await env.DB.prepare("SELECT status FROM service_orders WHERE id = ?").bind(orderId).first<{ status: string }>())?.status).toBe("submitted");
  });
});
