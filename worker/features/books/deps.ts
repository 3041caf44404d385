/** The Worker's sources of book metadata: Open Library (Books API, search, editions) and Crossref, with their limiters and the edge cache. */
import { createCrossrefClient } from "../../../clients/crossref";
import type { FetchFn } from "../../../clients/http";
import { providerBudget, type BudgetEnv } from "../../../clients/limiters";
import type { Priority } from "../../../contract/budget";
import { createOpenLibraryClient } from "../../../clients/openlibrary";
import type { BookResolverDeps } from "./resolve-book";

/** How long a start waits for one metadata source. */
const BOOK_LOOKUP_TIMEOUT_MS = 5_000;

/** `priority`: a paste's look-ups go before a reading list's (the providers' shared budgets). */
export function bookResolverDeps(
  env: BudgetEnv & Pick<Cloudflare.Env, "UPSTREAM_BASE" | "CONTACT_EMAIL">,
  priority: Priority = "paste",
  fetchFn: FetchFn = (...a) => fetch(...a),
): BookResolverDeps {
  const mail = env.CONTACT_EMAIL || "support@daryaft.app";
  const cache = typeof caches !== "undefined" && "default" in caches ? (caches as unknown as { default: Cache }).default : undefined;
  return {
    openLibrary: createOpenLibraryClient({
      fetch: fetchFn,
      upstreamBase: env.UPSTREAM_BASE,
      timeoutMs: BOOK_LOOKUP_TIMEOUT_MS,
      rateLimiter: providerBudget(env, "openlibrary", priority),
      userAgent: `Daryaft/1.0 (mailto:${mail})`,
    }),
    crossref: createCrossrefClient({
      fetch: fetchFn,
      upstreamBase: env.UPSTREAM_BASE,
      timeoutMs: BOOK_LOOKUP_TIMEOUT_MS,
      mailto: mail,
      rateLimiter: providerBudget(env, "crossref", priority),
    }),
    cache,
  };
}
