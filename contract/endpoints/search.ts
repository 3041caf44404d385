import type {
  ArticleSearchRequest,
  ArticleSearchResponse,
  BookSearchRequest,
  BookSearchResponse,
  SearchOptions,
  StandardSearchRequest,
  StandardSearchResponse,
  ThesisSearchRequest,
  ThesisSearchResponse,
} from "../search";
import { endpoint } from "../endpoint";

/** The four catalogue searches and their dropdown lists (worker/features/search/routes.ts). */
export const searchApi = {
  article: endpoint<{ body: typeof ArticleSearchRequest; response: typeof ArticleSearchResponse }>()("post", "/article_search"),
  book: endpoint<{ body: typeof BookSearchRequest; response: typeof BookSearchResponse }>()("post", "/book_search"),
  thesis: endpoint<{ body: typeof ThesisSearchRequest; response: typeof ThesisSearchResponse }>()("post", "/tez_search"),
  standard: endpoint<{ body: typeof StandardSearchRequest; response: typeof StandardSearchResponse }>()("post", "/standard_search"),
  options: endpoint<{ response: typeof SearchOptions }>()("get", "/search_options"),
};
