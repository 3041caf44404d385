import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, idColumn, timestamps } from "./columns";

/** The access keys are the contract's (one list for the schema, the API and the SPA). */
export { universityAccessKeys } from "../../contract/university-access";

export const universities = sqliteTable("universities", {
  id: idColumn(),
  name: text().notNull(),
  logo: text(),
  access: text({ mode: "json" }).notNull().$type<string[]>(),
  /** Optional key/description pairs shown instead of `access`. */
  newAccess: text({ mode: "json" }).$type<{ key: string; description: string }[]>(),
  /** Monthly quotas by access key. */
  quotas: text({ mode: "json" }).notNull().$type<Record<string, number>>(),
  active: integer({ mode: "boolean" }).notNull().default(true),
  ...timestamps,
});

export const universityDomains = sqliteTable("university_domains", {
  domain: text().primaryKey(),
  universityId: text()
    .notNull()
    .references(() => universities.id),
});

/**
 * Usage counted against a contract's monthly quota (month = Solar Hijri "1405-09", Tehran time).
 * `quota` is copied from the contract by every consuming UPDATE (null = no limit), so the CHECK
 * makes SQLite itself refuse a unit over the quota: the caller's whole batch aborts, even when
 * two requests race (see worker/features/institutions/access.ts).
 */
export const universityUsage = sqliteTable(
  "university_usage",
  {
    universityId: text()
      .notNull()
      .references(() => universities.id),
    month: text().notNull(),
    accessKey: text().notNull(),
    used: integer().notNull().default(0),
    quota: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.universityId, t.month, t.accessKey] }),
    check("university_usage_within_quota", sql`${t.used} >= 0 AND (${t.quota} IS NULL OR ${t.used} <= ${t.quota})`),
  ],
);

export const userGroups = sqliteTable(
  "user_groups",
  {
    id: idColumn(),
    universityId: text()
      .notNull()
      .references(() => universities.id),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  // partner panel: groups of one institution
  (t) => [index("user_groups_university_idx").on(t.universityId)],
);

export const userGroupMembers = sqliteTable(
  "user_group_members",
  {
    groupId: text()
      .notNull()
      .references(() => userGroups.id),
    userId: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);
