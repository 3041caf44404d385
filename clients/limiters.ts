/**
 * Rate limiters for outside calls, shared by the Worker (reference matching, the library
 * watcher) and the fetch pipeline.
 *
 * Every outside call goes through a per-provider limiter at 80% of the provider's published
 * limit (clients/http.ts PROVIDER_LIMITS); documents on publisher and repository hosts
 * through a per-host one. Against the local fake upstream (UPSTREAM_BASE set: tests, the
 * benchmark) every limit is multiplied by FAKE_UPSTREAM_RATE_SCALE: that one local process
 * stands in for all providers at once, and their real limits would only measure our sleeping.
 */
import { PROVIDER_LIMITS, createRateLimiter, sharedRateLimiter, type RateLimiter } from "./http";

export const FAKE_UPSTREAM_RATE_SCALE = 100;

/**
 * The bindings the limiters read: UPSTREAM_BASE set, every call goes to the local fake upstream;
 * UPSTREAM_PROVIDER_LIMITS=real keeps the providers' own limits there too (`npm run bench:batch`:
 * a long list measured within Crossref's and the others' limits, not a hundred times theirs).
 */
type UpstreamEnv = { UPSTREAM_BASE?: string | undefined; UPSTREAM_PROVIDER_LIMITS?: string | undefined };

/** Politeness towards a single publisher or repository host (no published figure). */
export const DOCUMENT_HOST_LIMIT = { perSecond: 4 } as const;

/** Longest wait for a limiter slot before the step counts as rate limited (a retry later). */
const MAX_LIMITER_WAIT_MS = 5_000;

type Limits = { perSecond: number; perDay?: number; burst?: number };

/**
 * The limiter a client should use: undefined means the client's own shared production limiter;
 * against the fake upstream, a scaled one.
 */
export function providerLimiter(env: UpstreamEnv, provider: keyof typeof PROVIDER_LIMITS): RateLimiter | undefined {
  if (!env.UPSTREAM_BASE) return undefined;
  if (env.UPSTREAM_PROVIDER_LIMITS === "real") return scaledLimiter(`fake-real:${provider}`, PROVIDER_LIMITS[provider], provider, 1);
  return scaledLimiter(`fake:${provider}`, PROVIDER_LIMITS[provider], provider);
}

/** The limiter for documents on one host. */
export function hostLimiter(env: UpstreamEnv, host: string): RateLimiter {
  const key = host.toLowerCase();
  if (env.UPSTREAM_BASE) return scaledLimiter(`fake:host:${key}`, DOCUMENT_HOST_LIMIT, key);
  return sharedRateLimiter(`host:${key}`, () => createRateLimiter({ ...DOCUMENT_HOST_LIMIT, provider: key, maxWaitMs: MAX_LIMITER_WAIT_MS }));
}

function scaledLimiter(key: string, limits: Limits, provider: string, scale = FAKE_UPSTREAM_RATE_SCALE): RateLimiter {
  return sharedRateLimiter(key, () => {
    const perSecond = limits.perSecond * scale;
    return createRateLimiter({ perSecond, burst: Math.max(1, Math.floor(perSecond)), provider, maxWaitMs: MAX_LIMITER_WAIT_MS });
  });
}
