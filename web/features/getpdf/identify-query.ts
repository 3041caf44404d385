import { queryOptions } from "@tanstack/react-query";
import { getpdfApi } from "../../../contract/endpoints/getpdf";
import { call } from "../../lib/api";

// Apart from queries.ts: the link box (home's first screen) needs only this one, not every
// getpdf call and the wallet's.

export const identifyKey = (input: string) => ["getpdf", "identify", input] as const;

/** GET /identify: what the link box holds (a DOI, an arXiv id…), cached for the page's life. */
export const identifyQuery = (input: string) =>
  queryOptions({
    queryKey: identifyKey(input),
    queryFn: ({ signal }) => call(getpdfApi.identify, { input }, { signal }),
    staleTime: Infinity,
    retry: false,
  });
