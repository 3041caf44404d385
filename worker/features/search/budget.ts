/**
 * Guards in front of the article sources: a source must be configured, and one client may not
 * spend the operator's Scopus/Crossref quota alone (searches are open to guests).
 */
import type { ArticleSearchRequest } from "../../../contract/search";
import type { Db } from "../../../db/client";
import { DomainError, RateLimitError } from "../../lib/errors";
import { reserve } from "../auth/rate-limit";
import type { ArticleSearchDeps } from "./article-search";
import { searchMessages as m } from "./messages";

/** Uncached article searches one client may start per window. */
const ARTICLE_SEARCH_BUDGET = { limit: 60, windowMs: 10 * 60_000 };

/** Scopus without SCOPUS_API_KEY says so in Persian instead of failing. */
export function assertSourceConfigured(deps: Pick<ArticleSearchDeps, "scopus">, req: Pick<ArticleSearchRequest, "search_from">): void {
  if (req.search_from === "scopus" && !deps.scopus) throw new DomainError(m.scopusNotConfigured);
}

/** Counts one upstream search for `client` (an IP), or throws 429 with Retry-After. */
export async function spendArticleSearchBudget(db: Db, client: string, now: number): Promise<void> {
  // Reserved in one statement, so a burst of parallel searches cannot all pass the check.
  const r = await reserve(db, [{ key: `article_search:${client}`, ...ARTICLE_SEARCH_BUDGET }], now);
  if (!r.ok) throw new RateLimitError(r.wait);
}
