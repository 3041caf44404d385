import { queryOptions } from "@tanstack/react-query";
import { getpdfApi } from "../../../contract/endpoints/getpdf";
import { walletApi } from "../../../contract/endpoints/wallet";
import type { GetPdfResult, GetPdfStatus, LibraryFilter } from "../../../contract/getpdf";
import { ApiError, call } from "../../lib/api";
import { identifyKey } from "./identify-query";

export { identifyQuery } from "./identify-query";

/** Re-check interval while a job is processing (search spec §9: 3 seconds). */
export const POLL_MS = 3000;

const STATUSES: readonly GetPdfStatus[] = ["ok", "error", "offline", "buy", "processing", "choose"];

/** Types only come from the contract (no zod in this chunk); this is the cheap runtime check. */
export function isResult(v: unknown): v is GetPdfResult {
  return !!v && typeof v === "object" && typeof (v as GetPdfResult).id === "string" && STATUSES.includes((v as GetPdfResult).status);
}

/** A getpdf call: `status: "error"` is a result to show, not a failure. */
async function asResult(request: Promise<unknown>): Promise<GetPdfResult> {
  try {
    const data = await request;
    if (!isResult(data)) throw new ApiError("unexpected answer", 0, {}, data);
    return data;
  } catch (err) {
    if (err instanceof ApiError && isResult(err.body)) return err.body;
    throw err;
  }
}

export const getpdfKeys = {
  all: ["getpdf"] as const,
  identify: identifyKey,
  start: (url: string, method: "post" | "get", run: number) => ["getpdf", "start", method, url, run] as const,
  check: (id: string) => ["getpdf", "check", id] as const,
  downloads: (page: number, filter: LibraryFilter = {}) => ["getpdf", "downloads", page, filter] as const,
};

/** Starting is a call that may enqueue work: never retried, never refetched, forgotten on close. */
export const startQuery = (url: string, method: "post" | "get", run: number) =>
  queryOptions({
    queryKey: getpdfKeys.start(url, method, run),
    queryFn: ({ signal }) =>
      asResult(method === "post" ? call(getpdfApi.start, { url }, { signal }) : call(getpdfApi.startGet, { url }, { signal })),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** Polls every POLL_MS until the status is terminal; the dialog's unmount stops it. */
export const checkQuery = (id: string, method: "post" | "get") =>
  queryOptions({
    queryKey: getpdfKeys.check(id),
    queryFn: ({ signal }) => asResult(method === "post" ? call(getpdfApi.check, { id }, { signal }) : call(getpdfApi.checkGet, { id }, { signal })),
    refetchInterval: (q) => (q.state.data?.status === "processing" ? POLL_MS : false),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    staleTime: POLL_MS,
    gcTime: 0,
    retry: 2,
  });

export const downloadsQuery = (page: number, filter: LibraryFilter = {}) =>
  queryOptions({
    queryKey: getpdfKeys.downloads(page, filter),
    queryFn: ({ signal }) => call(getpdfApi.downloads, { page, ...filter }, { signal }),
  });

/** The balances after an ok result (a licensed copy may have used a credit); the caller merges them into userInfo. */
export const fetchBalances = (signal: AbortSignal) => call(walletApi.balance, {}, { signal });
