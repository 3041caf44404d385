/** The desk's numbers, in a file of its own so that no other test's requests are counted. */
import { describe, expect, it } from "vitest";
import { DeskDashboard } from "../../../contract/offline";
import { countRequests, deskActionOk, insertArticle, insertBookOk, pay, person, uniqueTitle } from "../helpers/offline-factories";

const HOUR = 3_600_000;
const T0 = Math.floor(Date.now() / 1000) * 1000;

describe("GET /admin/offline/dashboard", () => {
  it("counts open requests, median times and the 12-hour promise kept and broken", async () => {
    expect(await countRequests()).toBe(0);
    const u = await person({ funding: { balance: 100_000, offline: 1 } });
    const admin = await person({ admin: true });

    // A: answered after 1 h (kept), paid, delivered 3 h after registration
    const a = await insertBookOk(u.client, { url: uniqueTitle("A") }, T0 - 20 * HOUR);
    await deskActionOk(admin.client, a.id, "price", { price: 10_000 }, T0 - 19 * HOUR);
    expect((await pay(u.client, a.id, T0 - 18 * HOUR)).res.status).toBe(200);
    await deskActionOk(admin.client, a.id, "deliver", { link: "https://example.org/a.pdf" }, T0 - 17 * HOUR);
    // B: answered after 14 h (broken)
    const b = await insertBookOk(u.client, { url: uniqueTitle("B") }, T0 - 16 * HOUR);
    await deskActionOk(admin.client, b.id, "price", { price: 10_000 }, T0 - 2 * HOUR);
    // C: 14 h old and never answered (broken, overdue now)
    await insertBookOk(u.client, { url: uniqueTitle("C") }, T0 - 14 * HOUR);
    // D: 1 h old, within its promise
    await insertBookOk(u.client, { url: uniqueTitle("D") }, T0 - HOUR);
    // E: an article delivered 2 h after registration (its promise and delivery deadline: 12 h from registration)
    const e = await insertArticle(u.client, { url: "10.5555/none-901" }, T0 - 3 * HOUR);
    await deskActionOk(admin.client, String(e.body["id"]), "deliver", { link: "https://example.org/e.pdf" }, T0 - HOUR);

    const res = await admin.client.get("/admin/offline/dashboard?days=7", { now: T0 });
    expect(res.status).toBe(200);
    const d = DeskDashboard.parse(await res.json());
    expect(d).toEqual({
      now: new Date(T0).toISOString(),
      days: 7,
      open: { registered: 2, priced: 1, paid: 0, in_progress: 0 },
      delivered: 2,
      rejected: 0,
      median_minutes_to_deliver: 150,
      median_minutes_to_answer: 120,
      promise: { met: 2, breached: 2, overdue_now: 1 },
      // A: paid at -18 h, delivered at -17 h; E: delivered 2 h after registration
      delivery: { met: 2, breached: 0, overdue_now: 0 },
    });

    // the books desk counts books and standards only (the article E is left out)
    const books = DeskDashboard.parse(await (await admin.client.get("/admin/offline/dashboard?days=7&group=books", { now: T0 })).json());
    expect(books.open).toEqual({ registered: 2, priced: 1, paid: 0, in_progress: 0 });
    expect(books.promise).toEqual({ met: 1, breached: 2, overdue_now: 1 });
    expect(books.delivered).toBe(1);
    const articles = DeskDashboard.parse(await (await admin.client.get("/admin/offline/dashboard?days=7&group=articles", { now: T0 })).json());
    expect(articles.open).toEqual({ registered: 0, priced: 0, paid: 0, in_progress: 0 });
    expect(articles.delivered).toBe(1);

    // a one-day window from T0 + 10 h starts when C was registered: A and B are left out
    const recent = DeskDashboard.parse(await (await admin.client.get("/admin/offline/dashboard?days=1", { now: T0 + 10 * HOUR })).json());
    expect(recent.promise).toEqual({ met: 1, breached: 1, overdue_now: 1 });
    expect(recent.median_minutes_to_deliver).toBe(120);
  });
});
