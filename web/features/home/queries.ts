import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

// Row shapes of the home lists (search spec §3 "Latest article row", "Offline rows"). The
// endpoints' zod schemas are not in contract/ yet; these are read-only display rows.
export type LastArticleRow = { created_at: string; url: string; download_link?: string | null };
export type LastOfflineRow = { created_at: string; url: string };

export type LastListKind = "last_articles" | "last_offline_books" | "last_offline_articles";

/** GET /last_articles, /last_offline_books, /last_offline_articles: fetched when their tab is opened. */
export function lastListQuery(kind: LastListKind) {
  return queryOptions({
    queryKey: ["home", kind],
    queryFn: ({ signal }) => api<(LastArticleRow | LastOfflineRow)[]>(`/${kind}`, { signal }),
    staleTime: 60_000,
    // The list shows its own retry button (search spec §8), so fail fast.
    retry: false,
  });
}
