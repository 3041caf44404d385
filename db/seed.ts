/**
 * Demo data for a local site that is alive at first start. Produces plain SQL statements,
 * idempotent (fixed ids, INSERT OR IGNORE), so `npm start` may run it every time.
 * Used by scripts/seed.ts (wrangler d1 execute) and by tests that want the same catalogue.
 */
import { catalogItems } from "./seed-data/catalog";
import { directAccessSites } from "./seed-data/direct-access-sites";
import { blogPosts, contact, footerLinks, news, outsideLinks, prices, pricesPackages, universities, vipServices } from "./seed-data/site-content";
import { standardsOrganizations } from "./seed-data/standards-organizations";
import { theses } from "./seed-data/theses";

export const DEV_PASSWORD = "daryaft-dev-1234";

export const devAccounts = [
  { id: "usr_dev_admin", name: "مدیر سامانه", email: "admin@daryaft.test", username: "admin", mobile: "09120000001", roles: { admin: true } },
  { id: "usr_dev_user", name: "کاربر نمونه", email: "user@daryaft.test", username: "user", mobile: "09120000002", roles: {} },
  { id: "usr_dev_uni", name: "دانشجوی دانشگاه نمونه", email: "uni@daryaft.test", username: "uni", mobile: "09120000003", roles: { university: true } },
  { id: "usr_dev_solver", name: "حل‌کنندهٔ نمونه", email: "solver@daryaft.test", username: "solver", mobile: "09120000004", roles: { solver: true } },
  {
    id: "usr_dev_partner",
    name: "نمایندهٔ سازمان نمونه",
    email: "partner@daryaft.test",
    username: "partner",
    mobile: "09120000005",
    roles: { partner: true, university: true },
  },
] as const;

export function sqlValue(v: unknown): string {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "number") return Number.isFinite(v) ? String(Math.trunc(v) === v ? v : v) : "NULL";
  if (typeof v === "boolean") return v ? "1" : "0";
  const s = typeof v === "string" ? v : JSON.stringify(v);
  return `'${s.replaceAll("'", "''")}'`;
}

export function insert(table: string, row: Record<string, unknown>, mode: "IGNORE" | "REPLACE" = "IGNORE"): string {
  const cols = Object.keys(row);
  return `INSERT OR ${mode} INTO ${table} (${cols.join(", ")}) VALUES (${cols.map((c) => sqlValue(row[c])).join(", ")});`;
}

const DAY = 86_400_000;

export function universityId(index: number) {
  return `uni_seed_${index + 1}`;
}

export function seedStatements(opts: { now: number; passwordHash: string }): string[] {
  const { now, passwordHash } = opts;
  const out: string[] = [];

  universities.forEach((u, i) => {
    out.push(
      insert("universities", {
        id: universityId(i),
        name: u.name,
        logo: u.logo,
        access: u.access,
        new_access: null,
        quotas: u.quotas,
        active: 1,
        created_at: now,
        updated_at: now,
      }),
    );
    for (const domain of u.domains) out.push(insert("university_domains", { domain, university_id: universityId(i) }));
  });

  for (const a of devAccounts) {
    const roles = a.roles as { admin?: boolean; solver?: boolean; partner?: boolean; university?: boolean };
    out.push(
      insert("users", {
        id: a.id,
        name: a.name,
        username: a.username,
        email: a.email,
        email_verified_at: now,
        mobile: a.mobile,
        mobile_verified_at: now,
        password_hash: passwordHash,
        is_admin: !!roles.admin,
        is_solver: !!roles.solver,
        is_partner: !!roles.partner,
        university_id: roles.university ? universityId(0) : null,
        university_email: roles.university ? `${a.username}@${universities[0]!.domains[0]}` : null,
        university_verified_at: roles.university ? now : null,
        balance: 0,
        standard_credit: 0,
        offline_article_credit: 0,
        unlimited_article_credit: 0,
        created_at: now,
        updated_at: now,
      }),
    );
  }

  for (const [i, n] of news.entries()) out.push(insert("news", { id: i + 1, title: n.title, published: 1, created_at: now - n.daysAgo * DAY }));
  for (const [i, p] of blogPosts.entries())
    out.push(insert("blog_posts", { id: i + 1, post_name: p.postName, post_title: p.postTitle, created_at: now - (i + 1) * 4 * DAY }));
  out.push(insert("settings", { key: "contact", value: contact }, "REPLACE"));
  out.push(insert("settings", { key: "outside_links", value: outsideLinks }, "REPLACE"));
  out.push(insert("settings", { key: "footer_links", value: footerLinks }, "REPLACE"));
  out.push(insert("settings", { key: "vip_services", value: vipServices }, "REPLACE"));

  for (const p of prices) out.push(insert("prices", { key: p.key, title: p.title, price: p.price, updated_at: now }));
  for (const p of pricesPackages)
    out.push(insert("price_packages", { id: p.id, title: p.title, articles: p.articles, price: p.price, description: p.description }));

  for (const o of standardsOrganizations) out.push(insert("standard_organizations", { code: o.code, name: o.name, country: o.country }));

  directAccessSites.forEach((s, i) => {
    const id = i + 1;
    out.push(
      insert("direct_access_sites", {
        id,
        name: s.name,
        description: s.description,
        url: s.url,
        type: s.type,
        link: s.url,
        link2: null,
        expire_text: s.expireText,
        active: 1,
        sort_order: id,
        thesis_database: s.thesisDatabase ? 1 : 0,
      }),
    );
    for (const [key, price] of Object.entries(s.prices)) {
      out.push(insert("direct_access_prices", { site_id: id, days: Number(key.slice(6)), price }));
    }
  });

  catalogItems.forEach((c, i) => {
    out.push(
      insert("catalog_items", {
        id: i + 1,
        type: c.type,
        title: c.title,
        authors: c.authors,
        year: c.year,
        publisher: c.publisher,
        isbn: c.isbn,
        edition: c.edition,
        pages: c.pages,
        language: c.language,
        size_bytes: c.sizeBytes,
        extension: c.extension,
        free: c.free,
        license: c.license,
        links: c.links,
        toman_price: c.tomanPrice,
        cover_url: c.coverUrl,
        standard_number: c.standardNumber,
        organization: c.organization,
        cd_name: c.cdName,
        publication_date: c.publicationDate,
        keywords: c.keywords,
        external_id: `seed-${i + 1}`,
        // The seeded catalogue is a local site's demo data, shown as such.
        demo: 1,
        created_at: now,
      }),
    );
  });

  // A database seeded before the demo flag existed keeps its rows (INSERT OR IGNORE): mark them too.
  out.push("UPDATE catalog_items SET demo = 1 WHERE external_id LIKE 'seed-%';");

  // Earlier seeds had invented theses under the same ids: replace them, not keep them.
  out.push("DELETE FROM theses WHERE external_id LIKE 'seed-%';");
  theses.forEach((t, i) => {
    out.push(
      insert("theses", {
        id: i + 1,
        title: t.title,
        author: t.author,
        degree: t.degree,
        department: t.department,
        language: t.language,
        year: t.year,
        university: t.university,
        download_link: t.downloadLink,
        abstract: t.abstract,
        free: 1,
        license: t.license,
        source: t.source,
        external_id: `seed-${i + 1}`,
        created_at: now,
      }),
    );
  });
  return out;
}
