/** What the offline service needs for one request, from the request's services. */
import type { Context } from "hono";
import type { AppEnv } from "../../lib/context";
import { services } from "../../services";
import { bookResolverDeps } from "../books/deps";
import { catalogueBook, outsideBook } from "./catalogue-book";
import type { OfflineDeps } from "./service";

/** The offline service's dependencies for one request (also used by the batch's offline requests). */
export function offlineDeps(c: Context<AppEnv>): OfflineDeps {
  const s = services(c);
  const crossref = s.clients.crossref(5_000);
  return {
    db: s.db,
    log: s.log,
    now: s.now,
    notifier: s.notifier,
    secret: s.signingSecret,
    files: s.files,
    origin: s.origin,
    defer: s.defer,
    metadata: {
      async doi(doi) {
        const work = await crossref.getWork(doi);
        return work
          ? {
              title: work.title,
              type: work.type,
              language: work.language,
              authors: work.authors.map((a) => a.name),
              year: work.issuedYear,
              publisher: work.publisher,
              isbns: work.isbn,
            }
          : null;
      },
      // A book by ISBN: our catalogue first, then the book resolver the link box uses (Open Library,
      // Crossref's book records; cached for a day, each within its provider's shared budget).
      async isbn(isbn) {
        return (await catalogueBook(s.db, isbn)) ?? outsideBook(isbn, bookResolverDeps(c.env));
      },
    },
  };
}
