import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { batchApi } from "../../../contract/endpoints/batch";
import { getpdfApi } from "../../../contract/endpoints/getpdf";
import { walletApi } from "../../../contract/endpoints/wallet";
import type { GetPdfResult, LibraryFilter } from "../../../contract/getpdf";
import { call } from "../../lib/api";
import { identifyKey } from "./identify-query";
import { streamedResult, type OnProgress } from "./result-stream";

export { identifyQuery } from "./identify-query";
export { isResult } from "./result-shape";

/**
 * Re-check interval while a job is processing when the last answer came at once (search spec §9:
 * 3 seconds). An answer the server held (it waited for the job, or streamed its steps until its
 * bound) is followed by the next request at once: the server already spaced them.
 */
export const POLL_MS = 3000;
/** An answer that took at least this long was held by the server. */
const HELD_MS = 1000;
const AGAIN_MS = 50;

/** How long the last start or check of each ticket took (read by the check's refetch interval). */
const lastAnswerMs = new Map<string, number>();

async function timed(request: () => Promise<GetPdfResult>) {
  const sent = Date.now();
  const result = await request();
  lastAnswerMs.set(result.id, Date.now() - sent);
  if (lastAnswerMs.size > 50) lastAnswerMs.delete(lastAnswerMs.keys().next().value!);
  return result;
}

/** After a processing answer: at once when the server held it, else after POLL_MS. */
export const nextCheckMs = (id: string) => ((lastAnswerMs.get(id) ?? 0) >= HELD_MS ? AGAIN_MS : POLL_MS);

export const getpdfKeys = {
  all: ["getpdf"] as const,
  identify: identifyKey,
  start: (url: string, method: "post" | "get", run: number) => ["getpdf", "start", method, url, run] as const,
  check: (id: string) => ["getpdf", "check", id] as const,
  downloads: (page: number, filter: LibraryFilter = {}) => ["getpdf", "downloads", page, filter] as const,
  libraryNotices: ["library", "notices"] as const,
};

/**
 * Starting is a call that may enqueue work: never retried, never refetched, forgotten on close.
 * It streams the job's steps to `onProgress` and answers the result the moment the job settles.
 */
export const startQuery = (url: string, method: "post" | "get", run: number, onProgress?: OnProgress) =>
  queryOptions({
    queryKey: getpdfKeys.start(url, method, run),
    queryFn: ({ signal }) =>
      timed(() =>
        method === "post" ? streamedResult(getpdfApi.start, { url }, signal, onProgress) : streamedResult(getpdfApi.startGet, { url }, signal, onProgress),
      ),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** Asks again while processing (each answer held by the server until the job settles or its bound); the dialog's unmount stops it. */
export const checkQuery = (id: string, method: "post" | "get", onProgress?: OnProgress) =>
  queryOptions({
    queryKey: getpdfKeys.check(id),
    queryFn: ({ signal }) =>
      timed(() =>
        method === "post" ? streamedResult(getpdfApi.check, { id }, signal, onProgress) : streamedResult(getpdfApi.checkGet, { id }, signal, onProgress),
      ),
    refetchInterval: (q) => (q.state.data?.status === "processing" ? nextCheckMs(id) : false),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    // The first check after the start's processing answer: at once when the start was held, else after POLL_MS.
    staleTime: () => nextCheckMs(id),
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

/** The library watcher's notices about papers the user received, and whether they are switched on (shown on the library page). */
export const libraryNoticesQuery = () =>
  queryOptions({ queryKey: getpdfKeys.libraryNotices, queryFn: ({ signal }) => call(batchApi.libraryNotices, {}, { signal }) });

/** Switches the notices (e-mail/SMS and in the app) on or off; answers the fresh list. */
export const libraryNoticeSettingsMutation = () => mutationOptions({ mutationFn: (enabled: boolean) => call(batchApi.libraryNoticeSettings, { enabled }) });
