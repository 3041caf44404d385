/**
 * The delivery desk through the HTTP surface: the whole loop (request → price → pay → claim → upload →
 * notify → download), roles (admins, assigned solvers, users, guests), the queue and its filters,
 * pricing, rejection with refunds, delivery by file or link, groups of the same document, and signed links.
 */
import { pdfHeaderThenHtml, pdfWithBadStartxref, truncatedPdf } from "./vip-documents";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BusinessErrorBody, ValidationErrorBody } from "../../contract/common";
import { DeskDetail, DeskList, DeskSolverList, offlineMessages as m, rejectTemplates } from "../../contract/offline";
import { offlineText as t } from "../../worker/features/offline/messages";
import { PASSWORD, clientFor, newClient, outbox } from "./auth-helpers";
import type { Client } from "./helpers";
import {
  auditOf,
  deskAction,
  deskActionOk,
  eventsOf,
  insertArticle,
  insertBookOk,
  myRequests,
  pay,
  pdfBytes,
  person,
  requestRow,
  uniqueTitle,
  uploadFile,
} from "./offline-factories";
import { balancesOf, expectLedgerConsistent, fund } from "./wallet-factories";

const HOUR = 3_600_000;
// Near the real clock: sessions made by the factories expire a day from now.
const T0 = Math.floor(Date.now() / 1000) * 1000;

async function deskList(c: Client, query: string, now?: number) {
  const res = await c.get(`/admin/offline/requests?${query}`, { now });
  expect(res.status).toBe(200);
  return DeskList.parse(await res.json());
}

async function download(c: Client, url: string, now?: number) {
  return c.get(url, { now });
}

describe("the whole loop", () => {
  it("request → price → pay → claim → upload → notified → download; every step visible to both sides", async () => {
    const user = await person();
    const admin = await person({ admin: true });
    const title = uniqueTitle("Numerical Recipes");

    // 1. the user requests a book
    const { id } = await insertBookOk(user.client, { url: title, more: "third edition", type: "book" }, T0);
    let mine = (await myRequests(user.client, "books", T0)).find((r) => r.id === id)!;
    expect(mine.status).toBe("registered");

    // 2. the admin sees it on the desk with its promise, and prices it
    const queue = await deskList(admin.client, `user=${encodeURIComponent(user.user.email)}`, T0 + HOUR);
    expect(queue.items.map((i) => i.id)).toEqual([id]);
    expect(queue.items[0]).toMatchObject({
      status: "registered",
      user: { id: user.user.id, email: user.user.email },
      promise_at: new Date(T0 + 12 * HOUR).toISOString(),
    });
    const priced = await deskActionOk(admin.client, id, "price", { price: 150_000 }, T0 + 2 * HOUR);
    expect(priced.request).toMatchObject({ status: "priced", price: 150_000, answered_at: new Date(T0 + 2 * HOUR).toISOString() });
    expect((await outbox(user.user.email))[0]?.text).toContain("۱۵۰٬۰۰۰ تومان");

    mine = (await myRequests(user.client, "books", T0 + 2 * HOUR)).find((r) => r.id === id)!;
    expect(mine).toMatchObject({ status: "priced", price: 150_000, can_pay: true, can_cancel: true });

    // 3. the user pays from the wallet (POST /order with the offline_request cart)
    await fund(user.user.id, { balance: 200_000 });
    const paid = await pay(user.client, id, T0 + 3 * HOUR);
    expect(paid.res.status, JSON.stringify(paid.json)).toBe(200);
    expect(paid.json).toMatchObject({ balance: 50_000, redirect: "/profile/offlineBooksStandards" });
    mine = (await myRequests(user.client, "books", T0 + 3 * HOUR)).find((r) => r.id === id)!;
    expect(mine).toMatchObject({ status: "paid", can_pay: false, can_cancel: false, paid_at: new Date(T0 + 3 * HOUR).toISOString() });
    // paying twice does not take the money twice
    const again = await pay(user.client, id, T0 + 3 * HOUR);
    expect(BusinessErrorBody.parse(again.json).error).toBe(t.notPayable);
    expect((await balancesOf(user.user.id)).balance).toBe(50_000);

    // 4. the admin claims it: in progress
    const claimed = await deskActionOk(admin.client, id, "claim", {}, T0 + 4 * HOUR);
    expect(claimed.request).toMatchObject({ status: "in_progress", assigned_to: { id: admin.user.id } });

    // 5. the admin uploads the PDF
    const bytes = pdfBytes("numerical recipes");
    const up = await uploadFile(admin.client, id, bytes, "Numerical Recipes.pdf", {}, T0 + 5 * HOUR);
    expect(up.res.status, JSON.stringify(up.json)).toBe(200);
    expect(up.json).toMatchObject({ status: "ok", request: { status: "delivered", delivered_at: new Date(T0 + 5 * HOUR).toISOString() } });

    // 6. the user is notified (SMS and e-mail)
    expect((await outbox(user.user.email))[0]?.text).toContain("آماده است");
    expect((await outbox(user.user.mobile))[0]?.text).toContain("آماده است");

    // 7. the user downloads it through the signed link
    mine = (await myRequests(user.client, "books", T0 + 6 * HOUR)).find((r) => r.id === id)!;
    expect(mine.status).toBe("delivered");
    expect(mine.file).toMatchObject({ name: "Numerical Recipes.pdf", size: bytes.length });
    const res = await download(user.client, mine.file!.download_url, T0 + 6 * HOUR);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`filename*=UTF-8''Numerical%20Recipes.pdf`);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);

    // every step is in the history, for the user and (with actors) for staff
    expect(mine.events.map((e) => [e.action, e.status])).toEqual([
      ["registered", "registered"],
      ["priced", "priced"],
      ["paid", "paid"],
      ["claimed", "in_progress"],
      ["delivered", "delivered"],
    ]);
    const detail = DeskDetail.parse(await (await admin.client.get(`/admin/offline/requests/${id}`, { now: T0 + 6 * HOUR })).json());
    expect(detail.history.map((h) => [h.action, h.actor?.id])).toEqual([
      ["registered", user.user.id],
      ["priced", admin.user.id],
      ["paid", user.user.id],
      ["claimed", admin.user.id],
      ["delivered", admin.user.id],
    ]);
    expect(detail.audit.map((a) => a.action)).toEqual(["offline.priced", "offline.paid", "offline.claimed", "offline.delivered"]);
    expect(detail.request.status).toBe("delivered");
    await expectLedgerConsistent(user.user.id);
  });
});

describe("signed file links", () => {
  async function delivered() {
    const user = await person();
    const admin = await person({ admin: true });
    // Links last 24 hours; everything happens 20 hours ago so that expiry comes while sessions last.
    const { id } = await insertBookOk(user.client, { url: uniqueTitle() }, T0 - 21 * HOUR);
    await uploadFile(admin.client, id, pdfBytes(), "free.pdf", {}, T0 - 20 * HOUR);
    const view = (await myRequests(user.client, "books", T0 - 20 * HOUR)).find((r) => r.id === id)!;
    expect(view.file!.expires_at).toBe(new Date(T0 + 4 * HOUR).toISOString());
    return { user, admin, id, link: view.file!.download_url };
  }

  it("do not work for another user, a guest, after expiry, or when tampered with", async () => {
    const { user, link } = await delivered();
    expect(link).toMatch(/^\/files\/offline\/[A-Za-z0-9_-]+\.pdf\?exp=\d+&sig=[0-9a-f]+$/);
    const other = await person();
    expect((await download(other.client, link, T0 + HOUR)).status).toBe(403);
    expect((await download(newClient(), link, T0 + HOUR)).status).toBe(403);
    expect((await download(user.client, link, T0 + 3 * HOUR)).status).toBe(200);
    const expired = await download(user.client, link, T0 + 5 * HOUR);
    expect(expired.status).toBe(410);
    // another user after expiry: still refused, and not told it merely expired
    expect((await download(other.client, link, T0 + 5 * HOUR)).status).toBe(403);
    const tampered = link.replace(/sig=([0-9a-f])/, (_m, ch: string) => `sig=${ch === "0" ? "1" : "0"}`);
    expect((await download(user.client, tampered, T0 + HOUR)).status).toBe(403);
    const longer = link.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 100 * 3600}`);
    expect((await download(user.client, longer, T0 + HOUR)).status).toBe(403);
    // an unsigned (anonymous) link to the same object is refused too
    expect((await download(user.client, link.replace(/\?.*$/, ""), T0 + HOUR)).status).toBe(403);
  });

  it("stale links after a password change: a copy of the link held by a stolen session stops working with it; the owner's own session keeps it", async () => {
    const { user, link } = await delivered();
    const thief = await clientFor(user.user.id);
    expect((await download(thief, link, T0 + HOUR)).status).toBe(200);
    const changed = await user.client.post("/profile/ajax/password", {
      current_password: PASSWORD,
      password: "a-new-secret-22",
      password_confirmation: "a-new-secret-22",
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect((await download(thief, link, T0 + HOUR)).status).not.toBe(200);
    expect((await download(newClient(), link, T0 + HOUR)).status).not.toBe(200);
    expect((await download(user.client, link, T0 + HOUR)).status).toBe(200);
  });

  it("staff get their own link from the desk", async () => {
    const { admin, id, link } = await delivered();
    // the user's link is bound to the user
    expect((await download(admin.client, link, T0 + HOUR)).status).toBe(403);
    const detail = DeskDetail.parse(await (await admin.client.get(`/admin/offline/requests/${id}`, { now: T0 + HOUR })).json());
    expect((await download(admin.client, detail.request.file!.download_url, T0 + HOUR)).status).toBe(200);
  });
});

describe("roles on the desk", () => {
  it("users get 403 and guests 401 on every desk call; nothing changes", async () => {
    const owner = await person();
    const { id } = await insertBookOk(owner.client, { url: uniqueTitle() });
    const user = await person();
    const guest = newClient();
    for (const c of [user.client, guest]) {
      const expected = c === guest ? 401 : 403;
      expect((await c.get("/admin/offline/requests")).status).toBe(expected);
      expect((await c.get(`/admin/offline/requests/${id}`)).status).toBe(expected);
      expect((await c.get("/admin/offline/dashboard")).status).toBe(expected);
      for (const [action, body] of [
        ["claim", {}],
        ["price", { price: 1000 }],
        ["reject", { template: "not_found" }],
        ["deliver", { link: "https://example.org/x.pdf" }],
        ["assign", { solver_id: user.user.id }],
      ] as const) {
        expect((await deskAction(c, id, action, body)).res.status).toBe(expected);
      }
    }
    expect((await requestRow(id))!["status"]).toBe("registered");
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it("solvers see and act only on solution manuals assigned to them", async () => {
    const owner = await person();
    const admin = await person({ admin: true });
    // registered before these two solvers exist, so its automatic assignment goes to someone else (or nobody)
    const manual = await insertBookOk(owner.client, { url: uniqueTitle("Solutions Manual for Thermodynamics") });
    const book = await insertBookOk(owner.client, { url: uniqueTitle("Thermodynamics") });
    const solver = await person({ solver: true });
    const otherSolver = await person({ solver: true });

    // before assignment: nothing for the solver
    expect((await deskList(solver.client, "status=all")).items).toHaveLength(0);
    expect((await deskAction(solver.client, manual.id, "claim")).res.status).toBe(403);
    expect((await solver.client.get(`/admin/offline/requests/${manual.id}`)).status).toBe(403);
    // solvers cannot assign, nor read the dashboard
    expect((await deskAction(solver.client, manual.id, "assign", { solver_id: solver.user.id })).res.status).toBe(403);
    expect((await solver.client.get("/admin/offline/dashboard")).status).toBe(403);

    // the admin assigns it; a non-solver cannot be assigned
    const solvers = DeskSolverList.parse(await (await admin.client.get("/admin/offline/solvers")).json());
    expect(solvers.solvers.map((s) => s.id)).toContain(solver.user.id);
    const bad = await deskAction(admin.client, manual.id, "assign", { solver_id: owner.user.id });
    expect(bad.res.status).toBe(422);
    expect(ValidationErrorBody.parse(bad.json).errors).toEqual({ solver_id: [t.notSolver] });
    const assigned = await deskActionOk(admin.client, manual.id, "assign", { solver_id: solver.user.id });
    expect(assigned.request).toMatchObject({ assigned_to: { id: solver.user.id }, is_solution: true });

    const list = await deskList(solver.client, "status=all");
    expect(list.items.map((i) => i.id)).toEqual([manual.id]);
    expect((await deskList(otherSolver.client, "status=all")).items).toHaveLength(0);
    expect((await deskAction(otherSolver.client, manual.id, "price", { price: 90_000 })).res.status).toBe(403);
    expect((await deskAction(solver.client, book.id, "price", { price: 90_000 })).res.status).toBe(403);

    // the assigned solver works on it
    await deskActionOk(solver.client, manual.id, "price", { price: 90_000 });
    expect((await requestRow(manual.id))!["price"]).toBe(90_000);
    expect((await requestRow(book.id))!["status"]).toBe("registered");
  });

  it("users see only their own requests and files", async () => {
    const a = await person();
    const b = await person();
    const admin = await person({ admin: true });
    const { id } = await insertBookOk(a.client, { url: uniqueTitle() });
    await uploadFile(admin.client, id, pdfBytes(), "a.pdf");
    expect((await myRequests(b.client, "books")).map((r) => r.id)).not.toContain(id);
    const link = (await myRequests(a.client, "books")).find((r) => r.id === id)!.file!.download_url;
    expect((await b.client.get(link)).status).toBe(403);
    expect((await b.client.post(`/profile/offline/requests/${id}/cancel`, {})).status).toBe(404);
  });
});

describe("the queue", () => {
  it("orders by time left to the running deadline, then age, and filters by status, group, kind, age and user", async () => {
    const u = await person({ funding: { offline: 2 } });
    const admin = await person({ admin: true });
    const late = await insertBookOk(u.client, { url: uniqueTitle("Late") }, T0 - 5 * HOUR);
    const early = await insertBookOk(u.client, { url: uniqueTitle("Early") }, T0 - 10 * HOUR);
    const std = await insertBookOk(u.client, { url: uniqueTitle("Std"), type: "standard" }, T0 - 20 * HOUR);
    const art = await insertArticle(u.client, { url: "10.5555/none-801" }, T0 - HOUR);
    const who = `user=${encodeURIComponent(u.user.email)}`;

    // every kind has a promise now: the standard (due 8 h ago) comes before the books, the article (due in 11 h) last
    const all = await deskList(admin.client, who, T0);
    expect(all.items.map((i) => i.id)).toEqual([std.id, early.id, late.id, art.body["id"]]);
    expect(all.total).toBe(4);

    expect((await deskList(admin.client, `${who}&group=articles`, T0)).items.map((i) => i.id)).toEqual([art.body["id"]]);
    expect((await deskList(admin.client, `${who}&group=books`, T0)).items.map((i) => i.id)).toEqual([std.id, early.id, late.id]);
    expect((await deskList(admin.client, `${who}&kind=standard`, T0)).items.map((i) => i.id)).toEqual([std.id]);
    expect((await deskList(admin.client, `${who}&min_age_hours=8`, T0)).items.map((i) => i.id)).toEqual([std.id, early.id]);

    await deskActionOk(admin.client, late.id, "price", { price: 10_000 }, T0);
    // priced waits on the user: out of the default view, in "open"
    expect((await deskList(admin.client, who, T0)).items.map((i) => i.id)).toEqual([std.id, early.id, art.body["id"]]);
    // (what waits on the user has no running deadline and comes last)
    expect((await deskList(admin.client, `${who}&status=open`, T0)).items.map((i) => i.id)).toEqual([std.id, early.id, art.body["id"], late.id]);
    expect((await deskList(admin.client, `${who}&status=priced`, T0)).items.map((i) => i.id)).toEqual([late.id]);
    expect((await deskList(admin.client, `${who}&status=registered`, T0)).items.map((i) => i.id)).toEqual([std.id, early.id, art.body["id"]]);
    // by mobile, too; and nobody else's
    expect((await deskList(admin.client, `user=${u.user.mobile}&status=open`, T0)).total).toBe(4);
    expect((await deskList(admin.client, `user=nobody-${Math.random()}`, T0)).total).toBe(0);
  });

  it("rejects bad filters with 422", async () => {
    const admin = await person({ admin: true });
    for (const q of ["status=lost", "group=films", "kind=thesis", "min_age_hours=-1", "min_age_hours=abc", "page=0"]) {
      expect((await admin.client.get(`/admin/offline/requests?${q}`)).status, q).toBe(422);
    }
  });

  it("groups the same document: counts, detail and pricing the whole group", async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    const admin = await person({ admin: true });
    const doc = "https://link.springer.com/book/10.1007/978-3-030-77777-7";
    const ra = await insertBookOk(a.client, { url: doc });
    const rb = await insertBookOk(b.client, { url: "10.1007/978-3-030-77777-7" });
    const rc = await insertBookOk(c.client, { url: "doi:10.1007/978-3-030-77777-7", type: "book" });
    const item = (await deskList(admin.client, `user=${encodeURIComponent(a.user.email)}`)).items[0]!;
    expect(item.same_document_open).toBe(2);
    const detail = DeskDetail.parse(await (await admin.client.get(`/admin/offline/requests/${ra.id}`)).json());
    expect(detail.group.map((g) => g.id).sort()).toEqual([rb.id, rc.id].sort());

    await c.client.post(`/profile/offline/requests/${rc.id}/cancel`, {});
    const priced = await deskActionOk(admin.client, ra.id, "price", { price: "۲۵۰٬۰۰۰", apply_to_group: true });
    expect(priced.affected.sort()).toEqual([ra.id, rb.id].sort());
    expect((await requestRow(rb.id))!).toMatchObject({ status: "priced", price: 250_000 });
    expect((await requestRow(rc.id))!["status"]).toBe("cancelled");
    expect((await outbox(b.user.email))[0]?.text).toContain("۲۵۰٬۰۰۰");
  });
});

describe("pricing", () => {
  const bad: [string, unknown, string[]][] = [
    ["missing", {}, [m.priceRequired]],
    ["zero", { price: 0 }, [m.priceInvalid]],
    ["negative", { price: -5 }, [m.priceInvalid]],
    ["fraction", { price: 10.5 }, [m.priceInvalid]],
    ["text", { price: "cheap" }, [m.priceRequired]],
    ["too much", { price: 200_000_000 }, [m.priceInvalid]],
  ];
  it.each(bad)("refuses a %s price with 422 and changes nothing", async (_n, body, errors) => {
    const u = await person();
    const admin = await person({ admin: true });
    const { id } = await insertBookOk(u.client, { url: uniqueTitle() });
    const { res, json } = await deskAction(admin.client, id, "price", body);
    expect(res.status).toBe(422);
    expect(ValidationErrorBody.parse(json).errors).toEqual({ price: errors });
    expect((await requestRow(id))!).toMatchObject({ status: "registered", price: null });
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it("does not price articles (paid with credit) or delivered requests", async () => {
    const u = await person({ funding: { offline: 1 } });
    const admin = await person({ admin: true });
    const art = await insertArticle(u.client, { url: "10.5555/none-811" });
    expect(BusinessErrorBody.parse((await deskAction(admin.client, String(art.body["id"]), "price", { price: 1000 })).json).error).toBe(t.articleNotPriced);
    const { id } = await insertBookOk(u.client, { url: uniqueTitle() });
    await deskActionOk(admin.client, id, "deliver", { link: "https://repo.example.org/free.pdf" });
    expect(BusinessErrorBody.parse((await deskAction(admin.client, id, "price", { price: 1000 })).json).error).toBe(t.wrongStatus("delivered"));
  });

  it("answers 404 for an unknown request", async () => {
    const admin = await person({ admin: true });
    expect((await deskAction(admin.client, "off_doesnotexist00000000", "price", { price: 1000 })).res.status).toBe(404);
  });
});

describe("rejecting", () => {
  it("rejects with a template reason; the user sees and is told the reason", async () => {
    const u = await person();
    const admin = await person({ admin: true });
    const { id } = await insertBookOk(u.client, { url: uniqueTitle() });
    const r = await deskActionOk(admin.client, id, "reject", { template: "not_found" });
    expect(r.request).toMatchObject({ status: "rejected", reject_reason: rejectTemplates.not_found });
    const mine = (await myRequests(u.client, "books")).find((x) => x.id === id)!;
    expect(mine.events.at(-1)).toMatchObject({ action: "rejected", note: rejectTemplates.not_found });
    expect((await outbox(u.user.email))[0]?.text).toContain(rejectTemplates.not_found);
    expect((await auditOf(id)).map((a) => a["action"])).toEqual(["offline.rejected"]);
  });

  it("rejects with a written reason, and needs one", async () => {
    const u = await person();
    const admin = await person({ admin: true });
    const { id } = await insertBookOk(u.client, { url: uniqueTitle() });
    const none = await deskAction(admin.client, id, "reject", { reason: "  " });
    expect(none.res.status).toBe(422);
    expect(ValidationErrorBody.parse(none.json).errors).toEqual({ reason: [m.reasonRequired] });
    const badTemplate = await deskAction(admin.client, id, "reject", { template: "because" });
    expect(badTemplate.res.status).toBe(422);
    await deskActionOk(admin.client, id, "reject", { reason: "نسخهٔ الکترونیکی این ویرایش منتشر نشده است." });
    expect((await requestRow(id))!["reject_reason"]).toBe("نسخهٔ الکترونیکی این ویرایش منتشر نشده است.");
    // rejecting again is refused
    expect(BusinessErrorBody.parse((await deskAction(admin.client, id, "reject", { template: "unclear" })).json).error).toBe(t.wrongStatus("rejected"));
  });

  it("refunds a paid book's price to the wallet, once", async () => {
    const u = await person({ funding: { balance: 100_000 } });
    const admin = await person({ admin: true });
    const { id } = await insertBookOk(u.client, { url: uniqueTitle() });
    await deskActionOk(admin.client, id, "price", { price: 60_000 });
    expect((await pay(u.client, id)).res.status).toBe(200);
    expect((await balancesOf(u.user.id)).balance).toBe(40_000);
    await admin.client.token();
    await Promise.all([1, 2, 3].map(() => deskAction(admin.client, id, "reject", { template: "not_found" })));
    expect((await balancesOf(u.user.id)).balance).toBe(100_000);
    await expectLedgerConsistent(u.user.id);
  });

  it("gives a rejected article's credit back", async () => {
    const u = await person({ funding: { offline: 1 } });
    const admin = await person({ admin: true });
    const art = await insertArticle(u.client, { url: "10.5555/none-821" });
    await deskActionOk(admin.client, String(art.body["id"]), "claim");
    expect((await balancesOf(u.user.id)).offline_article_credit).toBe(0);
    await deskActionOk(admin.client, String(art.body["id"]), "reject", { template: "not_found" });
    expect((await balancesOf(u.user.id)).offline_article_credit).toBe(1);
    await expectLedgerConsistent(u.user.id);
  });
});

describe("delivering", () => {
  it.each([
    ["%PDF- followed by an HTML page", pdfHeaderThenHtml()],
    ["a PDF cut off in transit", truncatedPdf()],
    ["a PDF whose startxref points at an object", pdfWithBadStartxref()],
  ])("refuses %s (422, judged by structure) and leaves the request and the bucket unchanged", async (_label, bytes) => {
    const u = await person();
    const admin = await person({ admin: true });
    const { id } = await insertBookOk(u.client, { url: uniqueTitle() });
    const before = (await env.FILES.list({ prefix: "offline/" })).objects.length;
    const { res, json } = await uploadFile(admin.client, id, bytes, "book.pdf");
    expect(res.status).toBe(422);
    expect(ValidationErrorBody.parse(json).errors).toEqual({ file: [t.notPdf] });
    expect((await env.FILES.list({ prefix: "offline/" })).objects.length).toBe(before);
    expect((await requestRow(id))!["status"]).toBe("registered");
  });

  it("refuses a file that is not a PDF (422) and leaves the request and the bucket unchanged", async () => {
    const u = await person();
    const admin = await person({ admin: true });
    const { id } = await insertBookOk(u.client, { url: uniqueTitle() });
    const before = (await env.FILES.list({ prefix: "offline/" })).objects.length;
    const { res, json } = await uploadFile(admin.client, id, new TextEncoder().encode("<html>not a pdf</html>"), "fake.pdf");
    expect(res.status).toBe(422);
    expect(ValidationErrorBody.parse(json).errors).toEqual({ file: [t.notPdf] });
    expect((await requestRow(id))!["status"]).toBe("registered");
    expect((await env.FILES.list({ prefix: "offline/" })).objects.length).toBe(before);
  });

  it("needs exactly one of a file or a link", async () => {
    const u = await person();
    const admin = await person({ admin: true });
    const { id } = await insertBookOk(u.client, { url: uniqueTitle() });
    const none = await deskAction(admin.client, id, "deliver", {});
    expect(ValidationErrorBody.parse(none.json).errors).toEqual({ file: [m.deliveryRequired] });
    const badLink = await deskAction(admin.client, id, "deliver", { link: "javascript:alert(1)" });
    expect(ValidationErrorBody.parse(badLink.json).errors).toEqual({ link: [m.linkInvalid] });
    const both = await uploadFile(admin.client, id, pdfBytes(), "x.pdf", { link: "https://example.org/x.pdf" });
    expect(ValidationErrorBody.parse(both.json).errors).toEqual({ link: [m.deliveryBoth] });
    expect((await requestRow(id))!["status"]).toBe("registered");
  });

  it("delivers by link; the user sees the link", async () => {
    const u = await person();
    const admin = await person({ admin: true });
    const { id } = await insertBookOk(u.client, { url: uniqueTitle() });
    await deskActionOk(admin.client, id, "deliver", { link: "https://repo.example.org/open-copy.pdf" });
    const mine = (await myRequests(u.client, "books")).find((r) => r.id === id)!;
    expect(mine).toMatchObject({ status: "delivered", delivered_link: "https://repo.example.org/open-copy.pdf", file: null });
  });

  it("does not deliver a request waiting for payment", async () => {
    const u = await person();
    const admin = await person({ admin: true });
    const { id } = await insertBookOk(u.client, { url: uniqueTitle() });
    await deskActionOk(admin.client, id, "price", { price: 5_000 });
    const { json } = await deskAction(admin.client, id, "deliver", { link: "https://example.org/a.pdf" });
    expect(BusinessErrorBody.parse(json).error).toBe(t.wrongStatus("priced"));
  });

  it("delivers one file to every paid request for the same document, not to unpaid ones", async () => {
    const a = await person({ funding: { balance: 50_000 } });
    const b = await person({ funding: { balance: 50_000 } });
    const c = await person();
    const admin = await person({ admin: true });
    const doc = "ISBN 978-1-4028-9462-6";
    const ra = await insertBookOk(a.client, { url: doc });
    const rb = await insertBookOk(b.client, { url: doc });
    const rc = await insertBookOk(c.client, { url: doc });
    await deskActionOk(admin.client, ra.id, "price", { price: 20_000, apply_to_group: true });
    expect((await pay(a.client, ra.id)).res.status).toBe(200);
    expect((await pay(b.client, rb.id)).res.status).toBe(200);
    const up = await uploadFile(admin.client, ra.id, pdfBytes("group"), "group.pdf", { apply_to_group: "1" });
    expect(up.res.status, JSON.stringify(up.json)).toBe(200);
    expect((up.json["affected"] as string[]).sort()).toEqual([ra.id, rb.id].sort());
    expect((await requestRow(rb.id))!).toMatchObject({ status: "delivered", file_key: (await requestRow(ra.id))!["file_key"] });
    expect((await requestRow(rc.id))!["status"]).toBe("priced");
    const linkB = (await myRequests(b.client, "books")).find((r) => r.id === rb.id)!.file!.download_url;
    expect((await b.client.get(linkB)).status).toBe(200);
  });
});

describe("cancelling after payment", () => {
  it("is refused", async () => {
    const u = await person({ funding: { balance: 10_000 } });
    const admin = await person({ admin: true });
    const { id } = await insertBookOk(u.client, { url: uniqueTitle() });
    await deskActionOk(admin.client, id, "price", { price: 10_000 });
    await pay(u.client, id);
    const res = await u.client.post(`/profile/offline/requests/${id}/cancel`, {});
    expect(BusinessErrorBody.parse(await res.json()).error).toBe(t.cannotCancel);
    expect((await requestRow(id))!["status"]).toBe("paid");
  });
});
