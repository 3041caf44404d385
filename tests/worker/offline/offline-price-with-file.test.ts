/**
 * Price with the file, deliver on payment (decision 0005's rules kept): a PDF or link staff attach
 * when pricing is never reachable by the user before payment — not in their list, not through any
 * signed link, not by the object's address — and the payment itself delivers it, in the batch of the
 * debit and its ledger row, exactly once: paying twice, at once, from two tabs, by wallet or by card,
 * charges once and delivers once. A request priced without a file goes on as before.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { OfflineRequestList, offlineMessages as m } from "../../../contract/offline";
import { newClient, outbox } from "../helpers/auth-helpers";
import { devbank, paymentOf, startGateway } from "../helpers/gateway-helpers";
import {
  deskAction,
  deskActionOk,
  deliveredEvents,
  deskDetail,
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

async function pricedWithFile(price = 60_000, funding = 200_000) {
  const user = await person({ funding: { balance: funding } });
  const admin = await person({ admin: true });
  const { id } = await insertBookOk(user.client, { url: uniqueTitle("Prepared Delivery") });
  const { res, json } = await priceWithFile(admin.client, id, price, pdfBytes("the book"), "the-book.pdf");
  expect(res.status, JSON.stringify(json)).toBe(200);
  return { user, admin, id };
}

describe("a file attached at pricing", () => {
  it("is the desk's alone until payment: not in the user's list or any API answer, no link of anyone's opens it for the user", async () => {
    const { user, admin, id } = await pricedWithFile();
    const row = (await requestRow(id))!;
    expect(row).toMatchObject({ status: "priced", price: 60_000, file_key: null });
    const key = String(row["prepared_file_key"]);
    expect(key).toMatch(/^offline\/.+\.pdf$/);

    // the user's list: priced, payable, no file, and neither the key nor the name anywhere
    const mine = (await myRequests(user.client, "books")).find((r) => r.id === id)!;
    expect(mine).toMatchObject({ status: "priced", can_pay: true, file: null, delivered_link: null });
    const raw = await userSeesRaw(user.client);
    expect(raw).not.toContain(key);
    expect(raw).not.toContain("the-book.pdf");
    expect(raw).not.toContain(key.replace(/^offline\//, ""));
    // the desk is not theirs
    expect((await user.client.get(`/admin/offline/requests/${id}`)).status).toBe(403);

    // staff see it, with a link signed for them
    const d = await deskDetail(admin.client, id);
    expect(d.request.file).toBeNull();
    expect(d.request.prepared?.file?.name).toBe("the-book.pdf");
    const staffLink = d.request.prepared!.file!.download_url;
    expect((await admin.client.get(staffLink)).status).toBe(200);
    // …which the user cannot use, nor the bare address, nor a guest
    expect((await user.client.get(staffLink)).status).toBe(403);
    expect((await user.client.get(`/files/${key}`)).status).toBe(403);
    expect((await newClient().get(staffLink)).status).toBe(403);
    expect((await newClient().get(`/files/${key}`)).status).toBe(403);
  });

  it("is delivered by the wallet payment in the same batch as the debit and its ledger row, with the receipt and the ready notice", async () => {
    const { user, id } = await pricedWithFile(60_000, 100_000);
    expect(await readyNotices(user)).toEqual([]);
    const { res, json } = await pay(user.client, id);
    expect(res.status, JSON.stringify(json)).toBe(200);
    expect(json["status"]).not.toBe("error");

    const row = (await requestRow(id))!;
    expect(row).toMatchObject({ status: "delivered", file_key: row["prepared_file_key"], file_name: "the-book.pdf" });
    expect(row["delivered_at"]).toBe(row["paid_at"]);
    // the debit's ledger row and the delivery are one batch: the order row references both
    const ledger = await env.DB.prepare("SELECT delta, ref_type FROM ledger_entries WHERE user_id = ? AND account = 'balance' AND reason = 'order'")
      .bind(user.user.id)
      .all();
    expect(ledger.results).toEqual([{ delta: -60_000, ref_type: "order" }]);
    expect((await balancesOf(user.user.id)).balance).toBe(40_000);
    await expectLedgerConsistent(user.user.id);

    const mine = (await myRequests(user.client, "books")).find((r) => r.id === id)!;
    expect(mine).toMatchObject({ status: "delivered", on_time: { delivery: "kept" } });
    expect(mine.events.map((e) => e.action)).toEqual(["registered", "priced", "paid", "delivered_on_payment"]);
    const download = await user.client.get(mine.file!.download_url);
    expect(download.status).toBe(200);
    expect(new TextDecoder().decode(new Uint8Array(await download.arrayBuffer())).startsWith("%PDF-")).toBe(true);
    // the receipt, and the usual ready notice
    const mail = await outbox(user.user.email);
    expect(mail.filter((x) => x.subject?.startsWith("رسید پرداخت"))).toHaveLength(1);
    expect(await readyNotices(user)).toHaveLength(1);
  });

  it("paid twice (a second order after the first) is charged and delivered once", async () => {
    const { user, id } = await pricedWithFile(60_000, 200_000);
    expect((await pay(user.client, id)).res.status).toBe(200);
    const again = await pay(user.client, id);
    expect(again.json["status"]).toBe("error");
    expect((await balancesOf(user.user.id)).balance).toBe(140_000);
    expect(await deliveredEvents(id)).toHaveLength(1);
    expect(await readyNotices(user)).toHaveLength(1);
    await expectLedgerConsistent(user.user.id);
  });

  it("paid from five tabs at once is charged and delivered once", async () => {
    const { user, id } = await pricedWithFile(60_000, 500_000);
    const results = await Promise.all(Array.from({ length: 5 }, () => pay(user.client, id)));
    const ok = results.filter((r) => r.res.status === 200 && r.json["status"] !== "error");
    expect(ok).toHaveLength(1);
    for (const r of results) expect(r.res.status).toBeLessThan(500);
    expect((await balancesOf(user.user.id)).balance).toBe(440_000);
    expect(await deliveredEvents(id)).toHaveLength(1);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE user_id = ?").bind(user.user.id).first<{ n: number }>())!.n).toBe(1);
    await expectLedgerConsistent(user.user.id);
  });

  it("paid by card from two tabs: one payment buys and delivers it, the other stays in the wallet; delivered once", async () => {
    const { user, id } = await pricedWithFile(60_000, 0);
    const cart = JSON.stringify({ name: "offline_request", id });
    // two tabs start the bank page before either returns
    const tab1 = await startGateway(user.client, "devbank", { cart, idempotency_key: `tab-1-${id}` });
    const tab2 = await startGateway(user.client, "devbank", { cart, idempotency_key: `tab-2-${id}` });
    const first = await devbank(user.client, tab1, "pay");
    const second = await devbank(user.client, tab2, "pay");
    const p1 = await paymentOf(user.client, first.result);
    const p2 = await paymentOf(user.client, second.result);
    expect(p1).toMatchObject({ status: "paid", order_status: "completed" });
    expect(p2).toMatchObject({ status: "paid", order_status: "failed" });

    expect((await requestRow(id))!["status"]).toBe("delivered");
    expect(await deliveredEvents(id)).toHaveLength(1);
    expect(await readyNotices(user)).toHaveLength(1);
    // 60,000 paid twice at the bank, the request bought once: the second payment is the user's credit
    expect((await balancesOf(user.user.id)).balance).toBe(60_000);
    await expectLedgerConsistent(user.user.id);
    // and replaying the bank's return changes nothing
    expect((await user.client.get(first.callback)).status).toBe(302);
    expect((await balancesOf(user.user.id)).balance).toBe(60_000);
    expect(await deliveredEvents(id)).toHaveLength(1);
  });

  it("a link attached at pricing is delivered by the payment the same way", async () => {
    const user = await person({ funding: { balance: 100_000 } });
    const admin = await person({ admin: true });
    const { id } = await insertBookOk(user.client, { url: uniqueTitle("Prepared Link") });
    await deskActionOk(admin.client, id, "price", { price: 30_000, link: "https://files.example.org/book.pdf" });
    expect((await myRequests(user.client, "books")).find((r) => r.id === id)).toMatchObject({ delivered_link: null, file: null });
    expect(await userSeesRaw(user.client)).not.toContain("files.example.org");
    expect((await pay(user.client, id)).res.status).toBe(200);
    expect((await myRequests(user.client, "books")).find((r) => r.id === id)).toMatchObject({
      status: "delivered",
      delivered_link: "https://files.example.org/book.pdf",
    });
  });

  it("priced without a file goes on as before: the payment leaves it paid for staff to deliver", async () => {
    const user = await person({ funding: { balance: 100_000 } });
    const admin = await person({ admin: true });
    const { id } = await insertBookOk(user.client, { url: uniqueTitle("No file yet") });
    await deskActionOk(admin.client, id, "price", { price: 30_000 });
    expect((await pay(user.client, id)).res.status).toBe(200);
    expect((await requestRow(id))!).toMatchObject({ status: "paid", file_key: null, delivered_at: null });
    expect(await deliveredEvents(id)).toEqual([]);
    expect(await readyNotices(user)).toEqual([]);
  });

  it("the price message says when the file comes: at payment with a file, within the delivery hours without", async () => {
    const withFile = await pricedWithFile();
    const msg = (await outbox(withFile.user.user.email)).find((x) => x.text.includes("قیمت درخواست آفلاین"))!;
    expect(msg.text).toContain("بی‌درنگ پس از پرداخت");
    const user = await person();
    const admin = await person({ admin: true });
    const { id } = await insertBookOk(user.client, { url: uniqueTitle("Price message") });
    await deskActionOk(admin.client, id, "price", { price: 30_000 });
    const plain = (await outbox(user.user.email)).find((x) => x.text.includes("قیمت درخواست آفلاین"))!;
    expect(plain.text).toContain("پس از پرداخت، حداکثر تا ۱۲ ساعت تحویل داده می‌شود");
  });

  it("attached by staff while the order's batch runs: the batch delivers what is attached then (read inside it)", async () => {
    const user = await person({ funding: { balance: 100_000 } });
    const admin = await person({ admin: true });
    const { id } = await insertBookOk(user.client, { url: uniqueTitle("Attached meanwhile") });
    await deskActionOk(admin.client, id, "price", { price: 30_000 });
    // The other tab's change made certain: a trigger on the order row (the batch's first statement).
    const trigger = `meanwhile_${id}`;
    await env.DB.prepare(
      `CREATE TRIGGER ${trigger} AFTER INSERT ON orders WHEN NEW.user_id = '${user.user.id}'
       BEGIN UPDATE offline_requests SET prepared_link = 'https://files.example.org/meanwhile.pdf' WHERE id = '${id}'; END`,
    ).run();
    try {
      expect((await pay(user.client, id)).res.status).toBe(200);
    } finally {
      await env.DB.prepare(`DROP TRIGGER IF EXISTS ${trigger}`).run();
    }
    expect((await requestRow(id))!).toMatchObject({ status: "delivered", delivered_link: "https://files.example.org/meanwhile.pdf" });
    expect(await deliveredEvents(id)).toHaveLength(1);
  });

  it("rejected or cancelled before payment: the user never gets it", async () => {
    const a = await pricedWithFile();
    expect((await deskAction(a.admin.client, a.id, "reject", { template: "not_found" })).res.status).toBe(200);
    const b = await pricedWithFile();
    expect((await b.user.client.post(`/profile/offline/requests/${b.id}/cancel`, {})).status).toBe(200);
    for (const { user, id } of [a, b]) {
      const mine = (await myRequests(user.client, "books")).find((r) => r.id === id)!;
      expect(mine.file).toBeNull();
      expect((await pay(user.client, id)).json["status"]).toBe("error");
      expect(await deliveredEvents(id)).toEqual([]);
    }
  });

  it("refuses a file that is not a PDF or two attachments at once (422), changing nothing", async () => {
    const user = await person();
    const admin = await person({ admin: true });
    const { id } = await insertBookOk(user.client, { url: uniqueTitle("Bad attachment") });
    const html = new TextEncoder().encode("<html>not a pdf</html>");
    const bad = await priceWithFile(admin.client, id, 30_000, html, "x.pdf");
    expect(bad.res.status).toBe(422);
    const both = await priceWithFile(admin.client, id, 30_000, pdfBytes(), "x.pdf", { link: "https://files.example.org/x.pdf" });
    expect(both.res.status).toBe(422);
    expect(JSON.stringify(both.json)).toContain(m.attachOne);
    expect((await requestRow(id))!).toMatchObject({ status: "registered", price: null, prepared_file_key: null, prepared_link: null });
  });
});

describe("the group's file", () => {
  it("prices and attaches for every open request of the group; members who already paid get it now; each user pays their own", async () => {
    const admin = await person({ admin: true });
    const a = await person({ funding: { balance: 100_000 } });
    const b = await person({ funding: { balance: 100_000 } });
    const c = await person({ funding: { balance: 100_000 } });
    const isbn = "978-0-13-468599-1";
    const ra = await insertBookOk(a.client, { url: `ISBN ${isbn}` });
    const rb = await insertBookOk(b.client, { url: "https://www.amazon.com/dp/0134685997" });
    const rc = await insertBookOk(c.client, { url: "9780134685991" });
    // c's request was priced and paid before anyone found the file
    await deskActionOk(admin.client, rc.id, "price", { price: 45_000 });
    expect((await pay(c.client, rc.id)).res.status).toBe(200);

    const { res, json } = await priceWithFile(admin.client, ra.id, 45_000, pdfBytes("group"), "group.pdf", { apply_to_group: "1" });
    expect(res.status, JSON.stringify(json)).toBe(200);
    expect((json["affected"] as string[]).sort()).toEqual([ra.id, rb.id, rc.id].sort());
    expect((await requestRow(rb.id))!).toMatchObject({ status: "priced", price: 45_000 });
    expect((await requestRow(rb.id))!["prepared_file_key"]).toBe((await requestRow(ra.id))!["prepared_file_key"]);
    expect((await requestRow(rc.id))!["status"]).toBe("delivered");
    expect(await readyNotices(c)).toHaveLength(1);

    // each pays their own; each payment delivers their own copy
    expect((await pay(b.client, rb.id)).res.status).toBe(200);
    expect((await requestRow(rb.id))!["status"]).toBe("delivered");
    expect((await requestRow(ra.id))!["status"]).toBe("priced");
    expect((await balancesOf(b.user.id)).balance).toBe(55_000);
    expect((await balancesOf(a.user.id)).balance).toBe(100_000);
  });

  it("a later request of the group is priced with the group's file in one press; a file from another group is refused", async () => {
    const admin = await person({ admin: true });
    const a = await person({ funding: { balance: 100_000 } });
    const b = await person({ funding: { balance: 100_000 } });
    const title = uniqueTitle("Group File Reuse");
    const ra = await insertBookOk(a.client, { url: `${title}, 2nd edition` });
    await priceWithFile(admin.client, ra.id, 50_000, pdfBytes("reuse"), "reuse.pdf");
    expect((await pay(a.client, ra.id)).res.status).toBe(200);
    // another user asks for the same edition later
    const rb = await insertBookOk(b.client, { url: `${title.toUpperCase()} (2nd ed.)` });
    const d = await deskDetail(admin.client, rb.id);
    expect(d.group.map((g) => g.id)).toEqual([ra.id]);
    expect(d.group_file).toMatchObject({ from: ra.id, name: "reuse.pdf" });
    expect(d.suggested_price).toEqual({ amount: 50_000, source: "group" });

    const other = await insertBookOk(b.client, { url: uniqueTitle("Unrelated") });
    const refused = await deskAction(admin.client, rb.id, "price", { price: 50_000, file_from: other.id });
    expect(refused.res.status).toBe(422);

    await deskActionOk(admin.client, rb.id, "price", { price: 50_000, file_from: ra.id });
    expect((await pay(b.client, rb.id)).res.status).toBe(200);
    const mine = (await myRequests(b.client, "books")).find((r) => r.id === rb.id)!;
    expect(mine.file?.name).toBe("reuse.pdf");
    expect((await b.client.get(mine.file!.download_url)).status).toBe(200);
  });
});

describe("the user's answers carry nothing staff-only", () => {
  it("no staff note, no group key, no attached file in the user's list", async () => {
    const { user, admin, id } = await pricedWithFile();
    await deskActionOk(admin.client, id, "note", { note: "found on the publisher's site, 2nd printing" });
    const list = OfflineRequestList.parse(await (await user.client.get("/profile/offline/requests?group=books")).json());
    const raw = JSON.stringify(list);
    expect(raw).not.toContain("publisher's site");
    expect(raw).not.toContain("prepared");
    expect(raw).not.toContain("staff_note");
    expect((await deskDetail(admin.client, id)).request.staff_note).toBe("found on the publisher's site, 2nd printing");
  });
});
