import type * as searchContract from "../search";
import { endpoint } from "../endpoint";

/** The four catalogue searches and their dropdown lists (worker/features/search/routes.ts). */
export const searchApi = {
  article: endpoint<{ body: typeof searchContract.ArticleSearchRequest; response: typeof searchContract.ArticleSearchResponse }>()("post", "/article_search"),
  book: endpoint<{ body: typeof searchContract.BookSearchRequest; response: typeof searchContract.BookSearchResponse }>()("post", "/book_search"),
  thesis: endpoint<{ body: typeof searchContract.ThesisSearchRequest; response: typeof searchContract.ThesisSearchResponse }>()("post", "/tez_search"),
  standard: endpoint<{ body: typeof searchContract.StandardSearchRequest; response: typeof searchContract.StandardSearchResponse }>()(
    "post",
    "/standard_search",
  ),
  options: endpoint<{ response: typeof searchContract.SearchOptions }>()("get", "/search_options"),
};
