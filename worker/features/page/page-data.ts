import { desc, eq, inArray } from "drizzle-orm";
import type { Context } from "hono";
import type { PageData } from "../../../contract/page-data";
import { schema, type Db } from "../../../db/client";
import type { AppEnv } from "../../lib/context";
import { services } from "../../services";
import { buildUniversityInfo, buildUserInfo } from "../auth/user-info";
import { loadSiteInfo } from "../home/site-info";
import { shared } from "../../lib/shared-cache";
import { safeHref } from "../../../lib/link-url";

const defaults = {
  contact: { phone: "۰۲۱-۰۰۰۰۰۰۰۰", email: "support@daryaft.test", hours: "۹ تا ۱۷ به جز جمعه‌ها", social: [] as { name: string; href: string }[] },
  outside_links: [] as { title: string; href: string }[],
  footer_links: [] as { title: string; href: string }[],
};

type SharedPart = Pick<PageData, "pricesPackages" | "lastBlogPosts" | "news" | "contact" | "outsideLinks" | "footerLinks">;

/** The part of the page data that is the same for every visitor: one D1 batch, shared per isolate. */
async function loadSharedPart(db: Db): Promise<SharedPart> {
  const [newsRows, postRows, packageRows, settingRows] = await db.batch([
    db.select().from(schema.news).where(eq(schema.news.published, true)).orderBy(desc(schema.news.createdAt)).limit(10),
    db.select().from(schema.blogPosts).where(eq(schema.blogPosts.published, true)).orderBy(desc(schema.blogPosts.createdAt)).limit(5),
    db.select().from(schema.pricePackages).orderBy(schema.pricePackages.id),
    db
      .select()
      .from(schema.settings)
      .where(inArray(schema.settings.key, Object.keys(defaults))),
  ]);
  const setting = <K extends keyof typeof defaults>(key: K): (typeof defaults)[K] =>
    (settingRows.find((r) => r.key === key)?.value as (typeof defaults)[K] | undefined) ?? defaults[key];
  return {
    pricesPackages: packageRows,
    lastBlogPosts: postRows.map((p) => ({ post_name: p.postName, post_title: p.postTitle })),
    news: newsRows.map((n) => ({ id: n.id, title: n.title, created_at: n.createdAt.toISOString() })),
    contact: { ...setting("contact"), social: linksOnly(setting("contact").social) },
    outsideLinks: linksOnly(setting("outside_links")),
    footerLinks: linksOnly(setting("footer_links")),
  };
}

/** Operator-entered links: an href that is not http(s) or a path on this site is dropped, and the item shows as text. */
function linksOnly<T extends { href: string }>(items: T[]): T[] {
  return (Array.isArray(items) ? items : []).map((item) => ({ ...item, href: safeHref(item.href) ?? "" }));
}

/**
 * Everything the SPA needs for its first paint. The shared part (news, posts, packages, settings,
 * statistics) comes from the isolate's short-lived cache; only the user's own part is read per request.
 */
export async function loadPageData(c: Context<AppEnv>): Promise<PageData> {
  const { db } = c.var;
  const user = c.var.user;
  const now = c.var.now();
  const { settings } = services(c);
  const [common, siteInfo, userInfo, universityInfo] = await Promise.all([
    shared("page-data", now, () => loadSharedPart(db)),
    loadSiteInfo(db, now),
    user ? buildUserInfo(db, user, now) : Promise.resolve(null),
    buildUniversityInfo(db, user),
  ]);
  return {
    userInfo,
    universityInfo,
    userType: universityInfo ? "university" : "ordinary",
    siteInfo,
    ...common,
    gateways: settings.paymentGateway === "zarinpal" ? ["zarinpal"] : ["devbank"],
    mobileSmsConfirmation: settings.mobileSmsConfirmation,
    showOldTabStandardSearch: settings.showOldTabStandardSearch,
    isGuest: !user,
    isAdmin: !!user?.isAdmin,
    isSolver: !!user?.isSolver,
    isContract: !!user?.isPartner,
    environment: settings.environment,
    scopusConfigured: settings.scopusConfigured,
  };
}
