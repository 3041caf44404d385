import { describe, expect, it } from "vitest";
import { startFakeUpstream } from "../tests/fakes/upstream-server";
import { OPENLIBRARY_FIELDS, OpenLibrarySearchResultSchema, createOpenLibraryClient, openLibraryCoverUrl } from "./openlibrary";
import { caught, recorder, useFakeUpstream } from "./test-support";

const fake = useFakeUpstream(() => startFakeUpstream({ port: 0 }));
const { seen, fetch: recordingFetch } = recorder((input) => String(input));

function client(timeoutMs?: number) {
  return createOpenLibraryClient({ fetch: recordingFetch, upstreamBase: fake.url, rateLimiter: null, timeoutMs });
}

describe("openlibrary search", () => {
  it("asks for explicit fields (isbn included) and maps the recorded docs", async () => {
    seen.length = 0;
    const r = await client().search({ q: "dragons", limit: 5 });
    const q = new URL(seen[0]!).searchParams;
    expect([q.get("q"), q.get("page"), q.get("limit")]).toEqual(["dragons", "1", "5"]);
    expect(q.get("fields")!.split(",")).toEqual([...OPENLIBRARY_FIELDS]);
    expect(OpenLibrarySearchResultSchema.parse(r)).toEqual(r);
    expect(r.numFound).toBe(57);
    expect(r.docs).toHaveLength(5);
    expect(r.docs[0]).toMatchObject({
      key: "/works/OL5838218W",
      title: "Here, There Be Dragons",
      firstPublishYear: 2007,
      coverId: 10619184,
      ebookAccess: "borrowable",
      editionCount: 3,
    });
    expect(r.docs[0]!.isbns).toContain("9781416932499");
    expect(r.docs.map((d) => d.ebookAccess).slice(0, 3)).toEqual(["borrowable", "no_ebook", "printdisabled"]);
    // A doc from the newer default-field fixture has no isbn at all: an empty list, not a failure.
    expect(r.docs[3]).toMatchObject({ title: "The Handmaid's Tale", isbns: [], authorNames: ["Margaret Atwood"] });
  });

  it("pages and tolerates docs without a cover", async () => {
    const r = await client().search({ q: "chemistry", page: 3, limit: 10 });
    expect(r.start).toBe(20);
    expect(r.docs).toHaveLength(10);
    expect(r.docs.some((d) => d.coverId === null)).toBe(true);
    expect(r.docs.every((d) => d.title!.startsWith("chemistry"))).toBe(true);
  });

  it("returns no docs for no hits and refuses an empty query", async () => {
    expect(await client().search({ q: "fake:empty" })).toEqual({ numFound: 0, start: 0, docs: [] });
    await expect(client().search({ q: " " })).rejects.toThrow();
  });

  it("maps failures", async () => {
    expect((await caught(client().search({ q: "fake:500" }))).status).toBe(500);
    expect((await caught(client().search({ q: "fake:429" }))).kind).toBe("rate_limited");
    expect((await caught(client().search({ q: "fake:malformed" }))).kind).toBe("parse");
    expect((await caught(client(200).search({ q: "fake:slow" }))).kind).toBe("timeout");
  });
});

describe("openLibraryCoverUrl", () => {
  it("prefers the cover id, then ISBN, then OLID, matching the cover store's URL pattern", () => {
    const pattern = /^https?:\/\/covers.openlibrary.org\/b\/[^/?#]+\/[^/?#.]+(-[A-Z])?\.jpg$/;
    const byId = openLibraryCoverUrl({ coverId: 8231851, isbn: "0743569105" }, "L");
    expect(byId).toBe("https://covers.openlibrary.org/b/id/8231851-L.jpg");
    const byIsbn = openLibraryCoverUrl({ isbn: "978-1-4169-3249-9" });
    expect(byIsbn).toBe("https://covers.openlibrary.org/b/isbn/9781416932499-M.jpg");
    const byOlid = openLibraryCoverUrl({ olid: "OL2769393M" }, "S");
    expect(byOlid).toBe("https://covers.openlibrary.org/b/olid/OL2769393M-S.jpg");
    for (const u of [byId, byIsbn, byOlid]) expect(u).toMatch(pattern);
    expect(openLibraryCoverUrl({ isbn: "12/../x", olid: "nope" })).toBeNull();
    expect(openLibraryCoverUrl({})).toBeNull();
  });
});
