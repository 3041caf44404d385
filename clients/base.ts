/**
 * What every client builds from its options, once: the timeout, the provider's
 * rate limiter, and a `send` that waits for the limiter, goes through
 * `upstreamFetch` and tells the limiter about a 429. Clients keep their own
 * URLs, headers, accepted statuses and body checks.
 */
import { asRecord, type Json } from "./decode";
import {
  noteRateLimited,
  readJson,
  resolveRateLimiter,
  upstreamFetch,
  type ClientBaseOptions,
  type RateLimiter,
  type UpstreamFetchOptions,
} from "./http";

export interface ClientSetup {
  /** Name in errors ("crossref", "ncbi", ...). */
  provider: string;
  /** Used when the caller gives no timeoutMs. */
  defaultTimeoutMs: number;
  /** The provider's limits; omitted for providers that are not rate limited here. */
  limits?: { perSecond: number; perDay?: number; burst?: number } | undefined;
  /** Key of the shared per-isolate limiter; default the provider. */
  limiterKey?: string | undefined;
}

export interface SendOptions extends Pick<UpstreamFetchOptions, "acceptStatuses" | "describeError"> {
  /** Units charged against the limiter's daily budget (default 1). */
  cost?: number | undefined;
  /** Runs on the response inside the limiter's care: a throw here that is rate_limited pauses the limiter too. */
  check?: ((res: Response) => Promise<void>) | undefined;
}

export interface ClientTransport {
  readonly provider: string;
  readonly timeoutMs: number;
  readonly limiter: RateLimiter | null;
  /** One request through the limiter and upstreamFetch. */
  send(url: string | URL, init: RequestInit | undefined, opts?: SendOptions): Promise<Response>;
}

export function clientTransport(opts: ClientBaseOptions, setup: ClientSetup): ClientTransport {
  const { provider } = setup;
  const timeoutMs = opts.timeoutMs ?? setup.defaultTimeoutMs;
  const limiter = setup.limits ? resolveRateLimiter(opts.rateLimiter, setup.limiterKey ?? provider, setup.limits, provider) : null;
  return {
    provider,
    timeoutMs,
    limiter,
    async send(url, init, o = {}) {
      await limiter?.acquire(o.cost);
      try {
        const res = await upstreamFetch(opts.fetch, opts.upstreamBase, url.toString(), init, {
          provider,
          timeoutMs,
          ...(o.acceptStatuses === undefined ? {} : { acceptStatuses: o.acceptStatuses }),
          ...(o.describeError === undefined ? {} : { describeError: o.describeError }),
        });
        await o.check?.(res);
        return res;
      } catch (err) {
        noteRateLimited(limiter, err);
        throw err;
      }
    },
  };
}

/** The JSON Accept header most clients send. */
export const ACCEPT_JSON = { Accept: "application/json" } as const;

/** A JSON body read as an object (null when it is JSON but not an object); non-JSON is a parse error. */
export async function readJsonObject(res: Response, provider: string): Promise<Json | null> {
  return asRecord(await readJson(res, provider));
}

/** A 404 handed back by `send` means "no such record": drop the body and answer null. */
export async function absentOn404(res: Response): Promise<boolean> {
  if (res.status !== 404) return false;
  await res.body?.cancel();
  return true;
}
