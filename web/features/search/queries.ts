import { queryOptions } from "@tanstack/react-query";
import { searchApi } from "../../../contract/endpoints/search";
import type { ArticleSearchInput, BookSearchInput, StandardSearchInput, ThesisSearchInput } from "../../../contract/search";
import { call } from "../../lib/api";

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
    queryFn: ({ signal }) => call(searchApi.options, {}, { signal }),
    staleTime: 10 * 60_000,
  });

/** One page of each search (the panels page and count through useSearchList). */
export const fetchers = {
  article: (body: ArticleSearchInput, signal?: AbortSignal) => call(searchApi.article, body, { signal }),
  book: (body: BookSearchInput, signal?: AbortSignal) => call(searchApi.book, body, { signal }),
  thesis: (body: ThesisSearchInput, signal?: AbortSignal) => call(searchApi.thesis, body, { signal }),
  standard: (body: StandardSearchInput, signal?: AbortSignal) => call(searchApi.standard, body, { signal }),
};
