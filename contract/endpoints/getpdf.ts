import type { GetPdfCheckInput, GetPdfResult, GetPdfStartInput, LastArticles, ProfileDownloads, ProfileDownloadsQuery } from "../getpdf";
import type { IdentifyQuery, IdentifyResult } from "../identify";
import { endpoint } from "../endpoint";

/**
 * Instant download (worker/features/getpdf/routes.ts, identify-route.ts). Start and check come as
 * POST (may spend a credit) and GET (never spends: the link panel's `?method=get` flow).
 */
export const getpdfApi = {
  start: endpoint<{ body: typeof GetPdfStartInput; response: typeof GetPdfResult }>()("post", "/getpdf/start"),
  startGet: endpoint<{ query: typeof GetPdfStartInput; response: typeof GetPdfResult }>()("get", "/getpdf/start"),
  check: endpoint<{ body: typeof GetPdfCheckInput; response: typeof GetPdfResult }>()("post", "/getpdf/check"),
  checkGet: endpoint<{ query: typeof GetPdfCheckInput; response: typeof GetPdfResult }>()("get", "/getpdf/check"),
  lastArticles: endpoint<{ response: typeof LastArticles }>()("get", "/last_articles"),
  downloads: endpoint<{ query: typeof ProfileDownloadsQuery; response: typeof ProfileDownloads }>()("get", "/profile/downloads"),
  identify: endpoint<{ query: typeof IdentifyQuery; response: typeof IdentifyResult }>()("get", "/identify"),
};
