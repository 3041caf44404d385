/**
 * What every client builds from its options, once: the timeout, the provider's
 * rate limiter, and a `send` that waits for the limiter, goes through
 * `upstreamFetch` and tells the limiter about a 429. Clients keep their own
 * URLs, headers, accepted statuses and body checks.
 */
import type { z } from "zod";
import { asRecord, shapeError, validateOutput, type Json } from "./decode";
import { isCallBudget, limiterBudget, type CallBudget } from "./budget";
import type { BudgetLimits } from "../contract/budget";
import { UpstreamError, readJson, resolveRateLimiter, upstreamFetch, type ClientBaseOptions, type UpstreamFetchOptions } from "./http";

export interface ClientSetup {
  /** Name in errors ("crossref", "ncbi", ...). */
  provider: string;
  /** Used when the caller gives no timeoutMs. */
  defaultTimeoutMs: number;
  /** The provider's limits; omitted for providers that are not rate limited here. */
  limits?: BudgetLimits | undefined;
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
  /** The provider's budget each call takes a slot of (null: none). */
  readonly budget: CallBudget | null;
  /** One request through the limiter and upstreamFetch. */
  send(url: string | URL, init: RequestInit | undefined, opts?: SendOptions): Promise<Response>;
}

export function clientTransport(opts: ClientBaseOptions, setup: ClientSetup): ClientTransport {
  const { provider } = setup;
  const timeoutMs = opts.timeoutMs ?? setup.defaultTimeoutMs;
  const budget = setup.limits ? budgetOf(opts, setup, setup.limits) : null;
  return {
    provider,
    timeoutMs,
    budget,
    async send(url, init, o = {}) {
      const slot = await budget?.take(o.cost);
      try {
        const res = await upstreamFetch(opts.fetch, opts.upstreamBase, url.toString(), init, {
          provider,
          timeoutMs,
          ...(o.acceptStatuses === undefined ? {} : { acceptStatuses: o.acceptStatuses }),
          ...(o.describeError === undefined ? {} : { describeError: o.describeError }),
        });
        await o.check?.(res);
        await slot?.done({ status: res.status });
        return res;
      } catch (err) {
        // A rate-limited answer (429, or a provider's own wording of it) slows every caller of the budget.
        const limited = err instanceof UpstreamError && err.kind === "rate_limited";
        await slot?.done({
          status: limited ? 429 : err instanceof UpstreamError ? (err.status ?? null) : null,
          retryAfterSeconds: limited ? err.retryAfterSeconds : undefined,
        });
        throw err;
      }
    },
  };
}

function budgetOf(opts: ClientBaseOptions, setup: ClientSetup, limits: BudgetLimits): CallBudget | null {
  const given = opts.rateLimiter;
  if (given === null) return null;
  if (given !== undefined) return isCallBudget(given) ? given : limiterBudget(given);
  const limiter = resolveRateLimiter(undefined, setup.limiterKey ?? setup.provider, limits, setup.provider);
  return limiter ? limiterBudget(limiter) : null;
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

/**
 * A lookup's one record: a 404 (kept by `acceptStatuses`) is null, no such record; a JSON object is
 * turned into the client's record by `map` and checked against `schema`. A body that is not an
 * object, or in which `map` finds no record (null), is a shape error naming `what`.
 */
export async function readLookup<S extends z.ZodType>(
  res: Response,
  provider: string,
  what: string,
  map: (body: Json) => z.input<S> | null,
  schema: S,
): Promise<z.output<S> | null> {
  if (await absentOn404(res)) return null;
  const body = await readJsonObject(res, provider);
  const record = body ? map(body) : null;
  if (!record) throw shapeError(provider, what, res.status);
  return validateOutput(schema, record, provider, what);
}
