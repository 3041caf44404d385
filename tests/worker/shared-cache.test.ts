/**
 * The isolate's shared-data cache (worker/lib/shared-cache.ts): news, blog posts and the
 * direct-access catalogue come from it for SHARED_TTL_MS of the request clock, an admin change
 * through the HTTP API drops it at once, and nothing per user is ever shared. (The CSRF token is
 * written into each response by the page route, outside the cached data and the cached shell.)
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { describe, expect, it } from "vitest";
import { DirectAccessList } from "../../contract/direct-access";
import { PageData } from "../../contract/page-data";
import { schema } from "../../db/client";
import { loadPageData } from "../../worker/features/page/page-data";
import type { AppEnv } from "../../worker/lib/context";
import { SHARED_TTL_MS } from "../../worker/lib/shared-cache";
import { adminClient } from "./admin-factories";
import { db, makeUser, newClient, userRow } from "./auth-helpers";
import type { Client } from "./helpers";

const T0 = Date.UTC(2026, 10, 25, 9, 0);

/**
 * The page data the Worker injects into `/`, built as the page route builds it (worker tests have
 * no ASSETS build to serve the HTML itself, so this calls the page builder with the request's
 * variables). Admin changes below still go through the HTTP API, into the same isolate.
 */
async function page(userId: string | null, now: number) {
  const user = userId ? ((await userRow(userId)) ?? null) : null;
  const c = { var: { db: db(), user, now: () => now }, env } as unknown as Context<AppEnv>;
  return PageData.parse(await loadPageData(c));
}

async function catalogue(c: Client, now: number) {
  const res = await c.fetch("/direct_access", { now, headers: { accept: "application/json" } });
  expect(res.status).toBe(200);
  return DirectAccessList.parse(await res.json());
}

describe("shared-data cache", () => {
  it("news written straight into D1 is not read again until the TTL has passed", async () => {
    const before = await page(null, T0);
    await db()
      .insert(schema.news)
      .values({ title: "خبر مستقیم در پایگاه", published: true, createdAt: new Date(T0 + 1) });
    const titles = async (now: number) => (await page(null, now)).news.map((n) => n.title);
    // Within the TTL: the cached list, without the row D1 now holds.
    expect(await titles(T0 + SHARED_TTL_MS - 1)).toEqual(before.news.map((n) => n.title));
    // At the TTL: read again.
    expect((await titles(T0 + SHARED_TTL_MS))[0]).toBe("خبر مستقیم در پایگاه");
  });

  it("the direct-access catalogue is cached the same way", async () => {
    const guest = newClient();
    const before = await catalogue(guest, T0);
    await db().insert(schema.directAccessSites).values({
      name: "پایگاه مستقیم",
      description: "",
      url: "https://x.example.org",
      type: 2,
      link: "https://x.example.org/login",
      expireText: "",
      active: true,
      sortOrder: 0,
    });
    expect(await catalogue(guest, T0 + 1000)).toEqual(before);
    expect((await catalogue(guest, T0 + SHARED_TTL_MS)).map((s) => s.name)).toContain("پایگاه مستقیم");
  });

  it("an admin's change through the API is seen on the very next request", async () => {
    const guest = newClient();
    const { client: admin } = await adminClient();
    await page(null, T0);
    await catalogue(guest, T0);

    expect((await admin.post("/admin/ajax/news", { title: "خبر تازهٔ مدیر" }, { now: T0 + 10 })).status).toBe(200);
    expect((await page(null, T0 + 20)).news.map((n) => n.title)).toContain("خبر تازهٔ مدیر");

    expect((await admin.post("/admin/ajax/blog", { post_title: "نوشتهٔ مدیر", post_name: `admin-post-${T0}`, published: true }, { now: T0 + 30 })).status).toBe(
      200,
    );
    expect((await page(null, T0 + 40)).lastBlogPosts.map((p) => p.post_title)).toContain("نوشتهٔ مدیر");

    const site = {
      name: "پایگاه مدیر",
      description: "پایگاه آزمایشی",
      url: "https://db.example.org",
      type: 2,
      link: "https://db.example.org/login",
      expire: "",
      prices: [{ days: 7, price: 70_000 }],
    };
    const created = await admin.post("/admin/ajax/directaccess/sites", site, { now: T0 + 50 });
    expect(created.status).toBe(200);
    expect((await catalogue(guest, T0 + 60)).map((s) => s.name)).toContain("پایگاه مدیر");
  });

  it("a refused admin request (bad input) changes nothing and keeps the cache", async () => {
    const { client: admin } = await adminClient();
    const before = await page(null, T0);
    await db()
      .insert(schema.news)
      .values({ title: "ردیف بی‌خبر", published: true, createdAt: new Date(T0 + 1) });
    expect((await admin.post("/admin/ajax/news", { title: "" }, { now: T0 + 10 })).status).toBe(422);
    expect((await page(null, T0 + 20)).news).toEqual(before.news);
  });

  it("user info and credit are never shared between two users or with a guest", async () => {
    const a = await makeUser();
    const b = await makeUser({ admin: true });
    await db().update(schema.users).set({ balance: 111_000 }).where(eqId(a.id));
    await db().update(schema.users).set({ balance: 222_000 }).where(eqId(b.id));
    // Same instant: all three are built while the shared part is cached.
    const pa = await page(a.id, T0);
    const pb = await page(b.id, T0);
    const pg = await page(null, T0);
    expect(pa.news).toEqual(pb.news);
    expect(pa.userInfo).toMatchObject({ id: a.id, email: a.email, balance: 111_000, admin: 0 });
    expect(pa.isAdmin).toBe(false);
    expect(pb.userInfo).toMatchObject({ id: b.id, email: b.email, balance: 222_000, admin: 1 });
    expect(pb.isAdmin).toBe(true);
    expect(pg).toMatchObject({ userInfo: null, isGuest: true, isAdmin: false });
    expect(JSON.stringify(pg)).not.toContain(a.email);
    expect(JSON.stringify(pb)).not.toContain(a.email);
    // A balance change is seen at once: the user's part is never cached.
    await db().update(schema.users).set({ balance: 333_000 }).where(eqId(a.id));
    expect((await page(a.id, T0 + 1)).userInfo?.balance).toBe(333_000);
  });
});

const eqId = (id: string) => eq(schema.users.id, id);
