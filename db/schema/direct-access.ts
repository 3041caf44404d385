import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, idColumn } from "./columns";
import { users } from "./users";

export const directAccessSites = sqliteTable("direct_access_sites", {
  id: integer().primaryKey({ autoIncrement: true }),
  name: text().notNull(),
  description: text().notNull(),
  url: text(),
  /** 1 shared account, 2 personal account with expiry, 3 other. */
  type: integer().notNull(),
  link: text(),
  link2: text(),
  expireText: text().notNull().default(""),
  active: integer({ mode: "boolean" }).notNull().default(true),
  sortOrder: integer().notNull().default(0),
  /** A thesis database (e.g. ProQuest Dissertations): covered for members whose contract lists tez_download. */
  thesisDatabase: integer({ mode: "boolean" }).notNull().default(false),
});

export const directAccessPrices = sqliteTable(
  "direct_access_prices",
  {
    siteId: integer()
      .notNull()
      .references(() => directAccessSites.id),
    days: integer().notNull(),
    price: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.days] })],
);

/** Accounts an admin adds to a site's pool; each is lent to one grant at a time. */
export const directAccessCredentials = sqliteTable(
  "direct_access_credentials",
  {
    id: idColumn(),
    siteId: integer()
      .notNull()
      .references(() => directAccessSites.id),
    username: text().notNull(),
    secret: text().notNull(),
    grantId: text(),
    createdAt: createdAt(),
  },
  // next free credential of a site
  (t) => [index("direct_access_credentials_site_idx").on(t.siteId, t.grantId)],
);

export const directAccessGrants = sqliteTable(
  "direct_access_grants",
  {
    id: idColumn(),
    userId: text()
      .notNull()
      .references(() => users.id),
    siteId: integer()
      .notNull()
      .references(() => directAccessSites.id),
    days: integer().notNull(),
    orderId: text(),
    credentialId: text(),
    startsAt: integer({ mode: "timestamp_ms" }).notNull(),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  // a user's grants for a site (access page)
  (t) => [index("direct_access_grants_user_site_idx").on(t.userId, t.siteId)],
);
