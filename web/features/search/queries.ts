import { queryOptions } from "@tanstack/react-query";
import type {
  ArticleSearchInput,
  ArticleSearchResponse,
  BookSearchInput,
  BookSearchResponse,
  SearchOptions,
  StandardSearchInput,
  StandardSearchResponse,
  ThesisSearchInput,
  ThesisSearchResponse,
} from "../../../contract/search";
import { api } from "../../lib/api";

export const searchKeys = {
  all: ["search"] as const,
  options: ["search", "options"] as const,
  list: (kind: SearchKind, params: unknown) => ["search", kind, params] as const,
};

export type SearchKind = "article" | "book" | "thesis" | "standard";

/** The dropdown lists (standards organisations, thesis departments and languages); they rarely change. */
export const searchOptionsQuery = () =>
  queryOptions({
    queryKey: searchKeys.options,
    queryFn: ({ signal }) => api<SearchOptions>("/search_options", { signal }),
    staleTime: 10 * 60_000,
  });

export const fetchers = {
  article: (body: ArticleSearchInput, signal?: AbortSignal) => api<ArticleSearchResponse>("/article_search", { body, signal }),
  book: (body: BookSearchInput, signal?: AbortSignal) => api<BookSearchResponse>("/book_search", { body, signal }),
  thesis: (body: ThesisSearchInput, signal?: AbortSignal) => api<ThesisSearchResponse>("/tez_search", { body, signal }),
  standard: (body: StandardSearchInput, signal?: AbortSignal) => api<StandardSearchResponse>("/standard_search", { body, signal }),
};
