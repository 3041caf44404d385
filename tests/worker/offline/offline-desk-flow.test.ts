/**
 * The desk's working rules, through the HTTP surface: solution manuals go to a solver at
 * once and the solver is told; whoever acts holds the request, and taking over someone else's needs the
 * explicit flag (and tells them); one book asked for by ISBN-10, ISBN-13, a shop link or variants of
 * its title is one group; a paid request shows in the default view with its delivery deadline; the
 * queue is searched by title, ISBN, DOI and standard number; the operator's hours.
 * In a file of its own: the solver round-robin counts every solver in this file's database.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BusinessErrorBody } from "../../../contract/common";
import { DeskDetail, DeskHours, DeskList } from "../../../contract/offline";
import { outbox } from "../helpers/auth-helpers";
import type { Client } from "../helpers/helpers";
import { deskAction, deskActionOk, insertBookOk, pay, person, requestRow, uniqueTitle, type Person } from "../helpers/offline-factories";

const HOUR = 3_600_000;
const T0 = Math.floor(Date.now() / 1000) * 1000;

async function nameOf(userId: string) {
  return (await env.DB.prepare("SELECT name FROM users WHERE id = ?").bind(userId).first<{ name: string }>())!.name;
}

async function deskList(c: Client, query: string, now?: number) {
  const res = await c.get(`/admin/offline/requests?${query}`, { now });
  expect(res.status).toBe(200);
  return DeskList.parse(await res.json());
}

describe("solution manuals", () => {
  // First in the file: no other solver exists yet.
  it("are assigned round-robin to solvers at registration, and each solver is told", async () => {
    const s1 = await person({ solver: true });
    const s2 = await person({ solver: true });
    const owner = await person();
    const m1 = await insertBookOk(owner.client, { url: uniqueTitle("Solutions Manual for Engineering Mechanics: Dynamics") });
    const m2 = await insertBookOk(owner.client, { url: uniqueTitle("Instructor's Solutions Manual, Calculus") });
    const plain = await insertBookOk(owner.client, { url: uniqueTitle("Calculus: Early Transcendentals") });

    const a1 = (await requestRow(m1.id))!["assigned_to"];
    const a2 = (await requestRow(m2.id))!["assigned_to"];
    expect([a1, a2].sort()).toEqual([s1.user.id, s2.user.id].sort());
    expect((await requestRow(plain.id))!["assigned_to"]).toBeNull();

    // each solver sees their own on /solver, and was told by e-mail and SMS
    const theirs: [Person, string][] = [
      [s1, a1 === s1.user.id ? m1.id : m2.id],
      [s2, a1 === s2.user.id ? m1.id : m2.id],
    ];
    for (const [s, id] of theirs) {
      expect((await deskList(s.client, "")).items.map((i) => i.id)).toEqual([id]);
      const mail = await outbox(s.user.email);
      expect(mail.some((msg) => msg.text.includes("حل‌المسائل به شما سپرده شد"))).toBe(true);
    }
  });

  it("an admin's solver view lists solution manuals only", async () => {
    const admin = await person({ admin: true });
    const owner = await person();
    const manual = await insertBookOk(owner.client, { url: uniqueTitle("Solution manual for Signals and Systems") });
    const book = await insertBookOk(owner.client, { url: uniqueTitle("Signals and Systems") });
    const ids = (await deskList(admin.client, `group=solutions&status=all&q=${encodeURIComponent("Signals and Systems")}`)).items.map((i) => i.id);
    expect(ids).toContain(manual.id);
    expect(ids).not.toContain(book.id);
  });
});

describe("holding a request", () => {
  it("the first action claims it; another staff member's needs take_over, which tells the holder", async () => {
    const owner = await person();
    const a = await person({ admin: true });
    const b = await person({ admin: true });
    const { id } = await insertBookOk(owner.client, { url: uniqueTitle("Holding test") });

    // pricing claims it for a
    const priced = await deskActionOk(a.client, id, "price", { price: 50_000 });
    expect(priced.request.assigned_to?.id).toBe(a.user.id);

    // b cannot silently take it
    for (const [action, body] of [
      ["claim", {}],
      ["price", { price: 60_000 }],
      ["reject", { template: "not_found" }],
    ] as const) {
      const refused = await deskAction(b.client, id, action, body);
      expect(refused.res.status, action).toBe(409);
      const err = BusinessErrorBody.parse(refused.json);
      expect(err.error).toContain(await nameOf(a.user.id));
      expect(refused.json["code"]).toBe("held_by");
      expect(refused.json["holder"]).toEqual({ id: a.user.id, name: await nameOf(a.user.id) });
    }
    const row = (await requestRow(id))!;
    expect(row).toMatchObject({ assigned_to: a.user.id, price: 50_000, status: "priced" });

    // explicitly: b takes it over; a is told; the history says so
    const taken = await deskActionOk(b.client, id, "claim", { take_over: true });
    expect(taken.request.assigned_to?.id).toBe(b.user.id);
    const mail = await outbox(a.user.email);
    expect(mail.some((msg) => msg.text.includes("که در دست شما بود"))).toBe(true);
    const detail = DeskDetail.parse(await (await b.client.get(`/admin/offline/requests/${id}`)).json());
    expect(detail.history.some((h) => h.action === "taken_over" && h.actor?.id === b.user.id)).toBe(true);

    // a solver's assigned manual is not taken by the admin's claim either (the bug: 200 and the solver lost it)
    const solver = await person({ solver: true });
    const manual = await insertBookOk(owner.client, { url: uniqueTitle("Solutions Manual for Heat Transfer") });
    await deskActionOk(a.client, manual.id, "assign", { solver_id: solver.user.id });
    await deskActionOk(solver.client, manual.id, "claim");
    expect((await deskAction(a.client, manual.id, "claim")).res.status).toBe(409);
    expect((await solver.client.get(`/admin/offline/requests/${manual.id}`)).status).toBe(200);
  });

  it("two staff claiming at once: one holds it, the other is told it changed", async () => {
    const owner = await person();
    const a = await person({ admin: true });
    const b = await person({ admin: true });
    const { id } = await insertBookOk(owner.client, { url: uniqueTitle("Race to claim") });
    const [ra, rb] = await Promise.all([deskAction(a.client, id, "claim"), deskAction(b.client, id, "claim")]);
    const statuses = [ra.res.status, rb.res.status].sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).toBe(409);
    const holder = (await requestRow(id))!["assigned_to"];
    expect(holder).toBe(ra.res.status === 200 ? a.user.id : b.user.id);
  });
});

describe("one book, many spellings", () => {
  it("groups ISBN-10, ISBN-13, a shop link and title variants of one book", async () => {
    const admin = await person({ admin: true });
    // the catalogue knows the book by its ISBN: an ISBN request also carries its title
    await env.DB.prepare("INSERT INTO catalog_items (type, title, authors, isbn, created_at) VALUES (0, ?, ?, ?, ?)")
      .bind("Introduction to Algorithms", "Thomas H. Cormen", "978-0-262-03384-8", T0)
      .run();
    const users = await Promise.all(Array.from({ length: 6 }, () => person()));
    const inputs = [
      { url: "Introduction to Algorithms by Thomas H. Cormen" },
      { url: "introduction to algorithms (MIT Press, 2009)" },
      { url: "https://www.amazon.com/Introduction-Algorithms-3rd-MIT-Press/dp/0262033844/ref=sr_1_1" },
      { url: "9780262033848" },
      { url: "ISBN 0-262-03384-4" },
      { url: "  INTRODUCTION TO   ALGORITHMS, 3rd edition " },
    ];
    const ids: string[] = [];
    for (const [i, input] of inputs.entries()) ids.push((await insertBookOk(users[i]!.client, input)).id);
    const isbnKeys = await Promise.all(ids.slice(2, 5).map(async (id) => (await requestRow(id))!["doc_key"]));
    expect(new Set(isbnKeys)).toEqual(new Set(["isbn:9780262033848"]));

    const detail = DeskDetail.parse(await (await admin.client.get(`/admin/offline/requests/${ids[0]}`)).json());
    expect(detail.group.map((g) => g.id).sort()).toEqual(ids.slice(1).sort());
    expect(detail.request.same_document_open).toBe(5);

    // the same user's second spelling is a duplicate of the first
    const again = await insertBookOk(users[3]!.client, { url: "https://www.amazon.com/dp/0262033844" });
    expect(again).toMatchObject({ id: ids[3], duplicate: true });
  });
});

describe("paid requests", () => {
  it("come into the default view with a delivery deadline, and count as paid waiting", async () => {
    const u = await person({ funding: { balance: 200_000 } });
    const admin = await person({ admin: true });
    const { id } = await insertBookOk(u.client, { url: uniqueTitle("Paid view") }, T0 - 2 * HOUR);
    await deskActionOk(admin.client, id, "price", { price: 40_000 }, T0 - HOUR);
    const who = `user=${encodeURIComponent(u.user.email)}`;
    expect((await deskList(admin.client, who, T0)).items.map((i) => i.id)).toEqual([]);
    const before = (await deskList(admin.client, "", T0)).paid_waiting;

    expect((await pay(u.client, id, T0)).res.status).toBe(200);
    const list = await deskList(admin.client, who, T0);
    expect(list.items.map((i) => i.id)).toEqual([id]);
    expect(list.items[0]).toMatchObject({ status: "paid", deliver_by: new Date(T0 + 12 * HOUR).toISOString(), due_at: new Date(T0 + 12 * HOUR).toISOString() });
    expect(list.paid_waiting).toBe(before + 1);
    // the user sees the deadline too
    const mine = (await (await u.client.get("/profile/offline/requests?group=books")).json()) as { requests: { id: string; deliver_by: string | null }[] };
    expect(mine.requests.find((r) => r.id === id)?.deliver_by).toBe(new Date(T0 + 12 * HOUR).toISOString());
  });

  it("send one receipt at payment with the price and the delivery deadline; a replay or a second order sends none", async () => {
    const u = await person({ funding: { balance: 200_000 } });
    const admin = await person({ admin: true });
    const { id } = await insertBookOk(u.client, { url: uniqueTitle("Receipt") }, T0 - 2 * HOUR);
    await deskActionOk(admin.client, id, "price", { price: 40_000 }, T0 - HOUR);
    const receipts = async () => (await outbox(u.user.email)).filter((m) => m.subject?.startsWith("رسید پرداخت"));
    expect(await receipts()).toEqual([]);

    const key = `receipt-${id}`;
    const order = () => u.client.post("/order", { cart: { name: "offline_request", id }, idempotency_key: key }, { now: T0 });
    expect((await order()).status).toBe(200);
    const [receipt, ...more] = await receipts();
    expect(more).toEqual([]);
    expect(receipt!.text).toContain("۴۰٬۰۰۰ تومان");
    expect(receipt!.text).toContain("تحویل حداکثر تا");
    // The same order replayed, and another order for the paid request: no second receipt (and no second charge).
    expect((await order()).status).toBe(200);
    await pay(u.client, id, T0);
    expect(await receipts()).toHaveLength(1);
    const balance = (await env.DB.prepare("SELECT balance FROM users WHERE id = ?").bind(u.user.id).first<{ balance: number }>())!.balance;
    expect(balance).toBe(160_000);
  });

  it("take the operator's delivery hours per kind", async () => {
    const admin = await person({ admin: true });
    const u = await person({ funding: { balance: 200_000 } });
    const bad = await admin.client.post("/admin/offline/hours", { answer_standard: 12, deliver_book: 0, deliver_standard: 24, deliver_article: 12 });
    expect(bad.status).toBe(422);
    const set = await admin.client.post("/admin/offline/hours", { answer_standard: "۶", deliver_book: 48, deliver_standard: 24, deliver_article: 12 });
    expect(set.status).toBe(200);
    expect(DeskHours.parse(await set.json())).toEqual({ answer_standard: 6, deliver_book: 48, deliver_standard: 24, deliver_article: 12 });
    expect((await u.client.get("/admin/offline/hours")).status).toBe(403);

    const std = await insertBookOk(u.client, { url: uniqueTitle("Hours standard"), type: "standard" }, T0);
    expect((await requestRow(std.id))!["promise_at"]).toBe(T0 + 6 * HOUR);
    const book = await insertBookOk(u.client, { url: uniqueTitle("Hours book") }, T0);
    await deskActionOk(admin.client, book.id, "price", { price: 10_000 }, T0);
    await pay(u.client, book.id, T0 + HOUR);
    expect((await requestRow(book.id))!["deliver_by"]).toBe(T0 + HOUR + 48 * HOUR);
    // back to the defaults for the other tests
    await admin.client.post("/admin/offline/hours", { answer_standard: 12, deliver_book: 12, deliver_standard: 12, deliver_article: 12 });
  });
});

describe("desk search", () => {
  it("finds requests by title, ISBN (either form), DOI and standard number", async () => {
    const admin = await person({ admin: true });
    const u = await person();
    const title = uniqueTitle("Fluid Mechanics Fundamentals");
    const byTitle = await insertBookOk(u.client, { url: title });
    const byIsbn = await insertBookOk(u.client, { url: "ISBN 978-1-119-72048-5" });
    const byDoi = await insertBookOk(u.client, { url: "https://link.springer.com/book/10.1007/978-3-030-12345-6" });
    const byStd = await insertBookOk(u.client, { url: "Plastics tensile test", doi: "ASTM D638-22", type: "standard" });
    const find = async (q: string) => (await deskList(admin.client, `status=all&q=${encodeURIComponent(q)}`)).items.map((i) => i.id);
    expect(await find(title.slice(0, 30).toLowerCase()), "title").toContain(byTitle.id);
    expect(await find("1119720486"), "isbn-10").toContain(byIsbn.id);
    expect(await find("9781119720485"), "isbn-13").toContain(byIsbn.id);
    expect(await find("10.1007/978-3-030-12345-6"), "doi").toContain(byDoi.id);
    expect(await find("astm d 638-22"), "standard").toContain(byStd.id);
    expect(await find("ASTM D638-22")).not.toContain(byIsbn.id);
  });
});
