/**
 * A local fake of every outside service, speaking their real wire formats.
 *
 * Requests arrive as /<host>/<path>?query (the clients' upstreamBase
 * convention) and go to the provider owning <host>; several providers may
 * share a host (Scopus and Elsevier both live on api.elsevier.com): the first
 * one that does not return null answers.
 *
 * Control endpoints: GET /__stats (hit counts as JSON), POST /__reset,
 * POST /__latency?ms=50 (every provider) or ?ms=250&provider=crossref (one provider, instead of the
 * global figure), POST /__pdf-size?bytes=1000000[&max=3000000] (PDFs padded to about that size, or
 * to a size between the two fixed by the path; 0: as built), GET /__limits (the providers'
 * published limits as enforced, limits.ts: requests served and over each limit),
 * GET /__limits/arrivals?identity=<mailto>. Unknown host: 502 JSON.
 *
 * Script use: tsx tests/fakes/upstream-server.ts --port 18999 --latency 50 [--enforce all --daily-scale 0.1]
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { createArxivProvider } from "./providers/arxiv";
import { createCrossrefProvider } from "./providers/crossref";
import { createElsevierProvider } from "./providers/elsevier";
import { createEuropePmcProvider } from "./providers/europepmc";
import { createKavenegarProvider } from "./providers/kavenegar";
import { createNcbiProvider } from "./providers/ncbi";
import { createOpenAlexProvider } from "./providers/openalex";
import { createOpenLibraryProvider } from "./providers/openlibrary";
import { createPublisherProvider } from "./providers/publisher";
import { createResendProvider } from "./providers/resend";
import { createScopusProvider } from "./providers/scopus";
import { createUnpaywallProvider } from "./providers/unpaywall";
import { createZarinpalProvider } from "./providers/zarinpal";
import { createDatatrackerProvider } from "./providers/datatracker";
import { createGutendexProvider } from "./providers/gutendex";
import { createNtrsProvider } from "./providers/ntrs";
import { createOapenProvider } from "./providers/oapen";
import { createOstiProvider } from "./providers/osti";
import type { FakeProvider, FakeRequest, FakeResponse, FakeState } from "./types";
import { createEnforcer, type EnforceMode, type Enforcer } from "./limits";

export type { FakeProvider, FakeRequest, FakeResponse, FakeState } from "./types";

/** A fresh set of every provider (stateful ones, like ZarinPal, start empty). */
export function createDefaultProviders(): FakeProvider[] {
  return [
    createCrossrefProvider(),
    createScopusProvider(),
    createElsevierProvider(),
    createUnpaywallProvider(),
    createOpenAlexProvider(),
    createArxivProvider(),
    createNcbiProvider(),
    createEuropePmcProvider(),
    createOpenLibraryProvider(),
    createZarinpalProvider(),
    createKavenegarProvider(),
    createResendProvider(),
    createPublisherProvider(),
    createOapenProvider(),
    createGutendexProvider(),
    createNtrsProvider(),
    createOstiProvider(),
    createDatatrackerProvider(),
  ];
}

export interface FakeUpstreamOptions {
  port?: number;
  latencyMs?: number;
  providers?: FakeProvider[];
  /** Who is held to the providers' published limits (limits.ts); default: contact addresses starting "enforce-". */
  enforce?: EnforceMode;
  /** Daily caps multiplied by this (a compressed day). */
  dailyScale?: number;
  /** Per-second limits multiplied by this (benchmarks only). */
  rateScale?: number;
}

export interface FakeUpstream {
  url: string;
  port: number;
  state: FakeState;
  limits: Enforcer;
  close(): Promise<void>;
}

export function createFakeState(latencyMs = 0): FakeState {
  const hits = new Map<string, number>();
  return {
    latencyMs,
    providerLatencyMs: new Map(),
    pdfBytes: 0,
    pdfMaxBytes: 0,
    hits,
    hit(provider, key) {
      const k = `${provider}:${key}`;
      hits.set(k, (hits.get(k) ?? 0) + 1);
    },
  };
}

const MAX_BODY = 5 * 1024 * 1024;

export async function startFakeUpstream(opts: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const initialLatency = opts.latencyMs ?? 0;
  const state = createFakeState(initialLatency);
  const providers = opts.providers ?? createDefaultProviders();
  const byHost = new Map<string, FakeProvider[]>();
  for (const p of providers) {
    for (const h of p.hosts) byHost.set(h.toLowerCase(), [...(byHost.get(h.toLowerCase()) ?? []), p]);
  }
  const pendingTimers = new Set<NodeJS.Timeout>();
  const limits = createEnforcer(opts.enforce ?? "marked", opts.dailyScale ?? 1, opts.rateScale ?? 1);

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: `fake upstream crashed: ${String(err)}` });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Concatenate rather than resolve: a path starting with "//" must not become a host.
    const raw = new URL(`http://fake.local${req.url ?? "/"}`);
    const method = (req.method ?? "GET").toUpperCase();

    if (raw.pathname === "/__stats" && method === "GET") return sendJson(res, 200, Object.fromEntries(state.hits));
    if (raw.pathname === "/__reset" && method === "POST") {
      state.hits.clear();
      state.latencyMs = initialLatency;
      state.providerLatencyMs.clear();
      state.pdfBytes = 0;
      state.pdfMaxBytes = 0;
      limits.reset();
      return sendJson(res, 200, { ok: true });
    }
    if (raw.pathname === "/__limits" && method === "GET") return sendJson(res, 200, limits.stats());
    if (raw.pathname === "/__limits/arrivals" && method === "GET") return sendJson(res, 200, limits.arrivals(raw.searchParams.get("identity") ?? ""));
    if (raw.pathname === "/__latency" && method === "POST") {
      const ms = Number(raw.searchParams.get("ms"));
      if (!Number.isFinite(ms) || ms < 0) return sendJson(res, 400, { error: "ms must be a number >= 0" });
      const provider = raw.searchParams.get("provider");
      if (provider) {
        if (!providers.some((p) => p.name === provider)) return sendJson(res, 400, { error: `no provider named "${provider}"` });
        state.providerLatencyMs.set(provider, ms);
        return sendJson(res, 200, { provider, latencyMs: ms });
      }
      state.latencyMs = ms;
      return sendJson(res, 200, { latencyMs: ms });
    }
    if (raw.pathname === "/__pdf-size" && method === "POST") {
      const bytes = Number(raw.searchParams.get("bytes"));
      const max = Number(raw.searchParams.get("max") ?? bytes);
      const valid = (n: number) => Number.isInteger(n) && n >= 0 && n <= 50 * 1024 * 1024;
      if (!valid(bytes) || !valid(max) || max < bytes) return sendJson(res, 400, { error: "bytes (and max >= bytes) must be integers from 0 to 50 MB" });
      state.pdfBytes = bytes;
      state.pdfMaxBytes = max;
      return sendJson(res, 200, { pdfBytes: bytes, pdfMaxBytes: max });
    }

    const segments = raw.pathname.split("/");
    const host = (segments[1] ?? "").toLowerCase();
    const rawPath = `/${segments.slice(2).join("/")}`;
    const owners = byHost.get(host);
    if (!owners) return sendJson(res, 502, { error: `fake upstream: no provider for host "${host}"` });

    const body = await readBody(req);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v;
    }
    const fakeReq: FakeRequest = { method, host, path: safeDecode(rawPath), query: raw.searchParams, headers, body };
    const admitted = limits.admit(fakeReq, Date.now());
    if ("refused" in admitted) {
      return sendJson(res, 429, { status: "failed", message: `Too Many Requests (${admitted.refused})` }, { "retry-after": "1" });
    }
    res.once("close", admitted.finish);

    let answer: FakeResponse | null = null;
    let owner: FakeProvider | undefined;
    for (const p of owners) {
      answer = await p.handle(fakeReq, state);
      if (answer) {
        owner = p;
        break;
      }
    }
    if (!answer) {
      answer = {
        status: 404,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ error: `fake upstream: ${owners.map((o) => o.name).join("/")} has no route for ${method} ${rawPath}` }),
      };
    }

    const delay = (owner ? (state.providerLatencyMs.get(owner.name) ?? state.latencyMs) : state.latencyMs) + (answer.delayMs ?? 0) + admitted.delayMs;
    if (delay > 0) {
      const closed = await waitUnlessClosed(res, delay);
      if (closed) return;
    }
    let payload: Buffer = typeof answer.body === "string" ? Buffer.from(answer.body, "utf8") : Buffer.from(answer.body);
    if (state.pdfBytes > 0 && payload.subarray(0, 5).toString("latin1") === "%PDF-") {
      payload = padPdf(payload, sizeFor(raw.pathname, state.pdfBytes, state.pdfMaxBytes));
      for (const k of Object.keys(answer.headers ?? {})) if (k.toLowerCase() === "content-length") answer.headers![k] = String(payload.length);
    }
    const outHeaders: Record<string, string> = { "x-fake-provider": owner?.name ?? "none", ...answer.headers };
    rewriteLocation(outHeaders, req.headers.host, byHost);
    if (!Object.keys(outHeaders).some((k) => k.toLowerCase() === "content-length")) outHeaders["content-length"] = String(payload.length);
    res.writeHead(answer.status, outHeaders);
    res.end(method === "HEAD" ? undefined : payload);
  }

  /** Sleep, but stop early (true) when the client hangs up: hung requests must not keep close() waiting. */
  function waitUnlessClosed(res: ServerResponse, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const onClose = () => {
        clearTimeout(timer);
        pendingTimers.delete(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        pendingTimers.delete(timer);
        res.off("close", onClose);
        resolve(false);
      }, ms);
      pendingTimers.add(timer);
      res.once("close", onClose);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    state,
    limits,
    close() {
      for (const t of pendingTimers) clearTimeout(t);
      pendingTimers.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/**
 * A redirect to a host the fake serves (publisher -> PDF) is pointed back at
 * the fake, so a client following redirects stays on this machine.
 */
function rewriteLocation(headers: Record<string, string>, selfHost: string | undefined, served: Map<string, unknown>): void {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === "location");
  if (!key || !selfHost) return;
  let target: URL;
  try {
    target = new URL(headers[key]!);
  } catch {
    return;
  }
  if (served.has(target.host.toLowerCase())) {
    headers[key] = `http://${selfHost}/${target.host}${target.pathname}${target.search}`;
  }
}

/** A size from min to max, the same every time for one path (a document keeps its size). */
function sizeFor(path: string, min: number, max: number): number {
  if (max <= min) return min;
  let h = 2166136261;
  for (let i = 0; i < path.length; i++) h = Math.imul(h ^ path.charCodeAt(i), 16777619) >>> 0;
  return min + (h % (max - min + 1));
}

/**
 * A PDF grown to about `bytes` and still valid: comment lines after its end, then its own
 * startxref again and a final %%EOF (readers take the last startxref; comments are ignored). A
 * realistic size for the benchmark, with the same first pages to verify.
 */
export function padPdf(pdf: Buffer, bytes: number): Buffer {
  const tail = pdf.subarray(Math.max(0, pdf.length - 2048)).toString("latin1");
  const xref = [...tail.matchAll(/startxref\s+(\d+)/g)].at(-1)?.[1];
  if (!xref || bytes <= pdf.length) return pdf;
  const line = `%${"x".repeat(78)}\n`;
  const lines = Math.max(0, Math.floor((bytes - pdf.length - 40) / line.length));
  return Buffer.concat([pdf, Buffer.from(`\n${line.repeat(lines)}startxref\n${xref}\n%%EOF\n`, "latin1")]);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)), ...headers });
  res.end(payload);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error("request body too large"));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

// ---------------------------------------------------------------------------
// Script mode

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i !== -1) return args[i + 1];
  const eq = args.find((a) => a.startsWith(`${name}=`));
  return eq?.slice(name.length + 1);
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  const args = process.argv.slice(2);
  const port = Number(argValue(args, "--port") ?? "18999");
  const latencyMs = Number(argValue(args, "--latency") ?? "0");
  const enforce = (argValue(args, "--enforce") ?? "marked") as EnforceMode;
  const dailyScale = Number(argValue(args, "--daily-scale") ?? "1");
  const rateScale = Number(argValue(args, "--rate-scale") ?? "1");
  const fake = await startFakeUpstream({ port, latencyMs, enforce, dailyScale, rateScale });
  console.log(`fake upstream listening on ${fake.url} (latency ${latencyMs} ms); set UPSTREAM_BASE=${fake.url}`);
  const stop = () => {
    void fake.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
