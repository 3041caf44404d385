/**
 * A hostile review of the desk's money and file-delivery rules (price with the file, deliver on
 * payment, one piece of work per edition): every way we could think of for a user to get a file
 * attached at pricing without paying for it, to be charged or delivered twice, to be handed a price
 * or a file for a document they did not ask for, or to read what is the staff's alone.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DeskAlerts, OfflineRequestList } from "../../../contract/offline";
import { createDb } from "../../../db/client";
import { createLogger } from "../../../lib/logger";
import worker from "../../../worker/index";
import { createNotifier } from "../../../worker/features/notify/notifier";
import { offlineRequestProduct } from "../../../worker/features/offline/fulfiller";
import type { OfflineDeps } from "../../../worker/features/offline/context";
import { registerRequest } from "../../../worker/features/offline/requests";
import { newClient, outbox, userRow } from "../helpers/auth-helpers";
import { startGateway } from "../helpers/gateway-helpers";
import { seedDemoData } from "../helpers/helpers";
import {
  deskAction,
  deskActionOk,
  deliveredEvents,
  deskDetail,
  eventsOf,
  insertArticle,
  insertBookOk,
  myRequests,
  pay,
  pdfBytes,
  person,
  priceWithFile,
  readyNotices,
  requestRow,
  uniqueTitle,
  userSeesRaw,
} from "../helpers/offline-factories";
import { balancesOf, expectLedgerConsistent } from "../helpers/wallet-factories";

beforeAll(async () => {
  await seedDemoData();
});

const row = async (id: string) => (await requestRow(id))!;

describe("a file attached at pricing is reached only by paying for it", () => {
  it("another member of the group paying delivers to them alone; their link, the bare key and a guest are refused to me", async () => {
    const admin = await person({ admin: true });
    const a = await person({ funding: { balance: 100_000 } });
    const b = await person({ funding: { balance: 100_000 } });
    const title = uniqueTitle("Shared Group Payment");
    const ra = await insertBookOk(a.client, { url: `${title}, 3rd edition` });
    const rb = await insertBookOk(b.client, { url: `${title} (3rd ed.)` });
    expect((await row(rb.id))["group_key"]).toBe((await row(ra.id))["group_key"]);
    const priced = await priceWithFile(admin.client, ra.id, 40_000, pdfBytes("group paid"), "shared.pdf", { apply_to_group: "1" });
    expect(priced.res.status, JSON.stringify(priced.json)).toBe(200);

    expect((await pay(b.client, rb.id)).res.status).toBe(200);
    expect((await row(rb.id))["status"]).toBe("delivered");
    expect(await row(ra.id)).toMatchObject({ status: "priced", file_key: null, delivered_at: null });
    const key = String((await row(rb.id))["file_key"]);
    const theirs = (await myRequests(b.client, "books")).find((r) => r.id === rb.id)!;

    // nothing of it in my answers; their link, the bare address and a guest get nothing
    expect((await myRequests(a.client, "books")).find((r) => r.id === ra.id)).toMatchObject({ status: "priced", file: null, delivered_link: null });
    const raw = await userSeesRaw(a.client);
    expect(raw).not.toContain(key.replace(/^offline\//, ""));
    expect(raw).not.toContain("shared.pdf");
    expect((await a.client.get(theirs.file!.download_url)).status).toBe(403);
    expect((await a.client.get(`/files/${key}`)).status).toBe(403);
    expect((await newClient().get(theirs.file!.download_url)).status).toBe(403);
    // the link with its expiry moved, or its signature cut or changed, is refused to its owner too
    const u = new URL(theirs.file!.download_url, "https://daryaft.test");
    const exp = Number(u.searchParams.get("exp"));
    const sig = u.searchParams.get("sig")!;
    expect((await b.client.get(`${u.pathname}?exp=${exp + 3600}&sig=${sig}`)).status).toBe(403);
    expect((await b.client.get(`${u.pathname}?exp=${exp}&sig=${sig.slice(0, 39)}0`)).status).toBe(403);
    expect((await b.client.get(`${u.pathname}?exp=${exp}`)).status).toBe(403);
    // replayed after its 24 hours: refused
    expect((await b.client.get(theirs.file!.download_url, { now: exp * 1000 + 1000 })).status).toBeGreaterThanOrEqual(403);
    // and mine can still only be paid by me, at the price staff set, for the same file
    expect((await pay(a.client, ra.id)).res.status).toBe(200);
    expect(await row(ra.id)).toMatchObject({ status: "delivered", file_key: key });
    await expectLedgerConsistent(a.user.id);
    await expectLedgerConsistent(b.user.id);
  });

  it("a user cannot pay for someone else's priced request, nor use any desk verb to reach its file", async () => {
    const admin = await person({ admin: true });
    const owner = await person({ funding: { balance: 100_000 } });
    const thief = await person({ funding: { balance: 100_000 } });
    const { id } = await insertBookOk(owner.client, { url: uniqueTitle("Not Yours") });
    expect((await priceWithFile(admin.client, id, 30_000, pdfBytes("not yours"), "not-yours.pdf")).res.status).toBe(200);
    const mine = await insertBookOk(thief.client, { url: uniqueTitle("Thief's own") });

    const paid = await pay(thief.client, id);
    expect(paid.json["status"]).toBe("error");
    expect((await balancesOf(thief.user.id)).balance).toBe(100_000);
    for (const [verb, body] of [
      ["price", { price: 1, file_from: id }],
      ["deliver", { file_from: id }],
      ["same_as", { target: id }],
      ["note", { note: "x" }],
      ["split", {}],
      ["claim", {}],
    ] as const) {
      expect((await deskAction(thief.client, mine.id, verb, body)).res.status, verb).toBe(403);
      expect((await deskAction(thief.client, id, verb, body)).res.status, verb).toBe(403);
    }
    expect((await thief.client.get(`/admin/offline/requests/${id}`)).status).toBe(403);
    expect((await thief.client.get(`/admin/offline/requests?q=${encodeURIComponent("Not Yours")}`)).status).toBe(403);
    expect((await thief.client.get("/admin/offline/alerts")).status).toBe(403);
    expect(await row(mine.id)).toMatchObject({ status: "registered", prepared_file_key: null, file_key: null });
    expect(await row(id)).toMatchObject({ status: "priced", file_key: null });
  });

  it("a solver's file_from or apply_to_group never reaches a request that is not theirs", async () => {
    const admin = await person({ admin: true });
    const solver = await person({ solver: true });
    const u = await person({ funding: { balance: 100_000 } });
    const title = uniqueTitle("Solutions Manual for Thermo Attack");
    const other = await insertBookOk(u.client, { url: `${title}, 2nd edition` });
    // the other request is someone else's work: priced with a file by an admin
    expect((await priceWithFile(admin.client, other.id, 30_000, pdfBytes("solver"), "manual.pdf", { take_over: "1" })).res.status).toBe(200);
    await env.DB.prepare("UPDATE offline_requests SET assigned_to = NULL WHERE id = ?").bind(other.id).run();
    const v = await person();
    const mine = await insertBookOk(v.client, { url: `${title} (2nd ed.)` });
    expect(mine.id).not.toBe(other.id);
    await env.DB.prepare("UPDATE offline_requests SET assigned_to = ?, is_solution = 1 WHERE id = ?").bind(solver.user.id, mine.id).run();
    await env.DB.prepare("UPDATE offline_requests SET is_solution = 1 WHERE id = ?").bind(other.id).run();

    const lent = await deskAction(solver.client, mine.id, "price", { price: 1_000, file_from: other.id });
    expect(lent.res.status).toBe(422);
    const group = await deskActionOk(solver.client, mine.id, "price", { price: 1_000, apply_to_group: true });
    expect(group.affected).toEqual([mine.id]);
    expect(await row(other.id)).toMatchObject({ price: 30_000 });
  });
});

describe("a file attached at pricing, after the payment delivered it", () => {
  it("cannot be cancelled, rejected or refunded; the money and the file stay as paid, once", async () => {
    const admin = await person({ admin: true });
    const u = await person({ funding: { balance: 100_000 } });
    const { id } = await insertBookOk(u.client, { url: uniqueTitle("After Delivery") });
    expect((await priceWithFile(admin.client, id, 25_000, pdfBytes("after"), "after.pdf")).res.status).toBe(200);
    expect((await pay(u.client, id)).res.status).toBe(200);
    expect((await row(id))["status"]).toBe("delivered");

    const cancel = await u.client.post(`/profile/offline/requests/${id}/cancel`, {});
    expect(cancel.status).toBeLessThan(500);
    expect(((await cancel.json()) as { status: string }).status).toBe("error");
    for (const [verb, body] of [
      ["reject", { template: "not_found" }],
      ["price", { price: 1_000 }],
      ["claim", {}],
    ] as const) {
      const r = await deskAction(admin.client, id, verb, body);
      expect(r.res.status, verb).toBeLessThan(500);
      expect(r.json["status"], verb).toBe("error");
    }
    expect((await pay(u.client, id)).json["status"]).toBe("error");
    expect((await row(id))["status"]).toBe("delivered");
    expect((await balancesOf(u.user.id)).balance).toBe(75_000);
    expect(await deliveredEvents(id)).toHaveLength(1);
    expect(await readyNotices(u)).toHaveLength(1);
    await expectLedgerConsistent(u.user.id);
  });
});

describe("one edition, one piece of work — and nothing more", () => {
  it("an article request never joins a book's group: the book's file and price never reach it for one article credit", async () => {
    const admin = await person({ admin: true });
    const reader = await person({ funding: { balance: 200_000 } });
    const chancer = await person({ funding: { offline: 2 } });
    const title = uniqueTitle("Cross Kind Algorithms");
    const book = await insertBookOk(reader.client, { url: `${title}, 4th edition` });
    const art = await insertArticle(chancer.client, { url: `${title} (4th ed.)` });
    expect(art.res.status, JSON.stringify(art.body)).toBe(200);
    const articleId = String(art.body["id"]);
    expect((await row(articleId))["group_key"]).not.toBe((await row(book.id))["group_key"]);
    expect((await deskDetail(admin.client, book.id)).group.map((g) => g.id)).not.toContain(articleId);
    expect((await deskDetail(admin.client, book.id)).suggestions.map((g) => g.id)).not.toContain(articleId);

    // the book is priced with its file for the group, then paid; the article has only a credit spent
    await deskActionOk(admin.client, articleId, "claim", { take_over: true });
    expect((await priceWithFile(admin.client, book.id, 150_000, pdfBytes("clrs"), "clrs.pdf", { apply_to_group: "1" })).res.status).toBe(200);
    expect((await pay(reader.client, book.id)).res.status).toBe(200);
    // a second book request joins later, paid without a file, and is delivered to its group
    const again = await insertBookOk(reader.client, { url: `${title} fourth edition hardcover` });
    void again;
    const { res } = await deskAction(admin.client, book.id, "deliver", { file_from: book.id, apply_to_group: true });
    expect(res.status).toBeLessThan(500);
    expect(await row(articleId)).toMatchObject({ status: "in_progress", file_key: null, prepared_file_key: null });
    expect((await myRequests(chancer.client, "articles")).find((r) => r.id === articleId)).toMatchObject({ file: null });
  });

  it("a request split off its group after the group's file was attached does not carry that file to its payment", async () => {
    const admin = await person({ admin: true });
    const a = await person({ funding: { balance: 100_000 } });
    const b = await person({ funding: { balance: 100_000 } });
    const title = uniqueTitle("Split After Attach");
    const ra = await insertBookOk(a.client, { url: `${title}, 5th edition` });
    const rb = await insertBookOk(b.client, { url: `${title} (5th ed.)` });
    expect(await row(rb.id)).toMatchObject({ group_key: (await row(ra.id))["group_key"], group_basis: "title" });
    expect((await priceWithFile(admin.client, ra.id, 50_000, pdfBytes("fifth"), "fifth-edition.pdf", { apply_to_group: "1" })).res.status).toBe(200);
    expect((await row(rb.id))["prepared_file_key"]).toBe((await row(ra.id))["prepared_file_key"]);

    // staff find b wanted another printing (its note says so): not the same document
    await deskActionOk(admin.client, rb.id, "split", {});
    expect(await row(rb.id)).toMatchObject({ prepared_file_key: null, prepared_link: null });
    expect((await deskDetail(admin.client, rb.id)).request.prepared).toBeNull();
    expect((await pay(b.client, rb.id)).res.status).toBe(200);
    expect(await row(rb.id)).toMatchObject({ status: "paid", file_key: null });
    expect(await readyNotices(b)).toEqual([]);
    // the group keeps its file
    expect((await pay(a.client, ra.id)).res.status).toBe(200);
    expect(await row(ra.id)).toMatchObject({ status: "delivered", file_name: "fifth-edition.pdf" });
  });

  it("a request grouped without its edition is not priced or given a file through its group until staff confirm it", async () => {
    const admin = await person({ admin: true });
    const a = await person({ funding: { balance: 100_000 } });
    const b = await person({ funding: { balance: 100_000 } });
    const c = await person({ funding: { balance: 100_000 } });
    const title = uniqueTitle("Unconfirmed Edition");
    const ra = await insertBookOk(a.client, { url: `${title}, 5th edition` });
    const rb = await insertBookOk(b.client, { url: title });
    const rc = await insertBookOk(c.client, { url: `${title} (5th ed.)` });
    expect((await row(rb.id))["group_basis"]).toBe("title_no_edition");
    expect((await row(rc.id))["group_key"]).toBe((await row(ra.id))["group_key"]);

    // the fifth edition's file, priced for the group from a: c (5th ed.) gets it, b (edition unknown) does not
    const priced = await priceWithFile(admin.client, ra.id, 50_000, pdfBytes("fifth"), "fifth.pdf", { apply_to_group: "1" });
    expect(priced.res.status, JSON.stringify(priced.json)).toBe(200);
    expect((priced.json["affected"] as string[]).sort()).toEqual([ra.id, rc.id].sort());
    expect(await row(rb.id)).toMatchObject({ status: "registered", price: null, prepared_file_key: null });
    // from b, whose link to the group is unconfirmed, nothing spreads either
    const fromB = await deskActionOk(admin.client, rb.id, "price", { price: 10_000, apply_to_group: true });
    expect(fromB.affected).toEqual([rb.id]);
    expect((await row(rc.id))["price"]).toBe(50_000);
    // paid members are not delivered to b through the group
    expect((await pay(b.client, rb.id)).res.status).toBe(200);
    await deskActionOk(admin.client, ra.id, "price", { price: 50_000, file_from: rc.id, apply_to_group: true });
    expect(await row(rb.id)).toMatchObject({ status: "paid", file_key: null });

    // once staff confirm b belongs, the group reaches it
    await deskActionOk(admin.client, rb.id, "confirm_group", {});
    const again = await deskActionOk(admin.client, ra.id, "price", { price: 50_000, file_from: rc.id, apply_to_group: true });
    expect(again.affected).toContain(rb.id);
    expect(await row(rb.id)).toMatchObject({ status: "delivered", file_name: "fifth.pdf" });
  });

  it("a crafted request of another edition, or with another ISBN, does not join a group to take its price or file", async () => {
    const admin = await person({ admin: true });
    const victim = await person({ funding: { balance: 100_000 } });
    const chancer = await person({ funding: { balance: 100_000 } });
    const title = uniqueTitle("Crafted Join");
    const v = await insertBookOk(victim.client, { url: `${title}, 2nd edition`, more: "ISBN 978-0-13-468599-1" });
    expect((await priceWithFile(admin.client, v.id, 40_000, pdfBytes("crafted"), "crafted.pdf")).res.status).toBe(200);
    for (const url of [`${title}, 3rd edition`, `${title} ed. 1`, `${title} چاپ سوم`]) {
      const c = await insertBookOk(chancer.client, { url });
      expect((await row(c.id))["group_key"], url).not.toBe((await row(v.id))["group_key"]);
    }
    const other = await insertBookOk(chancer.client, { url: "ISBN 978-0-262-04630-5" });
    expect((await row(other.id))["group_key"]).not.toBe((await row(v.id))["group_key"]);
    // the same edition may join — but nothing comes with joining: no price, no file, nothing delivered
    const same = await insertBookOk(chancer.client, { url: `${title.toUpperCase()} (2nd ed.)` });
    expect(await row(same.id)).toMatchObject({ group_key: (await row(v.id))["group_key"], status: "registered", price: null, prepared_file_key: null });
    expect((await pay(chancer.client, same.id)).json["status"]).toBe("error");
  });
});

describe("staff alerts", () => {
  it("look back a bounded time however early `since` is: the count does not grow with every request ever stored", async () => {
    const admin = await person({ admin: true });
    const u = await person();
    const now = Date.now();
    // a request registered well before the alerts' window
    await insertBookOk(u.client, { url: uniqueTitle("Old Alert") }, now - 40 * 86_400_000);
    const fromStart = DeskAlerts.parse(await (await admin.client.get("/admin/offline/alerts?since=0", { now })).json());
    const bounded = DeskAlerts.parse(await (await admin.client.get(`/admin/offline/alerts?since=${now - 7 * 86_400_000}`, { now })).json());
    expect(fromStart.new_requests).toBe(bounded.new_requests);
    expect(fromStart.payments).toBe(bounded.payments);
  });

  it("e-mails go out after the answer: registration and payment hand them to `defer`, never wait for them", async () => {
    const keen = await person({ admin: true });
    expect((await keen.client.post("/admin/offline/alert_prefs", { email_new_requests: true, email_payments: true })).status).toBe(200);
    const staffMail = async () =>
      (await outbox(keen.user.email)).filter((x) => x.subject?.startsWith("درخواست آفلاین تازه") || x.subject?.startsWith("پرداخت درخواست آفلاین"));
    try {
      const u = await person({ funding: { balance: 100_000 } });
      const now = Date.now();
      const db = createDb(env.DB);
      const log = createLogger("deferred-alerts");
      const tasks: (() => Promise<void>)[] = [];
      const notifier = createNotifier({ env, db, log, now: () => now });
      const deps: OfflineDeps = {
        db,
        log,
        now,
        notifier,
        signingSecret: "test",
        files: env.FILES,
        origin: "https://daryaft.test",
        metadata: { doi: async () => null, isbn: async () => null },
        defer: (task) => void tasks.push(task),
      };
      const { id } = await registerRequest(deps, (await userRow(u.user.id))!, { url: uniqueTitle("Deferred alert") }, "book");
      expect(await staffMail()).toEqual([]);
      expect(tasks).toHaveLength(1);
      await tasks.shift()!();
      expect(await staffMail()).toHaveLength(1);

      // the payment's receipt hook: the buyer's receipt at once, the staff alert handed over
      await deskActionOk(keen.client, id, "price", { price: 20_000 }, now + 1000);
      expect((await pay(u.client, id, now + 2000)).res.status).toBe(200);
      const before = (await staffMail()).length;
      await offlineRequestProduct.paid!(
        { db, notifier, log, origin: "https://daryaft.test", defer: (task) => void tasks.push(task) },
        { kind: "offline_request", quantity: 1, ref: id },
        { userId: u.user.id, orderId: "ord_test", now: now + 2000 },
      );
      expect(await staffMail()).toHaveLength(before);
      expect(tasks).toHaveLength(1);
      await tasks.shift()!();
      expect(await staffMail()).toHaveLength(before + 1);
    } finally {
      await keen.client.post("/admin/offline/alert_prefs", { email_new_requests: false, email_payments: false });
    }
  });

  it("refuse a hostile `since` with a Persian 422", async () => {
    const admin = await person({ admin: true });
    for (const since of ["-1", "1.5", "1e400", "9".repeat(400), "abc"]) {
      const res = await admin.client.get(`/admin/offline/alerts?since=${since}`);
      expect(res.status, since).toBe(422);
      expect(await res.text()).toMatch(/[\u0600-\u06ff]/);
    }
  });
});

describe("validation of the desk's new verbs: Persian 422, nothing changed", () => {
  it("price, same_as, note and file_from refuse bad input without a change", async () => {
    const admin = await person({ admin: true });
    const u = await person();
    const { id } = await insertBookOk(u.client, { url: uniqueTitle("Validation") });
    const cases: [string, Record<string, unknown>][] = [
      ["price", { price: "abc" }],
      ["price", { price: 0 }],
      ["price", { price: -5 }],
      ["price", { price: 1e12 }],
      ["price", {}],
      ["price", { price: 1000, link: "javascript:alert(1)" }],
      ["price", { price: 1000, link: "https://x.example/a b" }],
      ["price", { price: 1000, file_from: "../../etc/passwd" }],
      ["price", { price: 1000, file_from: "off_doesnotexist" }],
      ["price", { price: 1000, file_from: id }],
      ["price", { price: 1000, link: "https://x.example/a.pdf", file_from: id }],
      ["same_as", { target: "" }],
      ["same_as", { target: id }],
      ["same_as", { target: "off_nope" }],
      ["same_as", { target: { $ne: 1 } }],
      ["note", { note: "x".repeat(2001) }],
      ["note", { note: { a: 1 } }],
      ["deliver", {}],
      ["deliver", { file_from: "off_nope" }],
    ];
    for (const [verb, body] of cases) {
      const { res, json } = await deskAction(admin.client, id, verb, body);
      expect(res.status, `${verb} ${JSON.stringify(body).slice(0, 60)}`).toBe(422);
      expect(JSON.stringify(json)).toMatch(/[\u0600-\u06ff]/);
    }
    expect(await row(id)).toMatchObject({
      status: "registered",
      price: null,
      prepared_file_key: null,
      prepared_link: null,
      staff_note: null,
      group_basis: null,
    });
    expect((await eventsOf(id)).map((e) => e["action"])).toEqual(["registered"]);
  });
});

describe("paid by card and settled by the reconciliation (the user never came back)", () => {
  it("delivers once, charges once, and still sends the receipt and the ready notice", async () => {
    const admin = await person({ admin: true });
    const u = await person();
    const { id } = await insertBookOk(u.client, { url: uniqueTitle("Cron Delivery") });
    expect((await priceWithFile(admin.client, id, 30_000, pdfBytes("cron"), "cron.pdf")).res.status).toBe(200);
    const location = await startGateway(u.client, "zarinpal", { cart: JSON.stringify({ name: "offline_request", id }) });
    const bank = await fetch(`${location}/pay`, { redirect: "manual" });
    expect(bank.status).toBe(302);
    const runCron = async (at: number) => {
      const ctx = createExecutionContext();
      await worker.scheduled!(createScheduledController({ scheduledTime: new Date(at), cron: "*/10 * * * *" }), env, ctx);
      await waitOnExecutionContext(ctx);
    };
    await runCron(Date.now());
    await runCron(Date.now() + 1000);
    expect((await row(id))["status"]).toBe("delivered");
    expect(await deliveredEvents(id)).toHaveLength(1);
    expect((await balancesOf(u.user.id)).balance).toBe(0);
    await expectLedgerConsistent(u.user.id);
    const mail = await outbox(u.user.email);
    expect(mail.filter((x) => x.subject?.startsWith("رسید پرداخت"))).toHaveLength(1);
    expect(await readyNotices(u)).toHaveLength(1);
    const list = OfflineRequestList.parse(await (await u.client.get("/profile/offline/requests?group=books")).json());
    expect(list.requests.find((r) => r.id === id)?.file?.name).toBe("cron.pdf");
  });
});
