import type { Context } from "hono";
import { Hono } from "hono";
import { GETPDF_WAIT_MS, GetPdfCheckInput, GetPdfResult, GetPdfStartInput } from "../../../contract/getpdf";
import { EXPORT_TYPES } from "../../../lib/citations";
import type { AppEnv } from "../../lib/context";
import { services } from "../../services";
import { bindEndpoint } from "../../lib/endpoint";
import { spendStartAllowance } from "./start-limit";
import { checkDownload, exportLibrary, lastArticles, profileDownloads, startDownload, type GetpdfContext } from "./service";
import { progressStream, wantsStream } from "./stream";
import { context } from "./context";
import { getpdfApi } from "../../../contract/endpoints/getpdf";

/** Link/DOI download (search-and-download.md §7), its feeds, and the signed /files/… links. */
export const getpdfRoutes = new Hono<AppEnv>();

const noStore = (c: Context<AppEnv>) => c.header("Cache-Control", "no-store");

/** 429 `{ status: "error", error }` in Persian past the per-user or per-address allowance. */
const limitStarts = (c: Context<AppEnv>) => spendStartAllowance(c.var.db, { userId: c.var.user?.id ?? null, address: services(c).address }, c.var.now());

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

bindEndpoint(getpdfRoutes, getpdfApi.start, (c, { body }) => start(c, body));

bindEndpoint(getpdfRoutes, getpdfApi.startGet, (c, { query }) => start(c, query));

bindEndpoint(getpdfRoutes, getpdfApi.check, (c, { body }) => check(c, body));

bindEndpoint(getpdfRoutes, getpdfApi.checkGet, (c, { query }) => check(c, query));

bindEndpoint(getpdfRoutes, getpdfApi.lastArticles, async (c) => c.json(await lastArticles(context(c))));

bindEndpoint(getpdfRoutes, getpdfApi.downloads, async (c, { query }) => {
  noStore(c);
  const ctx = context(c);
  const { page, ...filter } = query;
  return c.json(await profileDownloads({ ...ctx, userId: ctx.userId! }, page, filter));
});

bindEndpoint(getpdfRoutes, getpdfApi.exportLibrary, async (c, { query, user }) => {
  const { format, ...filter } = query;
  const type = EXPORT_TYPES[format];
  return new Response(await exportLibrary(c.var.db, user.id, filter, format), {
    headers: { "Content-Type": type.mime, "Content-Disposition": `attachment; filename="daryaft-library.${type.ext}"`, "Cache-Control": "no-store" },
  });
});
