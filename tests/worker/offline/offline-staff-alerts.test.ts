/**
 * Staff are told (in the app, and by e-mail when they opt in) of new requests and payments; the
 * desk's list prices start the price field; every kind's registration states its promise, and a
 * delivered request keeps whether it was on time.
 */
import { describe, expect, it } from "vitest";
import { DeskAlerts, DeskDetail } from "../../../contract/offline";
import { outbox } from "../helpers/auth-helpers";
import { deskActionOk, insertArticle, insertBookOk, myRequests, pay, person, uniqueTitle, uploadFile, pdfBytes } from "../helpers/offline-factories";
import { fund } from "../helpers/wallet-factories";

const HOUR = 3_600_000;
const T0 = Math.floor(Date.now() / 1000) * 1000;

async function alerts(c: Awaited<ReturnType<typeof person>>["client"], since: number, now?: number) {
  const res = await c.get(`/admin/offline/alerts?since=${since}`, { now });
  expect(res.status).toBe(200);
  return DeskAlerts.parse(await res.json());
}

describe("staff alerts", () => {
  it("count new requests and payments since a moment, for staff only; a solver hears only of their own", async () => {
    const admin = await person({ admin: true });
    const solver = await person({ solver: true });
    const u = await person({ funding: { balance: 100_000 } });
    const since = T0 - 1000;
    const before = await alerts(admin.client, since, T0);
    const { id } = await insertBookOk(u.client, { url: uniqueTitle("Alert book") }, T0);
    const after = await alerts(admin.client, since, T0 + 1000);
    expect(after.new_requests).toBe(before.new_requests + 1);
    expect(after.latest.map((x) => x.id)).toContain(id);

    await deskActionOk(admin.client, id, "price", { price: 20_000 }, T0 + 2000);
    expect((await pay(u.client, id, T0 + 3000)).res.status).toBe(200);
    const paid = await alerts(admin.client, T0 + 2500, T0 + 4000);
    expect(paid.payments).toBe(1);
    expect(paid.latest[0]).toMatchObject({ id, what: "paid" });

    expect((await alerts(solver.client, since, T0 + 4000)).latest.map((x) => x.id)).not.toContain(id);
    expect((await u.client.get(`/admin/offline/alerts?since=${since}`)).status).toBe(403);
    expect((await admin.client.get("/admin/offline/alerts?since=abc")).status).toBe(422);
  });

  it("e-mail admins who opted in, of new requests and of payments; nobody else", async () => {
    const keen = await person({ admin: true });
    const quiet = await person({ admin: true });
    const set = await keen.client.post("/admin/offline/alert_prefs", { email_new_requests: true, email_payments: true });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ email_new_requests: true, email_payments: true });
    const u = await person({ funding: { balance: 100_000 } });
    const title = uniqueTitle("Mailed alert");
    const { id } = await insertBookOk(u.client, { url: title });
    await deskActionOk(keen.client, id, "price", { price: 20_000 });
    expect((await pay(u.client, id)).res.status).toBe(200);
    const mail = await outbox(keen.user.email);
    expect(mail.some((m) => m.subject?.startsWith("درخواست آفلاین تازه") && m.text.includes(title.slice(0, 40)))).toBe(true);
    expect(mail.some((m) => m.subject?.startsWith("پرداخت درخواست آفلاین"))).toBe(true);
    expect(await outbox(quiet.user.email)).toEqual([]);
    // a user cannot opt in to staff mail
    expect((await u.client.post("/admin/offline/alert_prefs", { email_new_requests: true, email_payments: false })).status).toBe(403);
    await keen.client.post("/admin/offline/alert_prefs", { email_new_requests: false, email_payments: false });
  });
});

describe("list prices", () => {
  it("start the price field by kind when neither group nor catalogue has one; only admins set them", async () => {
    const admin = await person({ admin: true });
    const solver = await person({ solver: true });
    expect((await solver.client.post("/admin/offline/prices", { book: "1", standard: "", solution: "" })).status).toBe(403);
    expect((await admin.client.post("/admin/offline/prices", { book: "-5", standard: "", solution: "" })).status).toBe(422);
    const ok = await admin.client.post("/admin/offline/prices", { book: "۱۲۰٬۰۰۰", standard: "", solution: "300000" });
    expect(await ok.json()).toEqual({ book: 120_000, standard: null, solution: 300_000 });
    const u = await person();
    const book = await insertBookOk(u.client, { url: uniqueTitle("List priced") });
    const std = await insertBookOk(u.client, { url: uniqueTitle("List standard"), type: "standard" });
    const d = DeskDetail.parse(await (await admin.client.get(`/admin/offline/requests/${book.id}`)).json());
    expect(d.suggested_price).toEqual({ amount: 120_000, source: "list" });
    expect(DeskDetail.parse(await (await admin.client.get(`/admin/offline/requests/${std.id}`)).json()).suggested_price).toBeNull();
    await admin.client.post("/admin/offline/prices", { book: "", standard: "", solution: "" });
  });
});

describe("promises for every kind", () => {
  it("each kind's registration states its time: a book's and a standard's answer, an article's delivery", async () => {
    const admin = await person({ admin: true });
    await admin.client.post("/admin/offline/hours", { answer_standard: 6, deliver_book: 12, deliver_standard: 24, deliver_article: 48 });
    try {
      const u = await person();
      await fund(u.user.id, { offline: 1 });
      await insertBookOk(u.client, { url: uniqueTitle("Promise book") });
      await insertBookOk(u.client, { url: uniqueTitle("Promise standard"), type: "standard" });
      expect((await insertArticle(u.client, { url: uniqueTitle("Promise article") })).res.status).toBe(200);
      const texts = (await outbox(u.user.email)).map((m) => m.text).join("\n");
      expect(texts).toContain("پاسخ درخواست کتاب حداکثر تا ۱۲ ساعت داده می‌شود.");
      expect(texts).toContain("پاسخ درخواست استاندارد حداکثر تا ۶ ساعت داده می‌شود.");
      expect(texts).toContain("مقاله حداکثر تا ۲ روز تحویل داده می‌شود.");
    } finally {
      await admin.client.post("/admin/offline/hours", { answer_standard: 12, deliver_book: 12, deliver_standard: 12, deliver_article: 12 });
    }
  });

  it("a delivered request keeps whether it was on time, kept or broken", async () => {
    const admin = await person({ admin: true });
    const u = await person({ funding: { balance: 100_000 } });
    const late = await insertBookOk(u.client, { url: uniqueTitle("Late one") }, T0 - 30 * HOUR);
    await deskActionOk(admin.client, late.id, "price", { price: 10_000 }, T0 - 29 * HOUR);
    await pay(u.client, late.id, T0 - 28 * HOUR);
    await uploadFile(admin.client, late.id, pdfBytes(), "late.pdf", {}, T0 - 2 * HOUR);
    const soon = await insertBookOk(u.client, { url: uniqueTitle("Soon one") }, T0 - 3 * HOUR);
    await deskActionOk(admin.client, soon.id, "price", { price: 10_000 }, T0 - 2 * HOUR);
    await pay(u.client, soon.id, T0 - 2 * HOUR);
    await uploadFile(admin.client, soon.id, pdfBytes(), "soon.pdf", {}, T0 - HOUR);
    const mine = await myRequests(u.client, "books", T0);
    expect(mine.find((r) => r.id === late.id)?.on_time).toEqual({ answer: "kept", delivery: "broken" });
    expect(mine.find((r) => r.id === soon.id)?.on_time).toEqual({ answer: "kept", delivery: "kept" });
  });
});
