/**
 * Fetching URLs that came from users or from open-access records: every hop is checked by
 * checkOutboundUrl BEFORE the transport may rewrite it onto the local fake upstream, redirects
 * are followed by hand (at most 5, each re-checked), and the content type and declared size
 * are checked before the body is read; the body is read with a hard byte cap.
 */
import { UpstreamError, upstreamFetch, type FetchFn } from "../clients/http";
import type { CallBudget } from "../clients/budget";
import { checkOutboundUrl, type UnsafeReason } from "../lib/safe-url";
import type { Lease } from "./memory";

export const MAX_REDIRECTS = 5;

/** withdrawn: the bytes of a file staff or users' reports withdrew (queue-consumer/withdrawn.ts). */
export type RefusalKind = UnsafeReason | "too-many-redirects" | "bad-redirect" | "content-type" | "too-large" | "withdrawn";

/** The fetch was refused by a rule (not a transport failure): trying again will not help. */
export class FetchRefused extends Error {
  constructor(
    readonly kind: RefusalKind,
    readonly url: string,
    detail?: string,
  ) {
    super(`refused ${kind}: ${url}${detail ? ` (${detail})` : ""}`);
    this.name = "FetchRefused";
  }
}

export type SafeFetchOptions = {
  fetch: FetchFn;
  /** Tests and benchmarks: the transport sends the (already checked) request here. */
  upstreamBase?: string | undefined;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  maxBytes: number;
  maxRedirects?: number | undefined;
  /** Media types (lower case, no parameters) the caller can use; "" stands for a missing header. */
  accept: readonly string[];
  headers?: Record<string, string> | undefined;
  /** Per-host politeness, applied to every hop: a slot of the host's budget, held until its body is read. */
  budgetFor?: ((host: string) => CallBudget | null) | undefined;
  /** Room for the body in the isolate's memory budget (memory.ts), taken before it is read. */
  reserve?: ((bytes: number) => Promise<Lease>) | undefined;
  /** The answer's headers passed every check and its body is about to be read (the progress line). */
  onBody?: ((info: { url: string; contentType: string; declared: number | null }) => void) | undefined;
};

export type SafeFetchResult = {
  /** The URL finally answered (after redirects), as the user-facing host saw it. */
  url: string;
  contentType: string;
  bytes: Uint8Array;
  /** Every URL requested, in order. */
  hops: string[];
  /** The body's room in the memory budget: released by whoever drops the bytes. */
  lease?: Lease | undefined;
};

/**
 * A Location received through the fake upstream points back at it
 * ({base}/{host}/{path}); give the caller the real URL it stands for, so the next hop is
 * checked as what it is. Only meaningful when an upstream base is configured.
 */
export function originalUrlFromUpstream(location: string, upstreamBase: string | undefined): string | null {
  if (!upstreamBase) return null;
  const base = upstreamBase.replace(/\/+$/, "");
  if (!location.startsWith(`${base}/`)) return null;
  const rest = location.slice(base.length + 1);
  const slash = rest.indexOf("/");
  const host = slash === -1 ? rest : rest.slice(0, slash);
  if (!host) return null;
  return `https://${host}${slash === -1 ? "/" : rest.slice(slash)}`;
}

export async function safeFetch(startUrl: string, opts: SafeFetchOptions): Promise<SafeFetchResult> {
  const maxRedirects = opts.maxRedirects ?? MAX_REDIRECTS;
  const hops: string[] = [];
  let current = startUrl;
  for (let redirects = 0; ; redirects++) {
    const check = checkOutboundUrl(current);
    if (!check.ok) throw new FetchRefused(check.reason, current);
    const url = check.url.href;
    hops.push(url);
    const slot = await opts.budgetFor?.(check.url.hostname)?.take();
    let status: number | null = null;
    let retryAfterSeconds: number | undefined;
    try {
      const res = await upstreamFetch(
        opts.fetch,
        opts.upstreamBase,
        url,
        { redirect: "manual", headers: { "User-Agent": "Daryaft/1.0 (+https://daryaft.example/bot)", ...opts.headers } },
        { provider: check.url.hostname, timeoutMs: opts.timeoutMs, signal: opts.signal },
      );
      status = res.status;
      if (res.status >= 300 && res.status < 400) {
        await res.body?.cancel();
        const location = res.headers.get("location");
        if (!location) throw new FetchRefused("bad-redirect", url, `HTTP ${res.status} without Location`);
        if (redirects >= maxRedirects) throw new FetchRefused("too-many-redirects", url);
        current = originalUrlFromUpstream(location, opts.upstreamBase) ?? resolveLocation(location, url);
        continue;
      }
      const contentType = (res.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      if (!opts.accept.includes(contentType)) {
        await res.body?.cancel();
        throw new FetchRefused("content-type", url, contentType || "none");
      }
      const declared = Number(res.headers.get("content-length") ?? "NaN");
      if (Number.isFinite(declared) && declared > opts.maxBytes) {
        await res.body?.cancel();
        throw new FetchRefused("too-large", url, `${declared} bytes`);
      }
      const known = Number.isFinite(declared) && declared >= 0 ? declared : null;
      const lease = await opts.reserve?.(known ?? opts.maxBytes);
      opts.onBody?.({ url, contentType, declared: known });
      try {
        const bytes = await readCapped(res, opts.maxBytes, url, known);
        return { url, contentType, bytes, hops, lease };
      } catch (err) {
        lease?.release();
        throw err;
      }
    } catch (err) {
      if (err instanceof UpstreamError) {
        status = err.kind === "rate_limited" ? 429 : (err.status ?? null);
        retryAfterSeconds = err.retryAfterSeconds;
      }
      throw err;
    } finally {
      // The host's slot is held until the body is in (or the hop failed): downloads at once stay capped.
      await slot?.done({ status, retryAfterSeconds });
    }
  }
}

function resolveLocation(location: string, base: string): string {
  try {
    return new URL(location, base).href;
  } catch {
    throw new FetchRefused("bad-redirect", base, location.slice(0, 200));
  }
}

/**
 * Read at most maxBytes into ONE buffer (a 50 MB PDF is held once, not as chunks plus their
 * concatenation): sized by Content-Length when declared (a body longer than declared is
 * refused), else a resizable buffer that grows in place up to maxBytes. A longer body is
 * cancelled and refused.
 */
async function readCapped(res: Response, maxBytes: number, url: string, declared: number | null): Promise<Uint8Array> {
  if (!res.body) return new Uint8Array(0);
  const reader = res.body.getReader();
  const limit = declared ?? maxBytes;
  const buffer: GrowableBuffer = declared !== null ? (new ArrayBuffer(declared) as GrowableBuffer) : new GrowableArrayBuffer(0, { maxByteLength: maxBytes });
  let out = new Uint8Array(buffer);
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (total + value.byteLength > limit) {
        await reader.cancel();
        throw new FetchRefused("too-large", url, declared !== null ? `longer than its declared ${declared} bytes` : `more than ${maxBytes} bytes`);
      }
      if (declared === null) {
        // Grow geometrically (fewer resizes), never past the cap.
        if (total + value.byteLength > buffer.byteLength)
          buffer.resize(Math.min(maxBytes, Math.max(total + value.byteLength, buffer.byteLength * 2, 64 * 1024)));
        out = new Uint8Array(buffer);
      }
      out.set(value, total);
      total += value.byteLength;
    }
  } catch (err) {
    if (err instanceof FetchRefused) throw err;
    const name = (err as { name?: string }).name;
    throw new UpstreamError({
      provider: new URL(url).hostname,
      kind: name === "TimeoutError" || name === "AbortError" ? "timeout" : "network",
      message: `reading ${url} failed: ${String(err)}`,
      cause: err,
    });
  }
  if (declared !== null) return total === declared ? out : out.subarray(0, total);
  // A fixed-length buffer for storing: transfer() moves the bytes without a copy where supported.
  const fixed = typeof buffer.transfer === "function" ? buffer.transfer(total) : buffer.slice(0, total);
  return new Uint8Array(fixed);
}

/** ES2024 resizable ArrayBuffer (workerd, Node 20+); typed here, the project's lib is older. */
type GrowableBuffer = ArrayBuffer & { resize(n: number): void; transfer?(n: number): ArrayBuffer };
const GrowableArrayBuffer = ArrayBuffer as unknown as new (n: number, o: { maxByteLength: number }) => GrowableBuffer;
