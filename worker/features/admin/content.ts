/** News items (the ticker and the news dialog) and blog posts (the footer). */
import { and, count, desc, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import type { BlogPage, BlogPost, BlogPostInput, NewsInput, NewsItem, NewsPage } from "../../../contract/admin";
import { schema, type Db } from "../../../db/client";
import { NotFoundError, ValidationError } from "../../lib/errors";
import { adminMessages as m } from "./messages";

const news = schema.news;
const posts = schema.blogPosts;
type Paging = { page: number; per_page: number };
const pages = (total: number, p: Paging) => ({ total, page: p.page, per_page: p.per_page, total_pages: Math.max(1, Math.ceil(total / p.per_page)) });

const newsOut = (r: typeof news.$inferSelect): NewsItem => ({ id: r.id, title: r.title, published: r.published, created_at: r.createdAt.toISOString() });
const postOut = (r: typeof posts.$inferSelect): BlogPost => ({
  id: r.id,
  post_title: r.postTitle,
  post_name: r.postName,
  published: r.published,
  created_at: r.createdAt.toISOString(),
});

export async function listNews(db: Db, p: Paging): Promise<NewsPage> {
  const [rows, totals] = await db.batch([
    db
      .select()
      .from(news)
      .orderBy(desc(news.createdAt), desc(news.id))
      .limit(p.per_page)
      .offset((p.page - 1) * p.per_page),
    db.select({ n: count() }).from(news),
  ]);
  return { data: rows.map(newsOut), ...pages(totals[0]?.n ?? 0, p) };
}

export async function createNews(db: Db, input: z.output<typeof NewsInput>, now: number): Promise<NewsItem> {
  const [row] = await db
    .insert(news)
    .values({ title: input.title, published: input.published, createdAt: new Date(now) })
    .returning();
  return newsOut(row!);
}

export async function updateNews(db: Db, id: number, input: Partial<z.output<typeof NewsInput>>): Promise<NewsItem> {
  const [row] = await db.update(news).set(input).where(eq(news.id, id)).returning();
  if (!row) throw new NotFoundError(m.newsNotFound);
  return newsOut(row);
}

export async function deleteNews(db: Db, id: number) {
  const gone = await db.delete(news).where(eq(news.id, id)).returning({ id: news.id });
  if (!gone.length) throw new NotFoundError(m.newsNotFound);
}

export async function listPosts(db: Db, p: Paging): Promise<BlogPage> {
  const [rows, totals] = await db.batch([
    db
      .select()
      .from(posts)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(p.per_page)
      .offset((p.page - 1) * p.per_page),
    db.select({ n: count() }).from(posts),
  ]);
  return { data: rows.map(postOut), ...pages(totals[0]?.n ?? 0, p) };
}

async function assertPostNameFree(db: Db, postName: string, ownId: number | null) {
  const [taken] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(ownId === null ? eq(posts.postName, postName) : and(eq(posts.postName, postName), ne(posts.id, ownId)));
  if (taken) throw new ValidationError({ post_name: [m.postNameTaken] });
}

export async function createPost(db: Db, input: z.output<typeof BlogPostInput>, now: number): Promise<BlogPost> {
  await assertPostNameFree(db, input.post_name, null);
  const [row] = await db
    .insert(posts)
    .values({ postTitle: input.post_title, postName: input.post_name, published: input.published, createdAt: new Date(now) })
    .returning();
  return postOut(row!);
}

export async function updatePost(db: Db, id: number, input: Partial<z.output<typeof BlogPostInput>>): Promise<BlogPost> {
  const [exists] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, id));
  if (!exists) throw new NotFoundError(m.postNotFound);
  if (input.post_name) await assertPostNameFree(db, input.post_name, id);
  const [row] = await db
    .update(posts)
    .set({ postTitle: input.post_title, postName: input.post_name, published: input.published })
    .where(eq(posts.id, id))
    .returning();
  return postOut(row!);
}

export async function deletePost(db: Db, id: number) {
  const gone = await db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
  if (!gone.length) throw new NotFoundError(m.postNotFound);
}
