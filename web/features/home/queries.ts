import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { getpdfApi } from "../../../contract/endpoints/getpdf";
import { institutionsApi } from "../../../contract/endpoints/institutions";
import { offlineApi } from "../../../contract/endpoints/offline";
import type { LastArticle } from "../../../contract/getpdf";
import { call } from "../../lib/api";
import { readCsrfToken } from "../../lib/page-data";

// Row shapes of the home lists (search spec §3 "Latest article row", "Offline rows").
export type LastArticleRow = LastArticle;
export type LastOfflineRow = { created_at: string; url: string };
export type LastListKind = "last_articles" | "last_offline_books" | "last_offline_articles";

const lastLists = { last_articles: getpdfApi.lastArticles, last_offline_books: offlineApi.lastBooks, last_offline_articles: offlineApi.lastArticles };

export const homeKeys = {
  lastList: (kind: LastListKind) => ["home", kind] as const,
};

/** GET /last_articles, /last_offline_books, /last_offline_articles: fetched when their tab is opened. */
export function lastListQuery(kind: LastListKind) {
  return queryOptions({
    queryKey: homeKeys.lastList(kind),
    queryFn: ({ signal }): Promise<(LastArticleRow | LastOfflineRow)[]> => call(lastLists[kind], {}, { signal }),
    staleTime: 60_000,
    // The list shows its own retry button (search spec §8), so fail fast.
    retry: false,
  });
}

/** Sends the link that joins a contracted university (search spec §7 `GET send/verify/email`, with the page's token). */
export const sendVerifyEmailMutation = () =>
  mutationOptions({ mutationFn: (email: string) => call(institutionsApi.sendVerifyEmail, { email, _token: readCsrfToken() }) });
