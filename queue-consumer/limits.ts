/**
 * Rate limits and deadlines of the fetch pipeline.
 *
 * Every outside call goes through a per-provider limiter at 80% of the provider's published
 * limit (clients/http.ts PROVIDER_LIMITS); documents on publisher and repository hosts
 * through a per-host one. Against the local fake upstream (UPSTREAM_BASE set: tests, the
 * benchmark) every limit is multiplied by FAKE_UPSTREAM_RATE_SCALE: that one local process
 * stands in for all providers at once, and their real limits would only measure our sleeping.
 */
import { PROVIDER_LIMITS, createRateLimiter, sharedRateLimiter, type RateLimiter } from "../clients/http";

export const FAKE_UPSTREAM_RATE_SCALE = 100;

/** Politeness towards a single publisher or repository host (no published figure). */
export const DOCUMENT_HOST_LIMIT = { perSecond: 4 } as const;

/** Longest wait for a limiter slot before the step counts as rate limited (a retry later). */
const MAX_LIMITER_WAIT_MS = 5_000;

type Limits = { perSecond: number; perDay?: number; burst?: number };

/**
 * The limiter a client should use: undefined means the client's own shared production limiter;
 * against the fake upstream, a scaled one.
 */
export function providerLimiter(env: Pick<Cloudflare.Env, "UPSTREAM_BASE">, provider: keyof typeof PROVIDER_LIMITS): RateLimiter | undefined {
  if (!env.UPSTREAM_BASE) return undefined;
  return scaledLimiter(`fake:${provider}`, PROVIDER_LIMITS[provider], provider);
}

/** The limiter for documents on one host. */
export function hostLimiter(env: Pick<Cloudflare.Env, "UPSTREAM_BASE">, host: string): RateLimiter {
  const key = host.toLowerCase();
  if (env.UPSTREAM_BASE) return scaledLimiter(`fake:host:${key}`, DOCUMENT_HOST_LIMIT, key);
  return sharedRateLimiter(`host:${key}`, () => createRateLimiter({ ...DOCUMENT_HOST_LIMIT, provider: key, maxWaitMs: MAX_LIMITER_WAIT_MS }));
}

function scaledLimiter(key: string, limits: Limits, provider: string): RateLimiter {
  return sharedRateLimiter(key, () => {
    const perSecond = limits.perSecond * FAKE_UPSTREAM_RATE_SCALE;
    return createRateLimiter({ perSecond, burst: Math.max(1, Math.floor(perSecond)), provider, maxWaitMs: MAX_LIMITER_WAIT_MS });
  });
}

/** Deadlines (ms). An API answer is small; a step may try several documents. */
export const DEADLINES = {
  /** One API request (Crossref, Unpaywall, OpenAlex, arXiv, NCBI, Europe PMC). */
  apiRequest: 5_000,
  /** One landing page or document download (headers and body). */
  document: 10_000,
  /** A whole step: its API call and every location it tries. */
  step: 20_000,
  /** A licensed resolver (publisher APIs stream the PDF themselves). */
  licensed: 25_000,
  /** Work on one delivery stops here, before the job's own 60 s alarm. */
  job: 55_000,
} as const;

/** Largest document accepted. */
export const MAX_PDF_BYTES = 50 * 1024 * 1024;
/** Largest landing page read for its meta tags. */
export const MAX_LANDING_BYTES = 3 * 1024 * 1024;
