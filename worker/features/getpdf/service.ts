/**
 * Verbs of the link/DOI download: start (identify, screen, ask the job's Durable Object to join,
 * reuse or run), check (read the job), and show a result to one viewer, recording every
 * terminal result shown (downloads) and a signed-in user's last `ok` (userInfo.last_download).
 */
import { DocumentNotice, type GetPdfResult, type LastArticle, type LibraryFilter, type ProfileDownload, type ProfileDownloads } from "../../../contract/getpdf";
import { writeCitations, type ExportFormat } from "../../../lib/citations";
import { emptyCitation, type Citation } from "../../../lib/citations/entry";
import type { IdentifyResult } from "../../../contract/identify";
import { identify, jobKeyFor } from "../../../lib/identify";
import type { Db } from "../../../db/client";
import { ValidationError } from "../../lib/errors";
import { signFileLink } from "../files/signing";
import { fetchJobStub } from "../jobs/fetch-job";
import { waitForSettled, type Background } from "../jobs/job-wait";
import type { JobState, Lane } from "../../../contract/jobs/job-state";
import { d1AnswerStore } from "../../../db/shared-answers";
import { enrichFromCrossref } from "./enrich";
import { hasArticleEntitlement, spendArticleCredit } from "../wallet/ledger";
import { grantByUniversityForUserId } from "../institutions/enforce";
import { screenInput } from "./guards";
import { referenceDeps, resolveReferenceText, type ReferenceDeps } from "./match/resolve-reference";
import { getpdfMessages as m } from "./messages";
import { presentJob, type PresentDeps } from "./present";
import { latestOkDownloads, libraryDocuments, recordOutcome, saveLastDownload, userDownloadsPage } from "./queries";
import { makeTicket, readTicket, type Ticket } from "./ticket";
import { bookRequestDescription, bookRequestUrl, type BookCard } from "../../../contract/books";
import { sha256Hex } from "../../../lib/crypto";
import { bookInputOf, readsAsBookReference, type BookInput } from "../books/book-input";
import { bookResolverDeps } from "../books/deps";
import { catalogOffer } from "../books/catalog-offer";
import { resolveBook, type BookResolverDeps } from "../books/resolve-book";

export type GetpdfContext = {
  db: Db;
  env: Cloudflare.Env;
  now: number;
  userId: string | null;
  secret: string;
  /** Reference matching's Crossref; referenceDeps(env) when not given (tests pass their own). */
  reference?: ReferenceDeps;
  /** False on GET: showing a result never spends a credit or a quota unit. */
  maySpend?: boolean;
  /**
   * How long start and check may hold a processing answer for the job to settle (the routes give
   * GETPDF_WAIT_MS or the caller's `wait`); absent or 0: answer at once (the batch's own loop).
   */
  waitMs?: number;
  /** The request's signal: a client that goes away ends the wait. */
  signal?: AbortSignal;
  /** Work that outlives the answer (telling the job a waiter left), where the runtime offers it. */
  background?: Background;
  /** `list`: a reading-list entry (its job waits in the list lane, its outside calls after pastes'). */
  lane?: Lane;
  /** Book metadata's sources (Open Library, Crossref); bookResolverDeps(env) when not given. */
  books?: BookResolverDeps;
};

/**
 * A reading-list entry's reference could not be matched now because Crossref's budget had no slot
 * in time: the entry is left unstarted and tried again on the list's next read.
 */
export class EntryDeferred extends Error {}

/** How long a list's start may wait for a Crossref slot inside the page's request. */
const LIST_MATCH_WAIT_MS = 3_000;

function presentDeps(ctx: GetpdfContext): PresentDeps {
  return {
    // A university member's licensed copy comes from the institution's article_download quota first.
    spendCredit: async (userId, jobKey) =>
      ctx.maySpend === false
        ? hasArticleEntitlement(ctx.db, userId, jobKey)
        : (await grantByUniversityForUserId(ctx.db, userId, "article_download", jobKey, ctx.now)) ||
          (await spendArticleCredit(ctx.db, { userId, jobKey, now: ctx.now })).ok,
    signLink: (fileKey, userId) => signFileLink(ctx.secret, { key: fileKey, now: ctx.now, userId }),
  };
}

export async function startDownload(ctx: GetpdfContext, raw: string): Promise<GetPdfResult> {
  const identified = identify(raw);
  if (identified.kind === "empty") throw new ValidationError({ url: ["عبارتی برای جستجو وارد نشده است."] });
  const verdict = screenInput(raw, identified);
  const key = jobKeyFor(identified);
  if (verdict?.refuse === "offline-title") return startFromReference(ctx, raw, verdict.title);
  const book = verdict ? null : bookInputOf(raw, identified);
  if (book) return (await startBook(ctx, raw, book)) ?? offlineBookForText(ctx, raw);
  if (verdict || key === null) {
    // Answered at once, without a job; the ticket only names the showing.
    const { id, ticket } = await inputTicket(ctx, key, raw);
    const result: GetPdfResult =
      verdict?.refuse === "error"
        ? {
            id,
            status: "error",
            download_link: null,
            ads1: null,
            ads2: null,
            msg: verdict.msg,
            msg2: null,
            url: identified.url ?? raw.trim(),
            doi: identified.doi,
            desc: null,
            can_edit: false,
          }
        : offlineForText(id, identified.title ?? raw.trim(), m.titleOnly);
    await record(ctx, ticket, result, null);
    return result;
  }
  return runJob(ctx, raw, identified, key);
}

async function runJob(ctx: GetpdfContext, raw: string, identified: IdentifyResult, key: string, book?: BookCard): Promise<GetPdfResult> {
  const stub = fetchJobStub(ctx.env, key);
  const started = await stub.start({ key, input: { raw: raw.trim(), identified, ...(book ? { book } : {}) }, now: ctx.now, lane: ctx.lane ?? "paste" });
  const { id, ticket } = await makeTicket(ctx.secret, key, ctx.now);
  const state =
    started.state.phase === "processing" && ctx.waitMs
      ? ((await waitForSettled(stub, ctx.waitMs, ctx.signal, ctx.background)) ?? started.state)
      : started.state;
  return show(ctx, ticket, id, state);
}

function inputTicket(ctx: GetpdfContext, key: string | null, raw: string) {
  return makeTicket(ctx.secret, key ?? `input:${raw.trim().slice(0, 500)}`, ctx.now);
}

function offlineForText(id: string, text: string, msg: string): GetPdfResult {
  return { id, status: "offline", download_link: null, ads1: null, ads2: null, msg, msg2: null, url: text, doi: null, desc: null, can_edit: true };
}

/**
 * A title or whole reference: Crossref's candidates, validated (match/). One confident match
 * runs the normal pipeline on its DOI and names the work; several plausible ones are offered
 * to choose from; nothing validated is today's prefilled offline request.
 */
async function startFromReference(ctx: GetpdfContext, raw: string, title: string): Promise<GetPdfResult> {
  const list = ctx.lane === "list";
  const deps =
    ctx.reference ??
    referenceDeps(ctx.env, { priority: list ? "list" : "paste", maxWaitMs: list ? LIST_MATCH_WAIT_MS : undefined, answers: d1AnswerStore(ctx.db) });
  const resolution = await resolveReferenceText(title, deps);
  if (list && resolution.kind === "none" && resolution.reason === "unavailable") throw new EntryDeferred("crossref busy");
  if (resolution.kind === "confident") {
    const { doi, title: workTitle, year, authors, container } = resolution.work;
    const identified = identify(doi);
    const key = jobKeyFor(identified);
    if (key !== null && identified.doi === doi) {
      const result = await runJob(ctx, doi, identified, key);
      return { ...result, match: { doi, title: workTitle, year, ...(authors.length ? { authors } : {}), ...(container ? { container } : {}) } };
    }
  }
  // A reference that cites a book, which Crossref does not confirm: the book's edition from Open Library.
  if (readsAsBookReference(title)) {
    const booked = await startBook(ctx, raw, { kind: "reference", text: title });
    if (booked) return booked;
  }
  const { id, ticket } = await inputTicket(ctx, null, raw);
  if (resolution.kind === "ambiguous") {
    const candidates = resolution.candidates.map((w) => ({
      doi: w.doi,
      title: w.title,
      year: w.year,
      ...(w.authors.length ? { authors: w.authors } : {}),
      ...(w.container ? { container: w.container } : {}),
    }));
    // Not a terminal outcome: nothing is recorded until the user picks one.
    return {
      id,
      status: "choose",
      download_link: null,
      ads1: null,
      ads2: null,
      msg: m.chooseWork,
      msg2: null,
      url: title,
      doi: null,
      desc: null,
      can_edit: true,
      candidates,
    };
  }
  const msg =
    resolution.kind === "none" && resolution.reason === "unavailable"
      ? m.matchUnavailable
      : resolution.kind === "none" && resolution.reason === "no_match"
        ? m.noMatch
        : m.titleOnly;
  const result = offlineForText(id, title, msg);
  await record(ctx, ticket, result, null);
  return result;
}

/**
 * A book input: its edition's metadata (resolveBook), then the catalogue's offer for that edition,
 * then the job that looks for a lawful open copy by ISBN; the job's "not found" is the prefilled
 * book request (present.ts). A priced catalogue item of the same edition is the answer at once
 * (status buy, the catalogue item to buy). null for a reference whose book is not found (the
 * caller's own answer stands).
 */
async function startBook(ctx: GetpdfContext, raw: string, input: BookInput): Promise<GetPdfResult | null> {
  const resolved = await resolveBook(input, ctx.books ?? bookResolverDeps(ctx.env, ctx.lane === "list" ? "list" : "paste"));
  const card = resolved.card;
  if (input.kind === "reference" && !card) return null;
  const isbn = resolved.isbn ?? card?.isbn ?? null;
  const offer = await catalogOffer(ctx.db, card, isbn);
  const extras = { ...(card ? { book: card } : {}), ...(offer ? { catalog: offer } : {}) };
  if (offer?.same_edition && !offer.free && offer.toman_price !== null) {
    const { id, ticket } = await inputTicket(ctx, isbn ? `isbn:${isbn}` : null, raw);
    const result: GetPdfResult = {
      id,
      status: "buy",
      download_link: null,
      ads1: null,
      ads2: null,
      msg: m.bookInCatalog,
      msg2: null,
      url: card ? bookRequestUrl(card, raw.trim()) : isbn ? `ISBN ${isbn}` : raw.trim(),
      doi: card?.doi ?? null,
      desc: card ? bookRequestDescription(card) : offer.title,
      can_edit: true,
      ...extras,
    };
    await record(ctx, ticket, result, null);
    return result;
  }
  if (!isbn && !card) {
    // A catalogue link nothing could read: the book request with the link itself.
    const { id, ticket } = await inputTicket(ctx, null, raw);
    const result = {
      ...offlineForText(id, input.kind === "link" ? input.url : raw.trim(), resolved.unavailable ? m.bookLookupUnavailable : m.bookLinkOnly),
      desc: null,
    };
    await record(ctx, ticket, result, null);
    return result;
  }
  // One job per edition: its ISBN, or (a book cited without one) its title, authors and year.
  const key = isbn ? `isbn:${isbn}` : `book:${(await sha256Hex(`${card!.title}|${card!.authors.join(";")}|${card!.year ?? ""}`.toLowerCase())).slice(0, 40)}`;
  const identified = isbn ? identify(`ISBN ${isbn}`) : identify(card!.title);
  const result = await runJob(ctx, raw, identified, key, card ?? undefined);
  return { ...result, ...extras };
}

/** A book input answered without any source: the book request with what was typed. */
async function offlineBookForText(ctx: GetpdfContext, raw: string): Promise<GetPdfResult> {
  const { id, ticket } = await inputTicket(ctx, null, raw);
  const result = offlineForText(id, raw.trim(), m.bookLinkOnly);
  await record(ctx, ticket, result, null);
  return result;
}

export async function checkDownload(ctx: GetpdfContext, id: string): Promise<GetPdfResult> {
  return (await checkDownloadWithJob(ctx, id)).result;
}

/** checkDownload, also answering the job behind the result (the batch keeps its title, file and notices). */
export async function checkDownloadWithJob(ctx: GetpdfContext, id: string): Promise<{ result: GetPdfResult; job: JobState | null }> {
  const ticket = await readTicket(ctx.secret, id);
  if (!ticket) throw new ValidationError({ id: [m.badTicket] });
  if (ticket.jobKey.startsWith("input:")) {
    return {
      result: {
        id,
        status: "error",
        download_link: null,
        ads1: null,
        ads2: null,
        msg: m.unknownTicket,
        msg2: null,
        url: null,
        doi: null,
        desc: null,
        can_edit: false,
      },
      job: null,
    };
  }
  const stub = fetchJobStub(ctx.env, ticket.jobKey);
  // The watch answers a settled job at once, so waiting costs no extra call; without a wait held, read.
  const waited = ctx.waitMs ? await waitForSettled(stub, ctx.waitMs, ctx.signal, ctx.background) : undefined;
  const state = waited === undefined ? await stub.read() : waited;
  return { result: await show(ctx, ticket, id, state), job: state };
}

/**
 * The result of ticket `id` for the job's `state` (the progress stream's last event), and the
 * recording of it (its downloads row), left to the caller to run once the result is on its way:
 * the user need not wait for bookkeeping. Null for a ticket without a job.
 */
export async function showTicket(
  ctx: GetpdfContext,
  id: string,
  state: JobState | null,
): Promise<{ result: GetPdfResult; record: () => Promise<void> } | null> {
  const ticket = await readTicket(ctx.secret, id);
  if (!ticket || ticket.jobKey.startsWith("input:")) return null;
  const result = await presentJob(id, state, { userId: ctx.userId, maySpend: ctx.maySpend !== false }, presentDeps(ctx));
  const settled = result.status !== "processing" && state && state.phase !== "idle";
  return { result, record: () => (settled ? record(ctx, ticket, result, state) : Promise.resolve()) };
}

/** The job key a ticket names; null for a bad ticket or one answered without a job (refused input, title only). */
export async function ticketJobKey(ctx: Pick<GetpdfContext, "secret">, id: string): Promise<string | null> {
  const ticket = await readTicket(ctx.secret, id);
  return ticket && !ticket.jobKey.startsWith("input:") ? ticket.jobKey : null;
}

async function show(ctx: GetpdfContext, ticket: Ticket, id: string, state: JobState | null): Promise<GetPdfResult> {
  const result = await presentJob(id, state, { userId: ctx.userId, maySpend: ctx.maySpend !== false }, presentDeps(ctx));
  if (result.status !== "processing" && state && state.phase !== "idle") await record(ctx, ticket, result, state);
  return result;
}

/**
 * Tickets whose row this isolate has written or found written. Every later poll of a finished job
 * (the SPA polls every 3 s, an open tab or the extension keeps doing so) skips the insert, which
 * would be ignored as a conflict anyway: that write was most of a poll's cost (bench:throughput,
 * /getpdf/check 0.24–0.29× the bare route with it, 0.63× without). Bounded; a ticket dropped from it
 * is written again, harmlessly.
 */
const recordedTickets = new Set<string>();
const RECORDED_TICKETS_MAX = 10_000;

async function record(ctx: GetpdfContext, ticket: Ticket, result: GetPdfResult, state: JobState | null): Promise<void> {
  if (result.status === "processing" || result.status === "choose") return;
  if (recordedTickets.has(ticket.nonce)) return;
  const written = await recordOutcome(ctx.db, {
    id: ticket.nonce,
    userId: ctx.userId,
    jobKey: ticket.jobKey,
    outcome: result.status,
    doi: result.doi,
    url: result.url,
    title: state?.meta.title ?? null,
    source: state?.file?.source ?? null,
    license: state?.file?.license ?? null,
    fileKey: result.status === "ok" ? (state?.file?.fileKey ?? null) : null,
    notices: result.notices ?? [],
    now: ctx.now,
  });
  if (written && ctx.userId && result.status === "ok") {
    await saveLastDownload(
      ctx.db,
      ctx.userId,
      { id: result.id, status: result.status, download_link: result.download_link, ads1: result.ads1, ads2: result.ads2 },
      ctx.now,
    );
  }
  recordedTickets.add(ticket.nonce);
  if (recordedTickets.size > RECORDED_TICKETS_MAX) recordedTickets.delete(recordedTickets.values().next().value!);
}

/** GET /last_articles: the 20 latest documents downloaded, one row per document, no user identity. */
export async function lastArticles(ctx: Omit<GetpdfContext, "userId">, limit = 20): Promise<LastArticle[]> {
  const rows = await latestOkDownloads(ctx.db, limit * 5);
  const seen = new Set<string>();
  const out: LastArticle[] = [];
  for (const row of rows) {
    if (seen.has(row.jobKey) || !row.url) continue;
    seen.add(row.jobKey);
    // A licensed copy is never linked publicly.
    const link = row.fileKey && row.access === "open" && !row.withdrawn ? await signFileLink(ctx.secret, { key: row.fileKey, now: ctx.now }) : null;
    out.push({ created_at: row.createdAt.toISOString(), url: row.url, download_link: link });
    if (out.length === limit) break;
  }
  return out;
}

const PROFILE_DOWNLOADS_PER_PAGE = 20;

/** GET /profile/downloads: the user's own history with fresh links for what they may still download. */
export async function profileDownloads(ctx: GetpdfContext & { userId: string }, page: number, filter: LibraryFilter = {}): Promise<ProfileDownloads> {
  const { rows, total } = await userDownloadsPage(ctx.db, ctx.userId, page, PROFILE_DOWNLOADS_PER_PAGE, filter);
  const data: ProfileDownload[] = [];
  for (const r of rows) {
    let link: string | null = null;
    if (r.outcome === "ok" && r.fileKey && r.access && !r.withdrawn) {
      link = await signFileLink(ctx.secret, { key: r.fileKey, now: ctx.now, userId: r.access === "licensed" ? ctx.userId : null });
    }
    const file_report = r.outcome !== "ok" || !r.fileKey ? null : r.withdrawn ? "withdrawn" : r.reported ? "reported" : "reportable";
    data.push({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      status: r.outcome,
      url: r.url,
      doi: r.doi,
      title: r.title,
      source: r.source,
      license: r.license,
      notices: DocumentNotice.array()
        .catch([])
        .parse(r.notices ?? []),
      download_link: link,
      file_report,
    });
  }
  return { current_page: page, total_results: total, total_pages: Math.max(1, Math.ceil(total / PROFILE_DOWNLOADS_PER_PAGE)), data };
}

/** An export carries at most this many documents (the newest): a library, not a database dump. */
const LIBRARY_EXPORT_MAX = 5000;

/** GET /profile/downloads/export: the (filtered) library as BibTeX, RIS or CSL-JSON, one entry per DOI or link, filled in from the Crossref records jobs stored. */
export async function exportLibrary(db: Db, userId: string, filter: LibraryFilter, format: ExportFormat, now = Date.now()): Promise<string> {
  const seen = new Set<string>();
  const list: Citation[] = [];
  for (const doc of await libraryDocuments(db, userId, filter, LIBRARY_EXPORT_MAX)) {
    const key = doc.doi?.toLowerCase() ?? doc.url ?? doc.title ?? "";
    if (seen.has(key)) continue;
    seen.add(key);
    list.push({ ...emptyCitation(), doi: doc.doi, title: doc.title, url: doc.doi ? null : doc.url });
  }
  return writeCitations(await enrichFromCrossref(d1AnswerStore(db), list, now), format);
}
