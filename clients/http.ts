/**
 * Transport shared by every outside-service client.
 *
 * Runs in Cloudflare Workers and in Node (tests): only fetch, URL, AbortSignal
 * and timers are used. Clients never call fetch directly; they go through
 * `upstreamFetch`, which
 *   - rewrites the URL onto a local fake when `upstreamBase` is set
 *     (https://api.crossref.org/works/x?y=1 -> {base}/api.crossref.org/works/x?y=1),
 *   - applies a timeout (AbortSignal.timeout, combined with any caller signal),
 *   - turns transport failures and HTTP error statuses into `UpstreamError`.
 */

import type { BudgetLimits } from "../contract/budget";
import type { CallBudget } from "./budget";

export type FetchFn = typeof fetch;

export const UPSTREAM_ERROR_KINDS = ["timeout", "network", "http", "parse", "auth", "rate_limited", "not_found"] as const;
export type UpstreamErrorKind = (typeof UPSTREAM_ERROR_KINDS)[number];

export interface UpstreamErrorInit {
  provider: string;
  kind: UpstreamErrorKind;
  message: string;
  status?: number | undefined;
  retryAfterSeconds?: number | undefined;
  /** The provider's own error text (often Persian for Kavenegar), kept verbatim. */
  providerMessage?: string | undefined;
  cause?: unknown;
}

export class UpstreamError extends Error {
  readonly provider: string;
  readonly kind: UpstreamErrorKind;
  readonly status: number | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly providerMessage: string | undefined;

  constructor(init: UpstreamErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "UpstreamError";
    this.provider = init.provider;
    this.kind = init.kind;
    this.status = init.status;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.providerMessage = init.providerMessage;
  }

  /** Worth trying again later (a queue retry), as opposed to a permanent answer. */
  get retryable(): boolean {
    if (this.kind === "timeout" || this.kind === "network" || this.kind === "rate_limited") return true;
    return this.kind === "http" && (this.status === undefined || this.status >= 500);
  }
}

export function isUpstreamError(err: unknown, kind?: UpstreamErrorKind): err is UpstreamError {
  return err instanceof UpstreamError && (kind === undefined || err.kind === kind);
}

/** Options every client factory accepts. */
export interface ClientBaseOptions {
  fetch: FetchFn;
  /** e.g. "http://127.0.0.1:18999": send every request to the local fake upstream. */
  upstreamBase?: string | undefined;
  /** Per-request timeout; each client has its own default. */
  timeoutMs?: number | undefined;
  /**
   * The provider's budget: the deployment's shared one (clients/budget.ts sharedBudget, what
   * every product caller passes), a per-isolate limiter, or null for none (tests). Undefined
   * means a per-isolate default for that provider (scripts).
   */
  rateLimiter?: CallBudget | RateLimiter | null | undefined;
}

/** Where a request for `url` actually goes. */
export function upstreamUrl(url: string, upstreamBase?: string): string {
  if (!upstreamBase) return url;
  const u = new URL(url);
  const base = upstreamBase.replace(/\/+$/, "");
  return `${base}/${u.host}${u.pathname}${u.search}`;
}

export interface UpstreamFetchOptions {
  provider: string;
  timeoutMs: number;
  /** Non-2xx statuses handed back to the caller instead of thrown (e.g. [404]). */
  acceptStatuses?: readonly number[] | undefined;
  /** A caller's overall deadline, combined with the timeout. */
  signal?: AbortSignal | undefined;
  /** Pull the provider's error text out of an error body. */
  describeError?: ((body: string, status: number) => string | undefined) | undefined;
}

/**
 * fetch with the conventions above. Returns the Response for 1xx-3xx and for
 * accepted statuses; throws UpstreamError otherwise. Bodies must be read with
 * readText/readJson/readBytes so a timeout while streaming is typed too.
 */
export async function upstreamFetch(
  fetchFn: FetchFn,
  upstreamBase: string | undefined,
  url: string,
  init: RequestInit | undefined,
  opts: UpstreamFetchOptions,
): Promise<Response> {
  const target = upstreamUrl(url, upstreamBase);
  const timeoutSignal = AbortSignal.timeout(opts.timeoutMs);
  const signals = [timeoutSignal, init?.signal ?? undefined, opts.signal].filter((s): s is AbortSignal => s != null);
  const signal = signals.length === 1 ? timeoutSignal : anySignal(signals);
  const where = hostOf(url);

  let res: Response;
  try {
    res = await fetchFn(target, { ...init, signal });
  } catch (err) {
    throw transportError(err, opts.provider, where, opts.timeoutMs);
  }
  if (res.status < 400 || opts.acceptStatuses?.includes(res.status)) return res;
  throw await errorFromResponse(res, opts.provider, opts.describeError);
}

/** Build the typed error for an HTTP error response (reads a bounded body). */
export async function errorFromResponse(
  res: Response,
  provider: string,
  describe?: (body: string, status: number) => string | undefined,
): Promise<UpstreamError> {
  let body = "";
  try {
    // Only the start of an error page says anything; the rest is not read.
    body = (await readText(res, provider, 64 * 1024)).slice(0, 4000);
  } catch {
    // The status alone is enough to classify the failure.
  }
  const detail = (describe ?? describeErrorBody)(body, res.status);
  const status = res.status;
  const kind: UpstreamErrorKind =
    status === 401 || status === 403 ? "auth" : status === 404 || status === 410 ? "not_found" : status === 429 ? "rate_limited" : "http";
  return new UpstreamError({
    provider,
    kind,
    status,
    message: `${provider}: HTTP ${status}${detail ? `: ${detail}` : ""}`,
    retryAfterSeconds: parseRetryAfter(res.headers.get("retry-after")),
    providerMessage: detail,
  });
}

/** Default error-text extraction: common JSON keys, else a short non-HTML text body. */
export function describeErrorBody(body: string): string | undefined {
  const trimmed = body.trim();
  if (!trimmed) return undefined;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (parsed && typeof parsed === "object") {
      const o = parsed as Record<string, unknown>;
      for (const key of ["message", "error", "detail", "statusText"]) {
        const v = o[key];
        if (typeof v === "string" && v.trim()) return v.trim().slice(0, 300);
      }
    }
    return undefined;
  } catch {
    if (/^\s*</.test(trimmed)) return undefined; // an HTML error page says nothing useful
    return trimmed.slice(0, 300);
  }
}

/** Retry-After as seconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value == null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * An API answer is at most this big: a page of 1,000 Crossref works is a few MB. The runtime
 * inflates gzip answers as they are read and sends no length for them, so the cap is counted on
 * what is read, and reading stops there (a compressed upstream answer may expand a thousandfold).
 */
export const MAX_API_BODY_BYTES = 16 * 1024 * 1024;

/** The body's bytes, read chunk by chunk and given up past `maxBytes` (a `parse` error). */
async function readCapped(res: Response, provider: string, maxBytes: number): Promise<Uint8Array> {
  const tooBig = (n: string) => new UpstreamError({ provider, kind: "parse", message: `${provider}: body ${n} exceeds ${maxBytes} bytes` });
  const declared = Number(res.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooBig(`of ${declared} bytes`);
  if (!res.body) return new Uint8Array(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooBig("");
      }
      chunks.push(value);
    }
  } catch (err) {
    throw transportError(err, provider, "response body");
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

export async function readText(res: Response, provider: string, maxBytes = MAX_API_BODY_BYTES): Promise<string> {
  return new TextDecoder().decode(await readCapped(res, provider, maxBytes));
}

export async function readBytes(res: Response, provider: string, maxBytes = 100 * 1024 * 1024): Promise<Uint8Array> {
  return readCapped(res, provider, maxBytes);
}

/** Read and JSON.parse a body; a non-JSON body is a `parse` error. */
export async function readJson(res: Response, provider: string): Promise<unknown> {
  const text = await readText(res, provider);
  return parseJsonText(text, provider, res.status);
}

export function parseJsonText(text: string, provider: string, status?: number): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new UpstreamError({
      provider,
      kind: "parse",
      status,
      message: `${provider}: response is not JSON (${text.slice(0, 80).replace(/\s+/g, " ")})`,
      cause: err,
    });
  }
}

/** Turn a thrown fetch/read error into a typed one. */
function transportError(err: unknown, provider: string, where: string, timeoutMs?: number): UpstreamError {
  if (err instanceof UpstreamError) return err;
  const name = err instanceof Error || isDomException(err) ? (err as { name: string }).name : "";
  if (name === "TimeoutError" || (name === "AbortError" && isTimeoutReason(err))) {
    return new UpstreamError({
      provider,
      kind: "timeout",
      message: `${provider}: no answer from ${where}${timeoutMs ? ` within ${timeoutMs} ms` : ""}`,
      cause: err,
    });
  }
  if (name === "AbortError") {
    return new UpstreamError({ provider, kind: "network", message: `${provider}: request to ${where} was aborted`, cause: err });
  }
  const msg = err instanceof Error ? err.message : String(err);
  return new UpstreamError({ provider, kind: "network", message: `${provider}: ${where} unreachable: ${msg}`, cause: err });
}

function isDomException(v: unknown): boolean {
  return typeof v === "object" && v !== null && "name" in v;
}

function isTimeoutReason(err: unknown): boolean {
  const cause = (err as { cause?: unknown }).cause;
  return typeof cause === "object" && cause !== null && (cause as { name?: string }).name === "TimeoutError";
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "upstream";
  }
}

/** AbortSignal.any where available (Workers, Node 20+), else a manual fan-in. */
function anySignal(signals: AbortSignal[]): AbortSignal {
  const native = (AbortSignal as unknown as { any?: (s: AbortSignal[]) => AbortSignal }).any;
  if (typeof native === "function") return native.call(AbortSignal, signals);
  const controller = new AbortController();
  for (const s of signals) {
    if (s.aborted) {
      controller.abort(s.reason);
      break;
    }
    s.addEventListener("abort", () => controller.abort(s.reason), { once: true });
  }
  return controller.signal;
}

// ---------------------------------------------------------------------------
// Rate limiting

export interface RateLimiterOptions {
  /** Sustained rate. Fractions are allowed (arXiv: 1/3.75). */
  perSecond: number;
  /** Requests (cost units) per rolling 24 h window. */
  perDay?: number | undefined;
  /** Requests allowed back to back; default floor(perSecond), at least 1. */
  burst?: number | undefined;
  /** Longer waits than this throw rate_limited instead of sleeping. Default 10 s. */
  maxWaitMs?: number | undefined;
  /** Name used in errors. */
  provider?: string | undefined;
  now?: (() => number) | undefined;
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

export interface RateLimiter {
  /** Wait for a slot; `cost` counts against perDay (OpenAlex lists cost 10). */
  acquire(cost?: number): Promise<void>;
  /** Hold every caller back for `ms` (after a 429 with Retry-After). */
  pause(ms: number): void;
}

const DAY_MS = 86_400_000;

/**
 * A token bucket in GCRA form: one "theoretical arrival time" instead of a
 * token count, so reservations for waiting callers are exact. In memory and
 * per isolate; good enough to keep one Worker instance polite.
 */
export function createRateLimiter(opts: RateLimiterOptions): RateLimiter {
  if (!(opts.perSecond > 0)) throw new RangeError("perSecond must be > 0");
  const interval = 1000 / opts.perSecond;
  const burst = Math.max(1, Math.floor(opts.burst ?? opts.perSecond));
  const tolerance = (burst - 1) * interval;
  const maxWaitMs = opts.maxWaitMs ?? 10_000;
  const provider = opts.provider ?? "upstream";
  const now = opts.now ?? (() => Date.now());
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let tat = 0;
  let dayStart: number | null = null;
  let dayCount = 0;

  return {
    async acquire(cost = 1) {
      const t = now();
      if (opts.perDay !== undefined) {
        if (dayStart === null || t - dayStart >= DAY_MS) {
          dayStart = t;
          dayCount = 0;
        }
        if (dayCount + cost > opts.perDay) {
          throw new UpstreamError({
            provider,
            kind: "rate_limited",
            message: `${provider}: daily budget of ${opts.perDay} requests used up`,
            retryAfterSeconds: Math.ceil((dayStart + DAY_MS - t) / 1000),
          });
        }
      }
      const start = Math.max(tat, t);
      const wait = Math.max(0, start - tolerance - t);
      if (wait > maxWaitMs) {
        throw new UpstreamError({
          provider,
          kind: "rate_limited",
          message: `${provider}: local rate limit would need a ${Math.ceil(wait)} ms wait`,
          retryAfterSeconds: Math.ceil(wait / 1000),
        });
      }
      tat = start + interval;
      if (opts.perDay !== undefined) dayCount += cost;
      if (wait > 0) await sleep(wait);
    },
    pause(ms: number) {
      tat = Math.max(tat, now() + ms + tolerance);
    },
  };
}

const sharedLimiters = new Map<string, RateLimiter>();

/** One limiter per key per isolate, created on first use (never at module load). */
export function sharedRateLimiter(key: string, create: () => RateLimiter): RateLimiter {
  let limiter = sharedLimiters.get(key);
  if (!limiter) {
    limiter = create();
    sharedLimiters.set(key, limiter);
  }
  return limiter;
}

/**
 * The budget of each outside service, one line per provider (a new client registers its own line
 * here; clients/limiters.ts turns it into the deployment's shared budget). Rates sit under the
 * published figure with slots evenly spaced (burst 1 where the provider counts per second), so no
 * one-second window ever holds more than the published number, with room for network jitter;
 * `concurrency` is requests at once; `perDay` is cost units per UTC day at 80% of the allowance.
 * docs/scale.md has the arithmetic and sources.
 */
export const PROVIDER_LIMITS = {
  /** Crossref polite pool, single-DOI records (from December 2025): 10 a second, 3 at once. 9/s evenly: ≤ 10 in any second, 111 ms of jitter margin. */
  crossref: { perSecond: 9, burst: 1, concurrency: 3 },
  /** Crossref polite pool, lists (queries, filters: reference matching, search, the notice feed): 3 a second, 3 at once. */
  crossrefList: { perSecond: 2.5, burst: 1, concurrency: 3 },
  /**
   * Not a provider: reading-list entries started a second (queue-consumer/list-pace.ts), Crossref's
   * 10 single records a second in entries less a margin, no cap at once (a turn is not a call).
   */
  listEntries: { perSecond: 9, burst: 1 },
  /** 100,000 calls/day per e-mail; no per-second figure is published, 10/s and 10 at once keep bursts polite. */
  unpaywall: { perSecond: 10, burst: 1, concurrency: 10, perDay: 80_000 },
  /**
   * 100 requests/s with or without a key; with a free key $1 of use a day, where a work by DOI is
   * free, a filtered list $0.0001 and a search $0.001: units are lists (search = 10), 80% of 10,000.
   */
  openalex: { perSecond: 50, burst: 5, concurrency: 20, perDay: 8_000 },
  /** Without a key: $0.01 a day (100 list units). */
  openalexNoKey: { perSecond: 10, burst: 1, concurrency: 5, perDay: 80 },
  /** "Wait 3 seconds between calls": one per 3.75 s. */
  arxiv: { perSecond: 1 / 3.75, burst: 1, concurrency: 1 },
  /** E-utilities: 3/s without an API key, 10/s with one. */
  ncbi: { perSecond: 2.4, burst: 1, concurrency: 3 },
  ncbiWithKey: { perSecond: 8, burst: 1, concurrency: 5 },
  /** Europe PMC publishes no hard limit; stay modest. */
  europepmc: { perSecond: 8, burst: 1, concurrency: 5 },
  /** Scopus Search per key: 9 req/s throttle, 20,000 per week (~2,285/day at 80%). */
  scopus: { perSecond: 7, burst: 1, concurrency: 5, perDay: 2_285 },
  /** Article Retrieval per key: 10 req/s, 50,000 per week. */
  elsevier: { perSecond: 8, burst: 1, concurrency: 5, perDay: 5_714 },
  /** Open Library asks clients not to hammer it; no figure published for search. */
  openlibrary: { perSecond: 4, burst: 1, concurrency: 4 },
  /** Resend: 2 requests per second per team. */
  resend: { perSecond: 1.6, burst: 1, concurrency: 2 },
  /** ZarinPal publishes no figure: payments and the reconciliation's checks, kept modest. */
  zarinpal: { perSecond: 5, burst: 2, concurrency: 5 },
  /** Kavenegar publishes no figure: login codes and notices by SMS. */
  kavenegar: { perSecond: 5, burst: 2, concurrency: 5 },
  /** OAPEN and DOAB (DSpace) publish no limit; a small library's servers, so stay gentle. */
  oapen: { perSecond: 2, burst: 1, concurrency: 2 },
  /** Gutendex is one volunteer's server over Project Gutenberg's catalogue: one call a second. */
  gutendex: { perSecond: 1, burst: 2, concurrency: 2 },
  /** NASA NTRS publishes no figure; its API sits behind api.nasa.gov-style throttling. */
  ntrs: { perSecond: 2, burst: 1, concurrency: 2 },
  /** OSTI's API asks for reasonable use and no parallel harvesting. */
  osti: { perSecond: 2, burst: 1, concurrency: 1 },
  /** IETF Datatracker: a shared volunteer-run service. */
  datatracker: { perSecond: 2, burst: 1, concurrency: 2 },
} as const satisfies Record<string, BudgetLimits>;

/** The per-isolate limiter of a client built without a budget (scripts): the override, none, or the shared default. */
export function resolveRateLimiter(override: RateLimiter | null | undefined, key: string, limits: BudgetLimits, provider: string): RateLimiter | null {
  if (override === null) return null;
  if (override !== undefined) return override;
  return sharedRateLimiter(key, () => createRateLimiter({ perSecond: limits.perSecond, perDay: limits.perDay, burst: limits.burst, provider }));
}
