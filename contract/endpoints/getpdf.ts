import type * as getpdfContract from "../getpdf";
import type * as identifyContract from "../identify";
import { endpoint } from "../endpoint";

/**
 * Instant download (worker/features/getpdf/routes.ts, identify-route.ts). Start and check come as
 * POST (may spend a credit) and GET (never spends: the link panel's `?method=get` flow).
 */
export const getpdfApi = {
  start: endpoint<{ body: typeof getpdfContract.GetPdfStartInput; response: typeof getpdfContract.GetPdfResult }>()("post", "/getpdf/start"),
  startGet: endpoint<{ query: typeof getpdfContract.GetPdfStartInput; response: typeof getpdfContract.GetPdfResult }>()("get", "/getpdf/start"),
  check: endpoint<{ body: typeof getpdfContract.GetPdfCheckInput; response: typeof getpdfContract.GetPdfResult }>()("post", "/getpdf/check"),
  checkGet: endpoint<{ query: typeof getpdfContract.GetPdfCheckInput; response: typeof getpdfContract.GetPdfResult }>()("get", "/getpdf/check"),
  lastArticles: endpoint<{ response: typeof getpdfContract.LastArticles }>()("get", "/last_articles"),
  downloads: endpoint<{ query: typeof getpdfContract.ProfileDownloadsQuery; response: typeof getpdfContract.ProfileDownloads }>()("get", "/profile/downloads"),
  identify: endpoint<{ query: typeof identifyContract.IdentifyQuery; response: typeof identifyContract.IdentifyAnswer }>()("get", "/identify"),
};
