/**
 * POST /upload/ithenticate_grammarly_contract with real small documents and with impostors: the bytes
 * decide, the extension must agree, at most 20 MB; every refusal is a Persian 422 (or the business
 * error for an unpaid upload) and leaves nothing in R2 or D1. University users whose contract covers
 * the check upload without paying, counted against the monthly quota.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { OrderResponse } from "../../contract/wallet";
import { MyServiceOrders, UploadOk, VipServicesResponse, vipTexts } from "../../contract/vip";
import { vipMessages } from "../../worker/features/vip/messages";
import { institutionMessages } from "../../worker/features/institutions/messages";
import { newClient } from "./auth-helpers";
import { count, seedDemoData } from "./helpers";
import { docBytes, docxBytes, exeBytes, pdfBytes, plainZipBytes, r2Keys, upload } from "./vip-helpers";
import { docxWithManyEntries, docxWithTraversal, docxZipBomb, pdfHeaderThenHtml, truncatedPdf } from "./vip-documents";
import { expectLedgerConsistent, fundedClient } from "./wallet-factories";

const PRICE = { ithenticate: 180_000, grammarly: 120_000, ai: 150_000 } as const;
let seq = 0;

beforeAll(async () => {
  await seedDemoData();
});

/** A user who bought `kind` from the wallet: one paid order waiting for the file. */
async function buyer(kind: keyof typeof PRICE) {
  const p = await fundedClient({ balance: PRICE[kind] });
  const res = await p.client.post("/order", { cart: { name: kind, title: kind, price: 1 }, idempotency_key: `vip-${Date.now()}-${++seq}` });
  const body = OrderResponse.parse(await res.json());
  expect(body.redirect).toBe("/profile/vipServices");
  expect(body.balance).toBe(0);
  return p;
}

async function ordersOf(userId: string) {
  const { results } = await env.DB.prepare("SELECT * FROM service_orders WHERE user_id = ? ORDER BY created_at").bind(userId).all<Record<string, unknown>>();
  return results;
}

async function state() {
  return {
    r2: (await r2Keys()).length,
    uploads: await count("uploads"),
    orders: await count("service_orders"),
    awaiting: (await env.DB.prepare("SELECT COUNT(*) AS n FROM service_orders WHERE status = 'awaiting_upload'").first<{ n: number }>())!.n,
  };
}

describe("the type-7 cards GET /vip/services", () => {
  it("shows the four services with the admin's prices; a buyer sees the paid order waiting for a file", async () => {
    const guest = VipServicesResponse.parse(await (await newClient().get("/vip/services")).json());
    expect(guest.services.map((s) => [s.key, s.price])).toEqual([
      ["ithenticate", 180_000],
      ["grammarly", 120_000],
      ["scifinder", 950_000],
      ["ai", 150_000],
    ]);
    expect(guest.services.find((s) => s.key === "grammarly")?.accepts).toEqual(["doc", "docx"]);
    expect(guest.services.find((s) => s.key === "ithenticate")?.accepts).toEqual(["doc", "docx", "pdf"]);
    const { client } = await buyer("grammarly");
    const mine = VipServicesResponse.parse(await (await client.get("/vip/services")).json());
    expect(mine.services.find((s) => s.key === "grammarly")?.awaiting_upload).toBe(1);
    expect(mine.services.find((s) => s.key === "ithenticate")?.awaiting_upload).toBe(0);
  });
});

describe("real documents are accepted", () => {
  it.each([
    ["grammarly", "paper.docx", docxBytes, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["grammarly", "old-paper.doc", docBytes, "application/msword"],
    ["ithenticate", "thesis.pdf", () => pdfBytes(), "application/pdf"],
    ["ithenticate", "Thesis Final.DOCX", docxBytes, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["ai", "essay.pdf", () => pdfBytes(), "application/pdf"],
  ] as const)("%s: %s is stored under a random key with its document type and the paid order is submitted", async (kind, name, bytes, contentType) => {
    const { user, client } = await buyer(kind);
    const before = await r2Keys();
    const { res, json } = await upload(client, { type: kind, file: { bytes: bytes(), name, type: "application/x-msdownload" } });
    expect(res.status, JSON.stringify(json)).toBe(200);
    const ok = UploadOk.parse(json);
    expect(ok.redirect).toBe("/profile/vipServices");
    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({ id: ok.id, kind, status: "submitted", paid_by_contract: 0 });
    const up = await env.DB.prepare("SELECT * FROM uploads WHERE id = ?").bind(order!.upload_id).first<Record<string, unknown>>();
    expect(up).toMatchObject({ user_id: user.id, kind, content_type: contentType, size: bytes().length });
    const added = (await r2Keys()).filter((k) => !before.includes(k));
    expect(added).toEqual([up!.file_key]);
    expect(String(up!.file_key)).toMatch(/^vip\/uploads\/[A-Za-z0-9_-]{20,}\.(pdf|docx?)$/);
    expect(String(up!.file_key)).not.toContain(name.split(".")[0]!);
    const object = await env.FILES.head(String(up!.file_key));
    // The client's claimed type (an executable one here) is never stored; ours is, as an attachment.
    expect(object?.httpMetadata?.contentType).toBe(contentType);
    expect(object?.httpMetadata?.contentDisposition).toMatch(/^attachment;/);
    expect(object?.customMetadata?.["access"]).toBe("licensed");
    const list = MyServiceOrders.parse(await (await client.get("/profile/vip/orders")).json());
    expect(list.orders.map((o) => [o.id, o.status, o.file_name])).toEqual([[ok.id, "submitted", up!.file_name]]);
  });
});

const MB = 1024 * 1024;
const big = () => {
  const b = new Uint8Array(21 * MB);
  b.set(pdfBytes());
  return b;
};

describe("impostors and bad requests: a Persian 422, nothing stored", () => {
  it.each([
    ["a PDF renamed .docx", "grammarly", { bytes: pdfBytes(), name: "paper.docx" }, { file: [vipTexts.contentMismatch] }],
    ["a PDF renamed .docx (plagiarism)", "ithenticate", { bytes: pdfBytes(), name: "paper.docx" }, { file: [vipTexts.contentMismatch] }],
    ["a .docx that is a zip without word/document.xml", "grammarly", { bytes: plainZipBytes(), name: "paper.docx" }, { file: [vipTexts.notDocument] }],
    ["an executable renamed .pdf", "ithenticate", { bytes: exeBytes(), name: "thesis.pdf" }, { file: [vipTexts.notDocument] }],
    ["an executable renamed .doc", "grammarly", { bytes: exeBytes(), name: "paper.doc" }, { file: [vipTexts.notDocument] }],
    ["an empty file", "grammarly", { bytes: new Uint8Array(0), name: "paper.docx" }, { file: [vipTexts.fileEmpty] }],
    ["a 21 MB file", "ithenticate", { bytes: big(), name: "thesis.pdf" }, { file: [vipTexts.fileTooLarge] }],
    ["a PDF for the grammar check", "grammarly", { bytes: pdfBytes(), name: "paper.pdf" }, { file: [vipTexts.grammarFormats] }],
    ["an .exe name", "ithenticate", { bytes: exeBytes(), name: "setup.exe" }, { file: [vipTexts.plagiarismFormats] }],
    ["a missing type", undefined, { bytes: docxBytes(), name: "paper.docx" }, { type: [vipTexts.typeRequired] }],
    ["an unknown type", "scifinder", { bytes: docxBytes(), name: "paper.docx" }, { type: [vipTexts.typeRequired] }],
    ["a missing file", "grammarly", undefined, { file: [vipTexts.fileRequired] }],
  ] as const)("%s", async (_label, type, file, errors) => {
    const paidKind = type === "ithenticate" ? "ithenticate" : "grammarly";
    const { user, client } = await buyer(paidKind);
    const before = await state();
    const { res, json } = await upload(client, { type, file: file ? { bytes: file.bytes, name: file.name } : undefined });
    expect(res.status).toBe(422);
    expect(json).toEqual({ message: Object.values(errors)[0]![0], errors });
    expect(await state()).toEqual(before);
    expect((await ordersOf(user.id)).map((o) => o.status)).toEqual(["awaiting_upload"]);
  });

  // Issue 15 item 10: judged by structure, not by the first bytes.
  it.each([
    ["a real 200 MB zip bomb named .docx", "grammarly", async () => docxZipBomb(200), "paper.docx"],
    ["a .docx with a ../ entry", "grammarly", async () => docxWithTraversal(), "paper.docx"],
    ["a .docx with an absolute entry", "ithenticate", async () => docxWithTraversal("/tmp/evil.xml"), "paper.docx"],
    ["a .docx with 3,000 entries", "grammarly", async () => docxWithManyEntries(3_000), "paper.docx"],
    ["%PDF- followed by an HTML page", "ithenticate", async () => pdfHeaderThenHtml(), "thesis.pdf"],
    ["a PDF cut off in transit", "ithenticate", async () => truncatedPdf(), "thesis.pdf"],
  ] as const)("hostile structure: %s → a Persian 422, nothing stored", async (_label, type, bytes, name) => {
    const { user, client } = await buyer(type);
    const before = await state();
    const { res, json } = await upload(client, { type, file: { bytes: await bytes(), name } });
    expect(res.status).toBe(422);
    expect(json).toEqual({ message: vipTexts.damagedDocument, errors: { file: [vipTexts.damagedDocument] } });
    expect(await state()).toEqual(before);
    expect((await ordersOf(user.id)).map((o) => o.status)).toEqual(["awaiting_upload"]);
  });

  it("without a paid order (and no contract) the upload is refused in Persian and nothing is stored", async () => {
    const { client } = await fundedClient({ balance: 1_000_000 });
    const before = await state();
    const { res, json } = await upload(client, { type: "grammarly", file: { bytes: docxBytes(), name: "paper.docx" } });
    expect(res.status).toBe(200);
    expect(json).toEqual({ status: "error", error: vipMessages.buyFirst(vipMessages.titles.grammarly) });
    expect(await state()).toEqual(before);
  });

  it("guests get 401, a missing CSRF token 419; nothing is stored", async () => {
    const before = await state();
    const guest = await upload(newClient(), { type: "grammarly", file: { bytes: docxBytes(), name: "paper.docx" } });
    expect(guest.res.status).toBe(401);
    const { client } = await buyer("grammarly");
    const form = new FormData();
    form.set("type", "grammarly");
    form.set("file", new File([docxBytes()], "paper.docx"));
    const res = await client.fetch("/upload/ithenticate_grammarly_contract", { method: "POST", body: form });
    expect(res.status).toBe(419);
    const after = await state();
    expect({ ...after, orders: before.orders, awaiting: before.awaiting }).toEqual(before);
  });

  it("one paid order takes one file: the second upload needs another purchase", async () => {
    const { client } = await buyer("grammarly");
    expect((await upload(client, { type: "grammarly", file: { bytes: docxBytes(), name: "a.docx" } })).res.status).toBe(200);
    const before = await state();
    const second = await upload(client, { type: "grammarly", file: { bytes: docxBytes(), name: "b.docx" } });
    expect(second.json).toEqual({ status: "error", error: vipMessages.buyFirst(vipMessages.titles.grammarly) });
    expect(await state()).toEqual(before);
  });
});

describe("university contracts", () => {
  async function universityUser(access: string[], quotas: Record<string, number>) {
    const p = await fundedClient({}, { university: true });
    const { university_id } = (await env.DB.prepare("SELECT university_id FROM users WHERE id = ?").bind(p.user.id).first<{ university_id: string }>())!;
    await env.DB.prepare("UPDATE universities SET access = ?, quotas = ? WHERE id = ?")
      .bind(JSON.stringify(access), JSON.stringify(quotas), university_id)
      .run();
    return { ...p, universityId: university_id };
  }

  it("a contract covering grammarly uploads without paying, counted against the monthly quota until it is used up", async () => {
    const { user, client, universityId } = await universityUser(["article_download", "grammarly"], { grammarly: 1 });
    const cards = VipServicesResponse.parse(await (await client.get("/vip/services")).json());
    expect(cards.services.find((s) => s.key === "grammarly")?.by_contract).toBe(true);
    expect(cards.services.find((s) => s.key === "ithenticate")?.by_contract).toBe(false);

    const first = await upload(client, { type: "grammarly", file: { bytes: docxBytes(), name: "paper.docx" } });
    expect(first.res.status, JSON.stringify(first.json)).toBe(200);
    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({ status: "submitted", paid_by_contract: 1, order_id: null });
    const usage = await env.DB.prepare("SELECT SUM(used) AS n FROM university_usage WHERE university_id = ? AND access_key = 'grammarly'")
      .bind(universityId)
      .first<{ n: number }>();
    expect(usage?.n).toBe(1);
    await expectLedgerConsistent(user.id);

    const before = await state();
    const second = await upload(client, { type: "grammarly", file: { bytes: docxBytes(), name: "again.docx" } });
    expect(second.json).toEqual({ status: "error", error: institutionMessages.quotaExhausted });
    expect(await state()).toEqual(before);

    // Not in the contract: plagiarism still needs a purchase.
    const other = await upload(client, { type: "ithenticate", file: { bytes: pdfBytes(), name: "t.pdf" } });
    expect(other.json).toEqual({ status: "error", error: vipMessages.buyFirst(vipMessages.titles.ithenticate) });
  });
});
