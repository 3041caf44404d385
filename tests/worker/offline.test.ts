/**
 * Offline requests through the HTTP surface: registering (with the Persian, content-type, duplicate and
 * credit rules), the user's pages, cancelling, the home feeds, and bad inputs. The desk and the whole
 * loop are in offline-desk.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BusinessErrorBody, ValidationErrorBody } from "../../contract/common";
import { BOOK_PROMISE_MS, LastOfflineList, OfflineCancelOk, OfflineRefusal, offlineMessages as m } from "../../contract/offline";
import { offlineText as t } from "../../worker/features/offline/messages";
import { findRequest } from "../../worker/features/offline/queries";
import { applyChanges, refundFor, type OfflineDeps } from "../../worker/features/offline/service";
import { newClient, outbox } from "./auth-helpers";
import { countRequests, eventsOf, insertArticle, insertBook, insertBookOk, myRequests, person, requestRow, uniqueTitle } from "./offline-factories";
import { balancesOf, db, expectLedgerConsistent } from "./wallet-factories";

// Near the real clock: sessions made by the factories expire a day from now.
const T0 = Math.floor(Date.now() / 1000) * 1000;

describe("POST /insert/offline_book", () => {
  it("registers a book: status ok with can_edit and id, the 12-hour promise, a history row and a confirmation", async () => {
    const { user, client } = await person();
    const title = uniqueTitle();
    const before = await countRequests();
    const ok = await insertBookOk(client, { url: title, more: "ویرایش سوم لطفاً", type: "book" }, T0);
    expect(ok).toEqual({ status: "ok", id: expect.stringMatching(/^off_/), can_edit: true, duplicate: false });
    expect(await countRequests()).toBe(before + 1);

    const row = (await requestRow(ok.id))!;
    expect(row).toMatchObject({
      user_id: user.id,
      kind: "book",
      url: title,
      more: "ویرایش سوم لطفاً",
      status: "registered",
      promise_at: T0 + BOOK_PROMISE_MS,
      created_at: T0,
    });
    expect(String(row["doc_key"])).toMatch(/^title:foundations of testing volume/);
    const events = await eventsOf(ok.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: "registered", to_status: "registered", actor_id: user.id });

    const mail = await outbox(user.email);
    expect(mail[0]?.text).toContain("درخواست آفلاین کتاب شما ثبت شد");
    expect(mail[0]?.text).toContain(title);
    const sms = await outbox(user.mobile);
    expect(sms[0]?.channel).toBe("sms");
  });

  it("registers a standard (type standard, with a DOI) with a 12-hour first-answer promise and no delivery deadline until paid", async () => {
    const { client } = await person();
    const ok = await insertBookOk(client, { url: "IEEE Standard for Ethernet", doi: "10.1109/IEEESTD.2018.8457469", type: "standard" }, T0);
    const row = (await requestRow(ok.id))!;
    expect(row).toMatchObject({
      kind: "standard",
      doi: "10.1109/ieeestd.2018.8457469",
      code: null,
      doc_key: "doi:10.1109/ieeestd.2018.8457469",
      promise_at: T0 + 12 * 3_600_000,
      deliver_by: null,
    });
  });

  it("keeps a standard's number typed in the DOI field as its code, never as a DOI", async () => {
    const { client } = await person();
    const ok = await insertBookOk(client, { url: "Standard test method for tensile properties of plastics", doi: "ASTM D638-14", type: "standard" });
    const row = (await requestRow(ok.id))!;
    expect(row).toMatchObject({ kind: "standard", doi: null, code: "ASTM D638-14", doc_key: "std:astm d638:2014" });
    const mine = (await myRequests(client, "books")).find((r) => r.id === ok.id)!;
    expect(mine).toMatchObject({ doi: null, code: "ASTM D638-14" });
  });

  it("accepts the spec's urlencoded form with _token and treats a missing type as book", async () => {
    const { client } = await person();
    const res = await client.postForm("/insert/offline_book", { url: uniqueTitle("Form Book"), doi: "", more: "" });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    expect((await requestRow(id))!["kind"]).toBe("book");
  });

  it("does not register a duplicate open request of the same user for the same document, and answers the existing one", async () => {
    const { client } = await person();
    const first = await insertBookOk(client, { url: "ISBN 978-0-306-40615-7", type: "book" });
    const before = await countRequests();
    const again = await insertBookOk(client, { url: "0-306-40615-2", more: "again", type: "book" });
    expect(again).toEqual({ status: "ok", id: first.id, can_edit: true, duplicate: true });
    expect(await countRequests()).toBe(before);
  });

  it("registers the same document again once the earlier request is closed", async () => {
    const { client } = await person();
    const title = uniqueTitle();
    const first = await insertBookOk(client, { url: title });
    expect(OfflineCancelOk.parse(await (await client.post(`/profile/offline/requests/${first.id}/cancel`, {})).json()).request.status).toBe("cancelled");
    const second = await insertBookOk(client, { url: title });
    expect(second.duplicate).toBe(false);
    expect(second.id).not.toBe(first.id);
  });

  it("groups the same document from several users under one key (both registered)", async () => {
    const a = await person();
    const b = await person();
    const ra = await insertBookOk(a.client, { url: "https://link.springer.com/book/10.1007/978-3-030-99999-1" });
    const rb = await insertBookOk(b.client, { url: "doi:10.1007/978-3-030-99999-1" });
    expect(rb.id).not.toBe(ra.id);
    expect((await requestRow(ra.id))!["doc_key"]).toBe("doi:10.1007/978-3-030-99999-1");
    expect((await requestRow(rb.id))!["doc_key"]).toBe("doi:10.1007/978-3-030-99999-1");
  });

  it("flags solution manuals for the desk", async () => {
    const { client } = await person();
    const ok = await insertBookOk(client, { url: uniqueTitle("Solutions Manual for Fluid Mechanics") });
    expect((await requestRow(ok.id))!["is_solution"]).toBe(1);
  });

  it("refuses guests with 401 and registers nothing", async () => {
    const c = newClient();
    const before = await countRequests();
    const res = await c.post("/insert/offline_book", { url: uniqueTitle(), type: "book" });
    expect(res.status).toBe(401);
    expect(BusinessErrorBody.parse(await res.json()).error).toMatch(/[\u0600-\u06FF]/);
    const art = await c.post("/insert/offline_article", { url: "10.5555/none-1" });
    expect(art.status).toBe(401);
    expect(await countRequests()).toBe(before);
  });
});

describe("bad inputs answer the spec's 422 shapes and register nothing", () => {
  const long = "x".repeat(2001);
  const bookCases: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ["no url", { type: "book" }, { url: [m.urlRequired] }],
    ["empty url", { url: "", type: "book" }, { url: [m.urlRequired] }],
    ["blank url", { url: "   \n ", type: "book" }, { url: [m.urlRequired] }],
    ["null url", { url: null, doi: "10.1/x" }, { url: [m.urlRequired] }],
    ["url too long", { url: long }, { url: [m.urlTooLong] }],
    ["url not a string", { url: 12345 }, { url: [m.urlRequired] }],
    ["unknown type", { url: "A book", type: "magazine" }, { type: [m.typeInvalid] }],
    ["doi too long", { url: "A book", doi: "1".repeat(301) }, { doi: [m.doiTooLong] }],
    ["description too long", { url: "A book", more: long }, { more: [m.moreTooLong] }],
  ];
  it.each(bookCases)("offline_book: %s", async (_name, body, errors) => {
    const { client } = await person();
    const before = await countRequests();
    const res = await client.post("/insert/offline_book", body);
    expect(res.status).toBe(422);
    const json = ValidationErrorBody.parse(await res.json());
    expect(json.errors).toEqual(errors);
    expect(json.message).toBe(Object.values(errors)[0]![0]);
    expect(await countRequests()).toBe(before);
  });

  const articleCases = bookCases.filter(([name]) => name !== "unknown type");
  it.each(articleCases)("offline_article: %s", async (_name, body, errors) => {
    const { client } = await person({ funding: { offline: 2 } });
    const before = await countRequests();
    const res = await client.post("/insert/offline_article", body);
    expect(res.status).toBe(422);
    expect(ValidationErrorBody.parse(await res.json()).errors).toEqual(errors);
    expect(await countRequests()).toBe(before);
  });

  it("refuses a request without the CSRF token with 419", async () => {
    const { client } = await person();
    const before = await countRequests();
    const res = await client.fetch("/insert/offline_book", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: "A book" }),
    });
    expect(res.status).toBe(419);
    expect(await countRequests()).toBe(before);
  });

  it("answers malformed JSON with 422, not 500", async () => {
    const { client } = await person();
    const res = await client.fetch("/insert/offline_book", {
      method: "POST",
      headers: { "content-type": "application/json", "x-csrf-token": await client.token() },
      body: "{url:",
    });
    expect(res.status).toBe(422);
  });
});

describe("Persian-language requests are refused with the spec's notice", () => {
  // Through the endpoint: what is refused, what is not. The detector's own table (99 cases) is lib/persian-detect.test.ts.
  const refused: [string, Record<string, unknown>][] = [
    ["a Persian title", { url: "بررسی روش‌های یادگیری عمیق در پردازش تصویر" }],
    ["a Persian book title", { url: "اصول مهندسی کنترل خطی" }],
    ["Persian typed on an Arabic keyboard", { url: "مباني مهندسي برق براي دانشجويان" }],
    ["a Persian title with an English term", { url: "کاربرد شبکه‌های عصبی LSTM در پیش‌بینی بار" }],
    ["a sid.ir link", { url: "https://www.sid.ir/paper/123456/fa" }],
    ["a magiran link", { url: "https://www.magiran.com/paper/1234567" }],
    ["a university journal on .ac.ir", { url: "https://jme.ut.ac.ir/article_12345.html" }],
    ["a civilica link without scheme", { url: "civilica.com/doc/123456" }],
    ["an Iranian link pasted in the description", { url: "Some title", more: "see https://noormags.ir/view/fa/articlepage/1" }],
    ["a DOI whose Crossref record is Persian", { url: "10.5555/persian-3" }],
  ];
  it.each(refused)("refuses %s", async (_name, body) => {
    const { user, client } = await person({ funding: { offline: 1 } });
    const before = await countRequests();
    for (const path of ["/insert/offline_book", "/insert/offline_article"]) {
      const res = await client.post(path, body);
      expect(res.status).toBe(200);
      const json = OfflineRefusal.parse(await res.json());
      expect(json.error.startsWith(t.persianRefused)).toBe(true);
      expect(json.code).toBe("persian_document");
    }
    expect(await countRequests()).toBe(before);
    expect((await balancesOf(user.id)).offline_article_credit).toBe(1);
  });

  const accepted: [string, Record<string, unknown>][] = [
    ["an English title with a Persian description", { url: uniqueTitle("Deep Learning"), more: "لطفاً نسخهٔ کامل کتاب را بفرستید، ممنون" }],
    ["an English title with one Persian word", { url: `${uniqueTitle("Handbook of Tehran")} کتاب` }],
    ["an Arabic title", { url: "دراسة في الأدب العربي الحديث" }],
    ["an Urdu title", { url: "پاکستان میں اردو زبان کی ترقی اور اس کے مسائل" }],
    ["transliterated Persian", { url: uniqueTitle("Barresi-ye ravesh-haye novin") }],
    ["a Persian word in a foreign link's path", { url: `https://example.org/${encodeURIComponent("کتاب")}/${Math.random().toString(36).slice(2)}` }],
  ];
  it.each(accepted)("accepts %s", async (_name, body) => {
    const { client } = await person();
    const { res, body: json } = await insertBook(client, body);
    expect(res.status).toBe(200);
    expect(json["status"], JSON.stringify(json)).toBe("ok");
  });
});

describe("a request of the wrong content type is not registered; the user is told what to use", () => {
  const cases: [string, "/insert/offline_book" | "/insert/offline_article", Record<string, unknown>, string, string][] = [
    ["an article DOI sent as a book", "/insert/offline_book", { url: "10.5555/none-7", type: "book" }, t.articleSentAsBook, "article"],
    ["an article link sent as a book", "/insert/offline_book", { url: "https://arxiv.org/abs/2001.01234", type: "book" }, t.articleSentAsBook, "article"],
    ["a PubMed id sent as a standard", "/insert/offline_book", { url: "PMID: 12345678", type: "standard" }, t.articleSentAsBook, "article"],
    [
      "a standard DOI sent as a book",
      "/insert/offline_book",
      { url: "IEEE 802.3", doi: "10.1109/IEEESTD.2018.8457469", type: "book" },
      t.standardSentAsBook,
      "standard",
    ],
    ["an ISBN sent as an article", "/insert/offline_article", { url: "ISBN 978-0-306-40615-7" }, t.bookSentAsArticle, "book"],
    [
      "a book link sent as an article",
      "/insert/offline_article",
      { url: "https://link.springer.com/book/10.1007/978-3-030-12345-6" },
      t.bookSentAsArticle,
      "book",
    ],
    ["a standard sent as an article", "/insert/offline_article", { url: "https://standards.ieee.org/ieee/802.11/7028/" }, t.standardSentAsArticle, "standard"],
  ];
  it.each(cases)("%s", async (_name, path, body, hint, use) => {
    const { user, client } = await person({ funding: { offline: 1 } });
    const before = await countRequests();
    const res = await client.post(path, body);
    expect(OfflineRefusal.parse(await res.json())).toEqual({ status: "error", error: hint, code: "wrong_type", use });
    expect(await countRequests()).toBe(before);
    expect((await balancesOf(user.id)).offline_article_credit).toBe(1);
  });
});

describe("POST /insert/offline_article", () => {
  it("spends one offline request credit through the ledger", async () => {
    const { user, client } = await person({ funding: { offline: 2 } });
    const { res, body } = await insertArticle(client, { url: "10.5555/none-21", more: "urgent" }, T0);
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ status: "ok", can_edit: true, duplicate: false });
    const row = (await requestRow(String(body["id"])))!;
    // the credit is spent now, so its deadline runs from now (12 hours by default)
    expect(row).toMatchObject({
      kind: "article",
      doi: "10.5555/none-21",
      doc_key: "doi:10.5555/none-21",
      promise_at: T0 + 12 * 3_600_000,
      deliver_by: T0 + 12 * 3_600_000,
    });
    // Crossref's title is kept for staff
    expect(String(row["title"])).toContain("test article 21");
    expect((await balancesOf(user.id)).offline_article_credit).toBe(1);
    await expectLedgerConsistent(user.id);
    const { results } = await env.DB.prepare("SELECT * FROM ledger_entries WHERE user_id = ? AND reason = 'spend_offline'").bind(user.id).all();
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ account: "offline_article_credit", delta: -1, ref_type: "offline_request", ref_id: body["id"] });
  });

  it("answers 'offline request credit is insufficient' without credit and registers nothing", async () => {
    const { user, client } = await person();
    const before = await countRequests();
    const { res, body } = await insertArticle(client, { url: "10.5555/none-22" });
    expect(res.status).toBe(200);
    expect(body).toEqual({ status: "error", error: t.creditInsufficient, code: "offline_credit_insufficient" });
    expect(await countRequests()).toBe(before);
    await expectLedgerConsistent(user.id);
  });

  it("does not spend a second credit on a duplicate", async () => {
    const { user, client } = await person({ funding: { offline: 3 } });
    const a = await insertArticle(client, { url: "https://doi.org/10.5555/none-23" });
    const b = await insertArticle(client, { url: "10.5555/NONE-23" });
    expect(b.body).toMatchObject({ status: "ok", id: a.body["id"], duplicate: true });
    expect((await balancesOf(user.id)).offline_article_credit).toBe(2);
  });

  it("never spends more credit than there is when requests race", async () => {
    const { user, client } = await person({ funding: { offline: 1 } });
    await client.token();
    const results = await Promise.all([1, 2, 3, 4].map((i) => insertArticle(client, { url: `10.5555/none-${300 + i}` })));
    const ok = results.filter((r) => r.body["status"] === "ok");
    expect(ok).toHaveLength(1);
    for (const r of results.filter((r) => r.body["status"] !== "ok"))
      expect(r.body).toEqual({ status: "error", error: t.creditInsufficient, code: "offline_credit_insufficient" });
    expect((await balancesOf(user.id)).offline_article_credit).toBe(0);
    await expectLedgerConsistent(user.id);
  });
});

describe("the user's request pages", () => {
  it("lists only the user's own requests of the group, with the history", async () => {
    const a = await person({ funding: { offline: 1 } });
    const b = await person();
    const book = await insertBookOk(a.client, { url: uniqueTitle() }, T0);
    const std = await insertBookOk(a.client, { url: uniqueTitle("Standard"), type: "standard" }, T0 + 1000);
    const art = await insertArticle(a.client, { url: "10.5555/none-41" });
    await insertBookOk(b.client, { url: uniqueTitle() });

    const books = await myRequests(a.client, "books", T0 + 3_600_000);
    expect(books.map((r) => r.id).sort()).toEqual([book.id, std.id].sort());
    const bookView = books.find((r) => r.id === book.id)!;
    expect(bookView).toMatchObject({
      kind: "book",
      status: "registered",
      price: null,
      can_cancel: true,
      can_pay: false,
      can_edit: true,
      file: null,
      promise_at: new Date(T0 + BOOK_PROMISE_MS).toISOString(),
    });
    expect(bookView.events).toEqual([{ status: "registered", action: "registered", at: new Date(T0).toISOString(), note: null }]);

    const articles = await myRequests(a.client, "articles");
    expect(articles.map((r) => r.id)).toEqual([art.body["id"]]);
    expect((await myRequests(b.client, "books")).some((r) => r.id === book.id)).toBe(false);
  });

  it("refuses guests", async () => {
    expect((await newClient().get("/profile/offline/requests?group=books")).status).toBe(401);
  });

  it("rejects an unknown group with 422", async () => {
    const { client } = await person();
    expect((await client.get("/profile/offline/requests?group=films")).status).toBe(422);
  });
});

describe("cancelling", () => {
  it("cancels an unpaid book and writes the history", async () => {
    const { client } = await person();
    const { id } = await insertBookOk(client, { url: uniqueTitle() });
    const res = await client.post(`/profile/offline/requests/${id}/cancel`, {});
    expect(res.status).toBe(200);
    const view = OfflineCancelOk.parse(await res.json()).request;
    expect(view).toMatchObject({ status: "cancelled", can_cancel: false, can_pay: false });
    expect(view.events.map((e) => e.action)).toEqual(["registered", "cancelled"]);
    // a second cancel changes nothing
    const again = await client.post(`/profile/offline/requests/${id}/cancel`, {});
    expect(BusinessErrorBody.parse(await again.json()).error).toBe(t.cannotCancel);
    expect(await eventsOf(id)).toHaveLength(2);
  });

  it("gives an unstarted article's credit back, once", async () => {
    const { user, client } = await person({ funding: { offline: 1 } });
    const { body } = await insertArticle(client, { url: "10.5555/none-51" });
    expect((await balancesOf(user.id)).offline_article_credit).toBe(0);
    await client.token();
    await Promise.all([1, 2, 3].map(() => client.post(`/profile/offline/requests/${body["id"]}/cancel`, {})));
    expect((await balancesOf(user.id)).offline_article_credit).toBe(1);
    await expectLedgerConsistent(user.id);
    expect((await requestRow(String(body["id"])))!["status"]).toBe("cancelled");
  });

  it("does not let another user cancel (404, unchanged)", async () => {
    const owner = await person();
    const other = await person();
    const { id } = await insertBookOk(owner.client, { url: uniqueTitle() });
    const res = await other.client.post(`/profile/offline/requests/${id}/cancel`, {});
    expect(res.status).toBe(404);
    expect((await requestRow(id))!["status"]).toBe("registered");
  });
});

describe("GET /last_offline_books and /last_offline_articles", () => {
  it("answer the latest rows with created_at and url only, to anyone", async () => {
    const { client } = await person({ funding: { offline: 1 } });
    const title = uniqueTitle("Feed Book");
    await insertBookOk(client, { url: title });
    await insertArticle(client, { url: "10.5555/none-61" });
    const guest = newClient();
    const books = LastOfflineList.parse(await (await guest.get("/last_offline_books")).json());
    expect(books.length).toBeLessThanOrEqual(20);
    expect(books.some((r) => r.url === title)).toBe(true);
    for (const row of books) expect(Object.keys(row).sort()).toEqual(["created_at", "url"]);
    const articles = LastOfflineList.parse(await (await guest.get("/last_offline_articles")).json());
    expect(articles.some((r) => r.url.includes("test article 61"))).toBe(true);
    expect(articles.every((r) => !books.includes(r))).toBe(true);
  });

  it("never carries who asked", async () => {
    const { user, client } = await person();
    await insertBookOk(client, { url: uniqueTitle() });
    const text = await (await newClient().get("/last_offline_books")).text();
    expect(text).not.toContain(user.email);
    expect(text).not.toContain(user.id);
    expect(text).not.toContain(user.mobile);
  });

  it("shows at most 20, newest first", async () => {
    const { client } = await person();
    for (let i = 0; i < 22; i++) await insertBookOk(client, { url: uniqueTitle(`Many ${i}`) }, T0 + 10_000_000 + i * 1000);
    const rows = LastOfflineList.parse(await (await newClient().get("/last_offline_books")).json());
    expect(rows).toHaveLength(20);
    const times = rows.map((r) => Date.parse(r.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(rows[0]!.url).toContain("Many 21");
  });
});

describe("a change that lost a race writes nothing", () => {
  it("a refund built on a stale read rolls back with its change", async () => {
    const { user, client } = await person({ funding: { offline: 1 } });
    const { body } = await insertArticle(client, { url: "10.5555/none-91" });
    const id = String(body["id"]);
    const stale = (await findRequest(db(), id))!;
    // meanwhile the user cancels: the credit comes back once
    expect((await client.post(`/profile/offline/requests/${id}/cancel`, {})).status).toBe(200);
    expect((await balancesOf(user.id)).offline_article_credit).toBe(1);
    const deps = { db: db(), now: Date.now() } as OfflineDeps;
    const change = { row: stale, to: "rejected" as const, action: "rejected", actorId: null, note: "late", audit: {}, extra: refundFor(deps, stale, "late") };
    await expect(applyChanges(deps, [change])).rejects.toThrow(t.changedMeanwhile);
    expect((await balancesOf(user.id)).offline_article_credit).toBe(1);
    expect((await requestRow(id))!["status"]).toBe("cancelled");
    expect((await eventsOf(id)).map((e) => e["action"])).toEqual(["registered", "cancelled"]);
    await expectLedgerConsistent(user.id);
  });
});
