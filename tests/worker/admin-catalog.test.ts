/** Admin direct books (catalogue items sold for a price), news items and blog posts. */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { BlogPage, BlogPost, DirectBook, DirectBooksPage, NewsItem, NewsPage, adminTexts } from "../../contract/admin";
import { BookSearchResponse } from "../../contract/search";
import { toPersianDigits } from "../../lib/digits";
import { adminMessages } from "../../worker/features/admin/messages";
import { adminClient, expect422, expectAdminOnly, expectNothingChanged } from "./admin-factories";
import { Client, seedDemoData } from "./helpers";

let admin: Client;
beforeAll(async () => {
  await seedDemoData();
  admin = (await adminClient()).client;
});

const word = () => `zq${Math.random().toString(36).slice(2, 8).replace(/[0-9]/g, "x")}`;
let isbnCounter = 0;
/** A fresh valid ISBN-13 (the check digit is not verified, only the shape). */
const freshIsbn = () => `979${String(Date.now() % 1e8).padStart(8, "0")}${String(++isbnCounter).padStart(2, "0")}`;
const book = (over: Record<string, unknown> = {}) => ({
  type: 0,
  title: `Linear Algebra Done Right ${word()}`,
  authors: "Sheldon Axler",
  year: 2015,
  publisher: "Springer",
  isbn: freshIsbn(),
  edition: "3rd",
  pages: 340,
  language: "English",
  extension: "pdf",
  cover_url: "https://covers.example.org/axler.jpg",
  toman_price: 89_000,
  ...over,
});

async function createBook(body: Record<string, unknown>) {
  const res = await admin.post("/admin/ajax/directBooks", body);
  expect(res.status, await res.clone().text()).toBe(200);
  return DirectBook.parse(await res.json());
}

describe("direct books", () => {
  it("adds a book that the public book search then finds with its price", async () => {
    const title = word();
    const b = await createBook(book({ title: `Topology ${title}`, year: toPersianDigits(2019), toman_price: toPersianDigits(120000) }));
    expect(b).toMatchObject({ type: 0, title: `Topology ${title}`, year: 2019, toman_price: 120_000, authors: "Sheldon Axler" });
    const search = await new Client().post("/book_search", { search_from: "all", keywords: title });
    const found = BookSearchResponse.parse(await search.json()).results;
    expect(found.map((r) => r.id)).toEqual([b.id]);
  });

  it("lists direct books only (not free items or standards), searchable by title or ISBN, paged", async () => {
    const b = await createBook(book());
    const page = DirectBooksPage.parse(await (await admin.get(`/admin/ajax/directBooks?per_page=100`)).json());
    const ids = page.data.map((x) => x.id);
    expect(ids).toContain(b.id);
    const types = await env.DB.prepare(`SELECT id, type, free, toman_price FROM catalog_items WHERE id IN (${ids.join(",")})`).all<{
      type: number;
      free: number;
      toman_price: number | null;
    }>();
    for (const r of types.results) expect(r.type <= 1 && r.free === 0 && r.toman_price !== null).toBe(true);
    const direct = await env.DB.prepare("SELECT COUNT(*) AS n FROM catalog_items WHERE type IN (0, 1) AND free = 0 AND toman_price IS NOT NULL").first<{
      n: number;
    }>();
    expect(page.total).toBe(direct!.n);
    const long = await admin.get(`/admin/ajax/directBooks?q=${encodeURIComponent("{{constructor}}کتاب".repeat(10))}`);
    expect(DirectBooksPage.parse(await long.json()).total).toBe(0);
    const byIsbn = DirectBooksPage.parse(await (await admin.get(`/admin/ajax/directBooks?q=${b.isbn!.slice(0, 3)}-${b.isbn!.slice(3)}`)).json());
    expect(byIsbn.data.map((x) => x.id)).toEqual([b.id]);
    const byTitle = DirectBooksPage.parse(await (await admin.get(`/admin/ajax/directBooks?q=${encodeURIComponent(b.title.split(" ").at(-1)!)}`)).json());
    expect(byTitle.data.map((x) => x.id)).toEqual([b.id]);
  });

  it("edits a book and sets its price; the search index follows the new title", async () => {
    const b = await createBook(book());
    const title = word();
    const edited = DirectBook.parse(
      await (await admin.post(`/admin/ajax/directBooks/${b.id}`, book({ title: `Measure Theory ${title}`, type: 1, isbn: b.isbn }))).json(),
    );
    expect(edited).toMatchObject({ id: b.id, type: 1, title: `Measure Theory ${title}` });
    const priced = DirectBook.parse(await (await admin.post(`/admin/ajax/directBooks/${b.id}/price`, { toman_price: 99_000 })).json());
    expect(priced.toman_price).toBe(99_000);
    const found = BookSearchResponse.parse(await (await new Client().post("/book_search", { search_from: "all", keywords: title })).json()).results;
    expect(found.map((r) => r.id)).toEqual([b.id]);
  });

  it("a taken ISBN is refused (whatever its hyphens) and nothing is written", async () => {
    const b = await createBook(book());
    const hyphened = `${b.isbn!.slice(0, 3)}-${b.isbn!.slice(3, 8)}-${b.isbn!.slice(8)}`;
    await expectNothingChanged(["catalog_items", "audit_log"], async () => {
      await expect422(await admin.post("/admin/ajax/directBooks", book({ isbn: hyphened })), "isbn", adminMessages.isbnTaken);
      const other = await admin.get(`/admin/ajax/directBooks?per_page=1`);
      const otherId = DirectBooksPage.parse(await other.json()).data.find((x) => x.id !== b.id)?.id;
      if (otherId) await expect422(await admin.post(`/admin/ajax/directBooks/${otherId}`, book({ isbn: b.isbn })), "isbn", adminMessages.isbnTaken);
    });
  });

  it.each([
    [{ type: 2 }, "type", adminTexts.bookTypeInvalid],
    [{ title: "  " }, "title", adminTexts.titleRequired],
    [{ year: 1500 }, "year", adminTexts.yearInvalid],
    [{ pages: 0 }, "pages", adminTexts.pagesInvalid],
    [{ isbn: "12345" }, "isbn", adminTexts.isbnInvalid],
    [{ toman_price: 500 }, "toman_price", adminTexts.priceInvalid],
    [{ toman_price: "سی هزار" }, "toman_price", adminTexts.priceInvalid],
    [{ toman_price: undefined }, "toman_price", adminTexts.priceInvalid],
    [{ cover_url: "http://insecure.example/c.jpg" }, "cover_url", adminTexts.coverInvalid],
  ])("422 for %j, nothing written", async (over, field, message) => {
    await expectNothingChanged(["catalog_items", "audit_log"], async () => expect422(await admin.post("/admin/ajax/directBooks", book(over)), field, message));
  });

  it("unknown ids and items that are not direct books are 404; a bad price is 422", async () => {
    const free = await env.DB.prepare("SELECT id FROM catalog_items WHERE free = 1 LIMIT 1").first<{ id: number }>();
    const b = await createBook(book());
    await expectNothingChanged(["catalog_items", "audit_log"], async () => {
      for (const id of ["999999999", "abc", ...(free ? [String(free.id)] : [])]) {
        const res = await admin.post(`/admin/ajax/directBooks/${id}/price`, { toman_price: 50_000 });
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ status: "error", error: adminMessages.bookNotFound });
      }
      await expect422(await admin.post(`/admin/ajax/directBooks/${b.id}/price`, { toman_price: 0 }), "toman_price", adminTexts.priceInvalid);
    });
  });

  it("is admin-only", async () => {
    const b = await createBook(book());
    const tables = ["catalog_items", "audit_log"];
    await expectAdminOnly((c) => c.get("/admin/ajax/directBooks"));
    await expectAdminOnly((c) => c.post("/admin/ajax/directBooks", book()), tables);
    await expectAdminOnly((c) => c.post(`/admin/ajax/directBooks/${b.id}`, book()), tables);
    await expectAdminOnly((c) => c.post(`/admin/ajax/directBooks/${b.id}/price`, { toman_price: 10_000 }), tables);
  });
});

describe("news items", () => {
  it("creates, edits, unpublishes and deletes; the flag is stored", async () => {
    const title = `خبر آزمایشی ${word()}`;
    const n = NewsItem.parse(await (await admin.post("/admin/ajax/news", { title })).json());
    expect(n).toMatchObject({ title, published: true });
    const edited = NewsItem.parse(await (await admin.post(`/admin/ajax/news/${n.id}`, { title: `${title} (ویرایش)`, published: true })).json());
    expect(edited.title).toBe(`${title} (ویرایش)`);
    const hidden = NewsItem.parse(await (await admin.post(`/admin/ajax/news/${n.id}/publish`, { published: false })).json());
    expect(hidden.published).toBe(false);
    expect(await env.DB.prepare("SELECT published FROM news WHERE id = ?").bind(n.id).first()).toEqual({ published: 0 });
    const list = NewsPage.parse(await (await admin.get("/admin/ajax/news?per_page=100")).json());
    expect(list.data.find((x) => x.id === n.id)?.published).toBe(false);
    expect(await (await admin.post(`/admin/ajax/news/${n.id}/delete`, {})).json()).toEqual({ status: "ok" });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM news WHERE id = ?").bind(n.id).first()).toEqual({ n: 0 });
  });

  it.each([
    [{}, "title", adminTexts.titleRequired],
    [{ title: " " }, "title", adminTexts.titleRequired],
    [{ title: "x".repeat(501) }, "title", adminTexts.titleTooLong],
    [{ title: "خبر", published: "no" }, "published", adminTexts.flagInvalid],
  ])("422 for %j, nothing written", async (body, field, message) => {
    await expectNothingChanged(["news"], async () => expect422(await admin.post("/admin/ajax/news", body), field, message));
  });

  it("unknown news is 404 for edit, publish and delete", async () => {
    await expectNothingChanged(["news"], async () => {
      for (const [path, body] of [
        ["/admin/ajax/news/999999", { title: "x" }],
        ["/admin/ajax/news/999999/publish", { published: true }],
        ["/admin/ajax/news/nope/delete", {}],
      ] as const) {
        const res = await admin.post(path, body);
        expect(res.status, path).toBe(404);
        expect(await res.json()).toEqual({ status: "error", error: adminMessages.newsNotFound });
      }
    });
  });

  it("is admin-only", async () => {
    const n = NewsItem.parse(await (await admin.post("/admin/ajax/news", { title: "برای آزمون نقش" })).json());
    await expectAdminOnly((c) => c.get("/admin/ajax/news"));
    await expectAdminOnly((c) => c.post("/admin/ajax/news", { title: "نفوذی" }), ["news"]);
    await expectAdminOnly((c) => c.post(`/admin/ajax/news/${n.id}`, { title: "نفوذی" }), ["news"]);
    await expectAdminOnly((c) => c.post(`/admin/ajax/news/${n.id}/publish`, { published: false }), ["news"]);
    await expectAdminOnly((c) => c.post(`/admin/ajax/news/${n.id}/delete`, {}), ["news"]);
  });
});

describe("blog posts", () => {
  it("creates, edits, unpublishes and deletes", async () => {
    const name = `how-to-${word()}`;
    const p = BlogPost.parse(await (await admin.post("/admin/ajax/blog", { post_title: "راهنمای جست‌وجو", post_name: name })).json());
    expect(p).toMatchObject({ post_title: "راهنمای جست‌وجو", post_name: name, published: true });
    const edited = BlogPost.parse(
      await (await admin.post(`/admin/ajax/blog/${p.id}`, { post_title: "راهنمای تازه", post_name: `${name}-2`, published: false })).json(),
    );
    expect(edited).toMatchObject({ post_title: "راهنمای تازه", post_name: `${name}-2`, published: false });
    const shown = BlogPost.parse(await (await admin.post(`/admin/ajax/blog/${p.id}/publish`, { published: true })).json());
    expect(shown.published).toBe(true);
    const list = BlogPage.parse(await (await admin.get("/admin/ajax/blog")).json());
    expect(list.data[0]!.id).toBe(p.id);
    expect(await (await admin.post(`/admin/ajax/blog/${p.id}/delete`, {})).json()).toEqual({ status: "ok" });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM blog_posts WHERE id = ?").bind(p.id).first()).toEqual({ n: 0 });
  });

  it("Persian slugs are fine; a taken slug is refused", async () => {
    const name = `راهنمای-${word()}`;
    const p = BlogPost.parse(await (await admin.post("/admin/ajax/blog", { post_title: "نوشته", post_name: name })).json());
    await expectNothingChanged(["blog_posts"], async () => {
      await expect422(await admin.post("/admin/ajax/blog", { post_title: "دیگری", post_name: name }), "post_name", adminMessages.postNameTaken);
    });
    const other = BlogPost.parse(await (await admin.post("/admin/ajax/blog", { post_title: "سومی", post_name: `${name}-b` })).json());
    await expectNothingChanged(["blog_posts"], async () => {
      await expect422(
        await admin.post(`/admin/ajax/blog/${other.id}`, { post_title: "سومی", post_name: p.post_name }),
        "post_name",
        adminMessages.postNameTaken,
      );
    });
  });

  it.each([
    [{ post_name: "a-b" }, "post_title", adminTexts.titleRequired],
    [{ post_title: "عنوان" }, "post_name", adminTexts.postNameInvalid],
    [{ post_title: "عنوان", post_name: "has space" }, "post_name", adminTexts.postNameInvalid],
    [{ post_title: "عنوان", post_name: "../etc/passwd" }, "post_name", adminTexts.postNameInvalid],
    [{ post_title: "عنوان", post_name: "-lead" }, "post_name", adminTexts.postNameInvalid],
    [{ post_title: "عنوان", post_name: "ok", published: 1 }, "published", adminTexts.flagInvalid],
  ])("422 for %j, nothing written", async (body, field, message) => {
    await expectNothingChanged(["blog_posts"], async () => expect422(await admin.post("/admin/ajax/blog", body), field, message));
  });

  it("unknown posts are 404; admin-only", async () => {
    await expectNothingChanged(["blog_posts"], async () => {
      const res = await admin.post("/admin/ajax/blog/999999/delete", {});
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ status: "error", error: adminMessages.postNotFound });
    });
    const p = BlogPost.parse(await (await admin.post("/admin/ajax/blog", { post_title: "نقش", post_name: `role-${word()}` })).json());
    await expectAdminOnly((c) => c.get("/admin/ajax/blog"));
    await expectAdminOnly((c) => c.post("/admin/ajax/blog", { post_title: "x", post_name: "x" }), ["blog_posts"]);
    await expectAdminOnly((c) => c.post(`/admin/ajax/blog/${p.id}`, { post_title: "x", post_name: "x" }), ["blog_posts"]);
    await expectAdminOnly((c) => c.post(`/admin/ajax/blog/${p.id}/publish`, { published: false }), ["blog_posts"]);
    await expectAdminOnly((c) => c.post(`/admin/ajax/blog/${p.id}/delete`, {}), ["blog_posts"]);
  });
});
