import type { Context } from "hono";
import { Hono } from "hono";
import {
  GETPDF_WAIT_MS,
  GetPdfCheckInput,
  GetPdfResult,
  GetPdfStartInput,
  LastArticles,
  LibraryExportQuery,
  ProfileDownloads,
  ProfileDownloadsQuery,
} from "../../../contract/getpdf";
import { EXPORT_TYPES } from "../../../lib/citations";
import type { AppEnv } from "../../lib/context";
import { clientAddress } from "../../lib/client-address";
import { defineEndpoint } from "../../lib/endpoint";
import { anyone, signedIn } from "../../lib/roles";
import { spendStartAllowance } from "./start-limit";
import { checkDownload, exportLibrary, lastArticles, profileDownloads, startDownload, type GetpdfContext } from "./service";
import { progressStream, wantsStream } from "./stream";
import { context } from "./context";

/** Link/DOI download (search-and-download.md §7), its feeds, and the signed /files/… links. */
export const getpdfRoutes = new Hono<AppEnv>();

const noStore = (c: Context<AppEnv>) => c.header("Cache-Control", "no-store");

/** 429 `{ status: "error", error }` in Persian past the per-user or per-address allowance. */
const limitStarts = (c: Context<AppEnv>) => spendStartAllowance(c.var.db, { userId: c.var.user?.id ?? null, address: clientAddress(c) }, c.var.now());

/**
 * The start and check verbs answer the same for GET and POST; only spending differs (see context).
 * A processing job is waited on for up to GETPDF_WAIT_MS (or the caller's shorter `wait`) and
 * answered the moment it settles; `Accept: text/event-stream` gets the progress stream instead (stream.ts).
 */
function answer(c: Context<AppEnv>, wait: number | undefined, verb: (ctx: GetpdfContext) => Promise<GetPdfResult>) {
  noStore(c);
  const signal = c.req.raw.signal;
  const ctx = context(c);
  if (wantsStream(c.req.header("accept"))) return verb(ctx).then((first) => progressStream(ctx, first, signal));
  return verb({ ...ctx, waitMs: wait ?? GETPDF_WAIT_MS, signal }).then((r) => c.json(r));
}

async function start(c: Context<AppEnv>, input: GetPdfStartInput) {
  await limitStarts(c);
  return answer(c, input.wait, (ctx) => startDownload(ctx, input.url));
}

const check = (c: Context<AppEnv>, input: GetPdfCheckInput) => answer(c, input.wait, (ctx) => checkDownload(ctx, input.id));

defineEndpoint(
  getpdfRoutes,
  {
    method: "post",
    path: "/getpdf/start",
    summary:
      "Start (or join) the instant download of a link, DOI, arXiv or PubMed id; answered when the job settles or after `wait` ms (2,500 at most) with processing (Accept: text/event-stream streams each step, then the result)",
    roles: anyone,
    body: GetPdfStartInput,
    response: GetPdfResult,
    tag: "getpdf",
  },
  (c, { body }) => start(c, body),
);

defineEndpoint(
  getpdfRoutes,
  {
    method: "get",
    path: "/getpdf/start",
    summary: "Start (or join) the instant download of a link; never spends a credit (a licensed copy not yet paid for answers buy, asking to confirm by POST)",
    roles: anyone,
    query: GetPdfStartInput,
    response: GetPdfResult,
    tag: "getpdf",
  },
  (c, { query }) => start(c, query),
);

defineEndpoint(
  getpdfRoutes,
  {
    method: "post",
    path: "/getpdf/check",
    summary:
      "The current result of a started download, answered when the job settles or after `wait` ms (2,500 at most) while processing (poll every 3 s while processing; Accept: text/event-stream streams each step)",
    roles: anyone,
    body: GetPdfCheckInput,
    response: GetPdfResult,
    tag: "getpdf",
  },
  (c, { body }) => check(c, body),
);

defineEndpoint(
  getpdfRoutes,
  {
    method: "get",
    path: "/getpdf/check",
    summary: "The current result of a started download; never spends a credit (see GET /getpdf/start)",
    roles: anyone,
    query: GetPdfCheckInput,
    response: GetPdfResult,
    tag: "getpdf",
  },
  (c, { query }) => check(c, query),
);

defineEndpoint(
  getpdfRoutes,
  {
    method: "get",
    path: "/last_articles",
    summary: "The 20 latest downloaded articles (home tab): date, link and download link",
    roles: anyone,
    response: LastArticles,
    tag: "getpdf",
  },
  async (c) => c.json(await lastArticles(context(c))),
);

defineEndpoint(
  getpdfRoutes,
  {
    method: "get",
    path: "/profile/downloads",
    summary: "The signed-in user's link/DOI downloads (/profile/booksAndArticles)",
    roles: signedIn,
    query: ProfileDownloadsQuery,
    response: ProfileDownloads,
    tag: "getpdf",
  },
  async (c, { query }) => {
    noStore(c);
    const ctx = context(c);
    const { page, ...filter } = query;
    return c.json(await profileDownloads({ ...ctx, userId: ctx.userId! }, page, filter));
  },
);

defineEndpoint(
  getpdfRoutes,
  {
    method: "get",
    path: "/profile/downloads/export",
    summary: "The signed-in user's library (filtered as on /profile/booksAndArticles) as BibTeX, RIS or CSL-JSON",
    roles: signedIn,
    query: LibraryExportQuery,
    html: true,
    tag: "getpdf",
  },
  async (c, { query, user }) => {
    const { format, ...filter } = query;
    const type = EXPORT_TYPES[format];
    return new Response(await exportLibrary(c.var.db, user.id, filter, format), {
      headers: { "Content-Type": type.mime, "Content-Disposition": `attachment; filename="daryaft-library.${type.ext}"`, "Cache-Control": "no-store" },
    });
  },
);
