import type { Context } from "hono";
import { Hono } from "hono";
import { and, desc, eq } from "drizzle-orm";
import {
  BATCH_MAX_BYTES,
  BatchCreateInput,
  BatchCreated,
  BatchExportQuery,
  BatchLicensedQuote,
  BatchLicensedResult,
  BatchList,
  BatchOfflineQuote,
  BatchOfflineResult,
  BatchView,
  BatchViewQuery,
  LibraryNoticeSettings,
  LibraryNotices,
  batchTexts,
} from "../../../contract/batch";
import { EXPORT_TYPES, decodeUpload, writeCitations } from "../../../lib/citations";
import { schema } from "../../../db/client";
import type { AppEnv } from "../../lib/context";
import { services } from "../../services";
import { randomToken } from "../../lib/crypto";
import { clientAddress } from "../../lib/client-address";
import { writeCookie } from "../../lib/cookies";
import { defineEndpoint } from "../../lib/endpoint";
import { DomainError, NotFoundError, RateLimitError, ValidationError } from "../../lib/errors";
import { anyone, signedIn, type UserRow } from "../../lib/roles";
import { context } from "../getpdf/context";
import { offlineDeps } from "../offline/deps";
import { GUEST_COOKIE, readOwner } from "./owner";
import type { OfflineDeps } from "../offline/service";
import { ingest } from "./ingest";
import { creationLimits, readLimits } from "./limits";
import { reserve } from "../auth/rate-limit";
import { enrichFromCrossref } from "../getpdf/enrich";
import { d1AnswerStore } from "../../../db/shared-answers";
import { quoteLicensed, spendOnLicensed } from "./licensed";
import { quoteOffline, requestOffline } from "./offline";
import { KIND_TEXT, libraryNoticesOf, setWatchNotices, watchNoticesEnabled } from "./watch";
import { advance, batchEntries, batchView, checkJobEntries, createBatch, ownedBatch, processingJobKeys, resolvedCitation } from "./service";
import { WATCHED_JOBS, nextSettled } from "./wait";
import { zipStream } from "./zip";

/** Reading lists resolved at once. */
export const batchRoutes = new Hono<AppEnv>();

async function loadOwned(c: Context<AppEnv>) {
  const owner = readOwner(c);
  if (!owner) throw new NotFoundError(batchTexts.notFound);
  return ownedBatch(c.var.db, c.req.param("id") ?? "", owner);
}

const noStore = (c: Context<AppEnv>) => c.header("Cache-Control", "no-store");

const address = (c: Context<AppEnv>) => clientAddress(c);

/** Whose start allowance a list's entries spend: the signed-in user's and this address's (as /getpdf/start). */
const startWho = (c: Context<AppEnv>) => ({ userId: c.var.user?.id ?? null, address: address(c) });

/** 429 in Persian past the list-creation limits (per user, per address; guests tighter). */
async function limitCreation(c: Context<AppEnv>) {
  const r = await reserve(c.var.db, creationLimits(c.var.user?.id ?? null, address(c)), c.var.now());
  if (!r.ok) throw new RateLimitError(r.wait, batchTexts.createLimited(r.wait));
}

/** 429 in Persian past the read limit of one owner's lists (the page polls every 3 s). */
async function limitReads(c: Context<AppEnv>) {
  const r = await reserve(c.var.db, readLimits(c.var.user?.id ?? null, address(c)), c.var.now());
  if (!r.ok) throw new RateLimitError(r.wait, batchTexts.readLimited(r.wait));
}

/** A waiting read re-checks only entries not checked for this long (the list's former 3 s poll); the waits catch the rest sooner. */
const RECHECK_MS = 3000;

defineEndpoint(
  batchRoutes,
  {
    method: "post",
    path: "/batch",
    summary:
      "Resolve a reading list at once: multipart `file` (.bib, .ris, .nbib, CSL-JSON, .txt) or `text` (guests: 20 entries, open access only; signed in: 500)",
    roles: anyone,
    body: BatchCreateInput,
    response: BatchCreated,
    tag: "batch",
  },
  async (c, { body }) => {
    noStore(c);
    // Counted before the list is read: reading is the costly part, and a refused list counts too.
    await limitCreation(c);
    let content = body.text ?? "";
    let filename: string | null = null;
    if (body.file) {
      if (body.file.size > BATCH_MAX_BYTES) throw new ValidationError({ file: [batchTexts.tooLarge] });
      // UTF-8, UTF-16 (EndNote, Windows) or Windows-1252: decoded by the file's own marks, not assumed.
      content = decodeUpload(new Uint8Array(await body.file.arrayBuffer()));
      filename = body.file.name.slice(0, 200) || null;
    }
    const { format, entries } = ingest(content, filename, !!c.var.user);
    let owner = readOwner(c);
    if (!owner) {
      const token = randomToken(24);
      writeCookie(c, GUEST_COOKIE, token, { maxAge: 30 * 86400 });
      owner = { userId: null, guestToken: token };
    }
    // A list is resolved without spending: a licensed row waits for the owner's press (POST /batch/{id}/licensed).
    const id = await createBatch({ ...context(c), maySpend: false }, owner, startWho(c), { format, filename, entries });
    return c.json({ id, count: entries.length, format });
  },
);

defineEndpoint(
  batchRoutes,
  { method: "get", path: "/batch/list", summary: "The signed-in user's reading lists, newest first", roles: signedIn, response: BatchList, tag: "batch" },
  async (c, { user }) => {
    noStore(c);
    const rows = await c.var.db.select().from(schema.batches).where(eq(schema.batches.userId, user.id)).orderBy(desc(schema.batches.createdAt)).limit(50);
    return c.json(rows.map((r) => ({ id: r.id, created_at: r.createdAt.toISOString(), filename: r.filename, count: r.entryCount })));
  },
);

defineEndpoint(
  batchRoutes,
  {
    method: "get",
    path: "/batch/:id",
    summary:
      "A reading list's entries: parsed input, matched work, status, step, download link, provenance and notices (owner only; poll while processing; with wait=ms, 2,500 at most, answered the moment the next entry finishes)",
    roles: anyone,
    query: BatchViewQuery,
    response: BatchView,
    tag: "batch",
  },
  async (c, { query }) => {
    noStore(c);
    await limitReads(c);
    const batch = await loadOwned(c);
    const ctx = context(c);
    const wait = query.wait ?? 0;
    const advanced = await advance(ctx, batch.id, startWho(c), wait ? { recheckAfterMs: RECHECK_MS } : {});
    if (wait) {
      const settled = await nextSettled({ ...ctx, signal: c.req.raw.signal }, await processingJobKeys(ctx.db, batch.id, WATCHED_JOBS * 4), wait);
      if (settled) await checkJobEntries(ctx, batch.id, settled);
    }
    return c.json(await batchView(ctx, batch, advanced));
  },
);

defineEndpoint(
  batchRoutes,
  {
    method: "get",
    path: "/batch/:id/export",
    summary: "Export a reading list with the DOIs and metadata found filled in (bibtex, ris, csljson)",
    roles: anyone,
    query: BatchExportQuery,
    html: true,
    tag: "batch",
  },
  async (c, { query }) => {
    const batch = await loadOwned(c);
    const rows = await batchEntries(c.var.db, batch.id);
    // What the list left out (authors, journal, pages) from the Crossref records its jobs stored.
    const text = writeCitations(await enrichFromCrossref(d1AnswerStore(c.var.db), rows.map(resolvedCitation), c.var.now()), query.format);
    const type = EXPORT_TYPES[query.format];
    return new Response(text, {
      headers: { "Content-Type": type.mime, "Content-Disposition": `attachment; filename="daryaft-${batch.id}.${type.ext}"`, "Cache-Control": "no-store" },
    });
  },
);

defineEndpoint(
  batchRoutes,
  {
    method: "get",
    path: "/batch/:id/zip",
    summary: "Every available PDF of a reading list as one ZIP, streamed from storage",
    roles: anyone,
    html: true,
    tag: "batch",
  },
  async (c) => {
    const batch = await loadOwned(c);
    const { batchEntries: be } = schema;
    const rows = await c.var.db
      .select()
      .from(be)
      .where(and(eq(be.batchId, batch.id), eq(be.status, "ok")))
      .orderBy(be.position);
    // A licensed copy is the signed-in user's own (it was shown `ok` to them only); a guest's batch never holds one.
    const items = rows
      .filter((r) => r.fileKey && (r.access !== "licensed" || c.var.user))
      .map((r) => {
        // The list's own authors and year when it has them, else the matched work's.
        const c = resolvedCitation(r);
        return { position: r.position, fileKey: r.fileKey!, doi: r.doi, title: r.title ?? c.title, author: c.authors[0] ?? null, year: c.year };
      });
    if (!items.length) throw new DomainError(batchTexts.nothingToZip, 404);
    return new Response(zipStream(services(c).files, items), {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="daryaft-${batch.id}.zip"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
);

/** The reading list's offline rows, quoted or requested for the signed-in owner. */
async function offlineRows<T>(c: Context<AppEnv>, user: UserRow, act: (deps: OfflineDeps, user: UserRow, batchId: string) => Promise<T>) {
  noStore(c);
  const batch = await loadOwned(c);
  return c.json(await act(offlineDeps(c), user, batch.id));
}

defineEndpoint(
  batchRoutes,
  {
    method: "get",
    path: "/batch/:id/offline",
    summary:
      'Price of offline requests for every offline row of a reading list before confirming: one offline article credit each, credits first and the wallet for the rest (POST /order with the cart {name: "batch_offline", id})',
    roles: signedIn,
    response: BatchOfflineQuote,
    tag: "batch",
  },
  (c, { user }) => offlineRows(c, user, (deps, u, batchId) => quoteOffline(deps.db, u, batchId)),
);

defineEndpoint(
  batchRoutes,
  {
    method: "post",
    path: "/batch/:id/offline",
    verifiedMobile: true,
    summary:
      "Register offline requests for every offline row at once (one credit and one ledger entry per request; a document already requested is not charged again)",
    roles: signedIn,
    response: BatchOfflineResult,
    tag: "batch",
  },
  (c, { user }) => offlineRows(c, user, requestOffline),
);

defineEndpoint(
  batchRoutes,
  {
    method: "get",
    path: "/batch/:id/licensed",
    summary: "The reading list's rows found in a licensed source (shown buy), and the article credits to pay for them",
    roles: signedIn,
    response: BatchLicensedQuote,
    tag: "batch",
  },
  async (c, { user }) => {
    noStore(c);
    const batch = await loadOwned(c);
    return c.json(await quoteLicensed({ ...context(c), userId: user.id }, batch.id));
  },
);

defineEndpoint(
  batchRoutes,
  {
    method: "post",
    path: "/batch/:id/licensed",
    summary:
      "Pay for the reading list's licensed rows with article credits (the institution's quota first; each document once) and make them downloadable; stops at the first row no credit pays for",
    roles: signedIn,
    response: BatchLicensedResult,
    tag: "batch",
  },
  async (c, { user }) => {
    noStore(c);
    const batch = await loadOwned(c);
    return c.json(await spendOnLicensed({ ...context(c), userId: user.id }, batch.id));
  },
);

async function noticesView(c: Context<AppEnv>, userId: string) {
  const rows = await libraryNoticesOf(c.var.db, userId);
  return {
    enabled: await watchNoticesEnabled(c.var.db, userId),
    notices: rows.map((r) => ({
      doi: r.doi,
      notice_doi: r.noticeDoi,
      kind: r.kind,
      text: KIND_TEXT[r.kind],
      title: r.title,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

defineEndpoint(
  batchRoutes,
  {
    method: "get",
    path: "/library/notices",
    summary: "Retraction, withdrawal, correction and concern notices about papers the user received, and whether they are on",
    roles: signedIn,
    response: LibraryNotices,
    tag: "batch",
  },
  async (c, { user }) => {
    noStore(c);
    return c.json(await noticesView(c, user.id));
  },
);

defineEndpoint(
  batchRoutes,
  {
    method: "post",
    path: "/library/notices/settings",
    summary: "Switch the library's retraction notices (e-mail/SMS and in the app) on or off",
    roles: signedIn,
    body: LibraryNoticeSettings,
    response: LibraryNotices,
    tag: "batch",
  },
  async (c, { body, user }) => {
    await setWatchNotices(c.var.db, user.id, body.enabled, c.var.now());
    return c.json(await noticesView(c, user.id));
  },
);
