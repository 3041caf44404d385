import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

export const news = sqliteTable(
  "news",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    title: text().notNull(),
    published: integer({ mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
  },
  // page data: latest published news
  (t) => [index("news_created_idx").on(t.createdAt)],
);

export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    postName: text().notNull(),
    postTitle: text().notNull(),
    /** Unpublished posts stay in the admin console only (the footer lists published ones). */
    published: integer({ mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
  },
  // footer: latest posts
  (t) => [index("blog_posts_created_idx").on(t.createdAt)],
);

/** Operator-editable settings (flags, contact block) as JSON values. */
export const settings = sqliteTable("settings", {
  key: text().primaryKey(),
  value: text({ mode: "json" }).notNull().$type<unknown>(),
});
