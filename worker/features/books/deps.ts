/** The Worker's sources of book metadata: Open Library (Books API, search, editions) and Crossref, from the request's services, with the edge cache. */
import type { Priority } from "../../../contract/budget";
import type { Services } from "../../services";
import type { BookResolverDeps } from "./resolve-book";

/** How long a start waits for one metadata source. */
const BOOK_LOOKUP_TIMEOUT_MS = 5_000;

/** `priority`: a paste's look-ups go before a reading list's (the providers' shared budgets). */
export function bookResolverDeps(clients: Pick<Services["clients"], "openLibrary" | "crossref">, priority: Priority = "paste"): BookResolverDeps {
  const cache = typeof caches !== "undefined" && "default" in caches ? (caches as unknown as { default: Cache }).default : undefined;
  return {
    openLibrary: clients.openLibrary({ priority, timeoutMs: BOOK_LOOKUP_TIMEOUT_MS }),
    crossref: clients.crossref({ priority, timeoutMs: BOOK_LOOKUP_TIMEOUT_MS }),
    cache,
  };
}
