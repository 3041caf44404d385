import { env } from "cloudflare:workers";
import type { Context } from "hono";
import { describe, expect, it } from "vitest";
import { PageData } from "../../contract/page-data";
import { schema } from "../../db/client";
import type { AppEnv } from "../../worker/lib/context";
import { loadPageData } from "../../worker/features/page/page-data";
import { db, makeUser } from "./auth-helpers";
import { makeUniversity, member, rowOf } from "./institutions-factories";

const NOW = Date.UTC(2026, 10, 22, 8, 0);

/** The page builder with just what it reads from the request context. */
async function pageDataFor(userId: string | null) {
  const user = userId ? await rowOf(userId) : null;
  const c = { var: { db: db(), user, now: () => NOW }, env } as unknown as Context<AppEnv>;
  return PageData.parse(await loadPageData(c));
}

describe("home page data", () => {
  it("says Scopus is not configured when this server has no SCOPUS_API_KEY", async () => {
    expect(env.SCOPUS_API_KEY).toBeFalsy();
    expect((await pageDataFor(null)).scopusConfigured).toBe(false);
  });

  it("university info and user type follow the verified institution", async () => {
    const uni = await makeUniversity({ access: ["article_download", "tez_download"], newAccess: [{ key: "article", description: "مقاله‌های الزویر" }] });
    const m = await member(uni);
    const data = await pageDataFor(m.user.id);
    expect(data.userType).toBe("university");
    expect(data.universityInfo).toEqual({
      name: uni.name,
      logo: "/images/uni/sample-tech.svg",
      access: ["article_download", "tez_download"],
      new_access: [{ key: "article", description: "مقاله‌های الزویر" }],
    });

    const unverified = await member(uni, { verified: false });
    expect((await pageDataFor(unverified.user.id)).userType).toBe("ordinary");
    const plain = await makeUser();
    expect((await pageDataFor(plain.id)).universityInfo).toBeNull();
    const guest = await pageDataFor(null);
    expect(guest).toMatchObject({ isGuest: true, userType: "ordinary", universityInfo: null });
  });

  it("an inactive contract gives no university info", async () => {
    const uni = await makeUniversity({ active: false });
    const m = await member(uni);
    expect((await pageDataFor(m.user.id)).universityInfo).toBeNull();
  });

  it("news and the footer's blog posts: published ones only, newest first", async () => {
    await db()
      .insert(schema.news)
      .values([
        { title: "خبر قدیمی", published: true, createdAt: new Date(NOW - 3000) },
        { title: "خبر پنهان", published: false, createdAt: new Date(NOW - 2000) },
        { title: "خبر تازه", published: true, createdAt: new Date(NOW - 1000) },
      ]);
    await db()
      .insert(schema.blogPosts)
      .values([
        { postName: "old-post", postTitle: "نوشتهٔ قدیمی", published: true, createdAt: new Date(NOW - 3000) },
        { postName: "draft", postTitle: "پیش‌نویس", published: false, createdAt: new Date(NOW - 2000) },
        { postName: "new-post", postTitle: "نوشتهٔ تازه", published: true, createdAt: new Date(NOW - 1000) },
      ]);
    const data = await pageDataFor(null);
    expect(data.news.map((n) => n.title).slice(0, 2)).toEqual(["خبر تازه", "خبر قدیمی"]);
    expect(data.news.some((n) => n.title === "خبر پنهان")).toBe(false);
    expect(data.lastBlogPosts.slice(0, 2)).toEqual([
      { post_name: "new-post", post_title: "نوشتهٔ تازه" },
      { post_name: "old-post", post_title: "نوشتهٔ قدیمی" },
    ]);
    expect(data.lastBlogPosts.some((p) => p.post_name === "draft")).toBe(false);
  });
});

describe("operator-entered links in the page data", () => {
  it("an href that is not http(s) or a path on this site is dropped: the item stays, as text", async () => {
    const links = [
      { title: "script", href: "javascript:alert(document.domain)" },
      { title: "data", href: "data:text/html,<script>alert(1)</script>" },
      { title: "terms", href: "/terms" },
      { title: "help", href: "https://help.daryaft.test/x" },
    ];
    await env.DB.prepare("insert or replace into settings (key, value) values ('footer_links', ?), ('outside_links', ?)")
      .bind(JSON.stringify(links), JSON.stringify(links))
      .run();
    try {
      const data = await pageDataFor(null);
      for (const list of [data.footerLinks, data.outsideLinks]) {
        expect(list.map((l) => [l.title, l.href])).toEqual([
          ["script", ""],
          ["data", ""],
          ["terms", "/terms"],
          ["help", "https://help.daryaft.test/x"],
        ]);
      }
    } finally {
      await env.DB.prepare("delete from settings where key in ('footer_links', 'outside_links')").run();
    }
  });
});
