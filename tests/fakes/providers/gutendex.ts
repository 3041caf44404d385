/**
 * Fake Gutendex (gutendex.com) and Project Gutenberg's files (www.gutenberg.org):
 *   GET /books/?search=…&page=n  the three recorded books of gutendex/books_popular.json (count
 *       74398), then synthetic public-domain books (open-scenarios.ts); 32 a page, past the end 404
 *   GET /books/<id>              one book (recorded or synthetic), else 404 {"detail":"Not found."}
 *   www.gutenberg.org/ebooks/<id>.epub3.images  302 to /cache/epub/<id>/pg<id>-images-3.epub,
 *       which is an EPUB whose package names the book (gutenbergEpub)
 * Synthetic ebook numbers are 80000-99999. Hits: "gutendex:search:<q>", "gutendex:book:<id>",
 * "gutenberg:file:<id>".
 */
import type { FakeProvider } from "../types";
import { fixtureJson, json } from "./_shared";
import { gutenbergEpub } from "./open-files";
import {
  FILE_DOWN,
  OTHER_WORK,
  SYNTHETIC_PER_QUERY,
  fileScenario,
  searchFailure,
  searchIsEmpty,
  syntheticAuthors,
  syntheticBase,
  syntheticTitle,
} from "./open-scenarios";

const PAGE = 32;
const SYNTHETIC_MIN = 80_000;
type Book = Record<string, unknown> & { id: number; title: string; authors: { name: string }[] };

const recorded = () => fixtureJson<{ count: number; results: Book[] }>("gutendex/books_popular.json");

function synthetic(n: number): Book {
  return {
    id: n,
    title: syntheticTitle(n),
    authors: syntheticAuthors(n).map((name) => ({ name, birth_year: 1820, death_year: 1890 })),
    translators: [],
    subjects: [],
    bookshelves: [],
    languages: ["en"],
    copyright: n % 7 === 6,
    media_type: "Text",
    formats: {
      "text/html": `https://www.gutenberg.org/ebooks/${n}.html.images`,
      "application/epub+zip": `https://www.gutenberg.org/ebooks/${n}.epub3.images`,
      "image/jpeg": `https://www.gutenberg.org/cache/epub/${n}/pg${n}.cover.medium.jpg`,
      "text/plain; charset=us-ascii": `https://www.gutenberg.org/ebooks/${n}.txt.utf-8`,
    },
    download_count: 1000 + n,
  };
}

function bookById(id: number): Book | null {
  const r = recorded().results.find((b) => b.id === id);
  if (r) return r;
  return id >= SYNTHETIC_MIN && id < SYNTHETIC_MIN + 20_000 ? synthetic(id) : null;
}

export function createGutendexProvider(): FakeProvider {
  return {
    name: "gutendex",
    hosts: ["gutendex.com", "www.gutenberg.org"],
    handle(req, state) {
      if (req.method !== "GET") return null;
      if (req.host === "gutendex.com") {
        if (req.path === "/books/" || req.path === "/books") {
          const q = req.query.get("search") ?? "";
          state.hit("gutendex", `search:${q}`);
          const failure = searchFailure(q, "gutendex");
          if (failure) return failure;
          const page = Math.max(Number(req.query.get("page") ?? 1) || 1, 1);
          const rec = recorded();
          const all = searchIsEmpty(q)
            ? []
            : [...rec.results, ...Array.from({ length: SYNTHETIC_PER_QUERY }, (_, i) => synthetic(syntheticBase(q, SYNTHETIC_MIN) + i))];
          const slice = all.slice((page - 1) * PAGE, page * PAGE);
          if (page > 1 && slice.length === 0) return json(404, { detail: "Invalid page." });
          const count = searchIsEmpty(q) ? 0 : all.length;
          const next = page * PAGE < count ? `https://gutendex.com/books/?page=${page + 1}&search=${encodeURIComponent(q)}` : null;
          return json(200, {
            count,
            next,
            previous: page > 1 ? `https://gutendex.com/books/?page=${page - 1}&search=${encodeURIComponent(q)}` : null,
            results: slice,
          });
        }
        const one = /^\/books\/(\d+)\/?$/.exec(req.path);
        if (one) {
          state.hit("gutendex", `book:${one[1]}`);
          const b = bookById(Number(one[1]));
          return b ? json(200, b) : json(404, { detail: "Not found." });
        }
        return null;
      }
      const link = /^\/ebooks\/(\d+)\.epub3\.images$/.exec(req.path);
      if (link) return { status: 302, headers: { location: `https://www.gutenberg.org/cache/epub/${link[1]}/pg${link[1]}-images-3.epub` }, body: "" };
      const file = /^\/cache\/epub\/(\d+)\/pg(\d+)-images-3\.epub$/.exec(req.path);
      if (file && file[1] === file[2]) {
        const id = Number(file[1]);
        const b = bookById(id);
        if (!b) return { status: 404, headers: { "content-type": "text/html" }, body: "<!doctype html><title>404</title>" };
        state.hit("gutenberg", `file:${id}`);
        const scenario = id >= SYNTHETIC_MIN ? fileScenario(id) : "ok";
        if (scenario === "down") return FILE_DOWN;
        const body =
          scenario === "other"
            ? gutenbergEpub(id + 1, OTHER_WORK.title, OTHER_WORK.authors)
            : gutenbergEpub(
                id,
                b.title,
                b.authors.map((a) => a.name),
              );
        return { status: 200, headers: { "content-type": "application/epub+zip", "content-length": String(body.length) }, body };
      }
      return null;
    },
  };
}
