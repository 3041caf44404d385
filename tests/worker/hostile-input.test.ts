/**
 * Hostile input (issue 10 §4): property-based requests against EVERY operation listed in
 * /openapi.json (read at run time, so endpoints added later are covered without edits), as a
 * guest, a signed-in user and an admin, each with a valid CSRF token unless the case is about
 * the token. Properties of every answer:
 *   1. never a 5xx;
 *   2. a refusal (4xx, or `{status:"error"}`) has the spec's shape — 422 `{message, errors:{field:[Persian]}}`
 *      or `{status:"error", error:<Persian>}` (worker/lib/errors.ts) — with Persian text;
 *   3. a refused request leaves D1 unchanged: the Worker's fetch handler is called with the real D1
 *      binding wrapped by hostile-db.ts, which records every statement that changed rows (D1's own
 *      `meta.changes`, waitUntil work included). The recorder is checked against per-table checksums
 *      of the whole database (hostile-d1.ts) in "notices a change to D1", so it can be trusted.
 * Operations run concurrently (vitest's default of 5 at a time) to keep the run short.
 * Successes are not judged: random input may legitimately register a user or start a search.
 *
 * Reproducing a failure: fast-check prints `seed` and `path`; set SEED below (and `path` in the
 * fc.assert options) to replay exactly that run.
 *
 * Exclusions (each on purpose):
 *   - `x-test-now` is not fuzzed: it exists only when APP_ENV is "test" (the test clock).
 *   - A refused request may write `rate_limit_hits` (counting refused attempts is what a limit is
 *     for) and the session middleware's idle-expiry touch of `sessions` (MAY_CHANGE_ON_REFUSAL).
 *   - A GET of an unknown page address answers the SPA's Persian not-found page (HTML 404).
 *   - KNOWN_ELSEWHERE: 5xx bugs found in features other engineers are writing now, reported to
 *     them; counted and printed instead of failing, each with its triggering input.
 *   - A link/DOI download answered `{id, status:"error", msg}` (e.g. a Persian title) is a result,
 *     recorded in the user's history by design, not a refusal.
 *   - The worker test project has no ASSETS binding; page routes get a stand-in HTML shell.
 *   - Requests are sent in-process (exports.default.fetch), so transport limits (header size,
 *     URL length) of Cloudflare's edge are not exercised; huge values stay under ~1 MB bodies,
 *     ~200 KB URLs and ~30 KB cookies.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { makeUser } from "./auth-helpers";
import { seedDemoData } from "./helpers";
import worker from "../../worker/index";
import { changedTables, fingerprint } from "./hostile-d1";
import { RecordingD1 } from "./hostile-db";
import {
  bodyPlan,
  contentTypeLie,
  encodeLoose,
  headerPlan,
  pathValue,
  pdfBytes,
  queryPlan,
  type BodyPlan,
  type HeaderPlan,
  type JsonSchema,
  type Operation,
  type QueryPlan,
} from "./hostile-arbitraries";
import { randomToken, sha256Hex } from "../../worker/lib/crypto";

/** Fixed so every run sends the same requests; change it to explore further. */
const SEED = 20_261_122;
/** Total generated requests across all operations (fast-check's shrinking adds more on a failure). */
const TOTAL_RUNS = 10_200;
/** Writes a refused request may make, with the reason (see the header comment). */
const MAY_CHANGE_ON_REFUSAL = [
  // counting refused attempts is what a rate limit is for
  /^insert into "?rate_limit_hits"?[ (]/i,
  /^delete from "?rate_limit_hits"?[ (]/i,
  // the session middleware slides a session's idle expiry (at most every 5 minutes), whatever the answer
  /^update "sessions" set "last_seen_at" = \?, "expires_at" = \? where "sessions"\."id" = \?$/i,
];
/** Requests sent at once per fast-check run. */
const BATCH = 4;
/**
 * 5xx bugs found by this test in features being written by others right now (reported to them,
 * not fixed here): their 5xx are counted and printed, not failed. Remove an entry once fixed.
 */
const KNOWN_ELSEWHERE: Record<string, string> = {};

const ORIGIN = "https://daryaft.test";
const PERSIAN = /[\u0600-\u06FF]/;

type OpenApiOp = {
  "x-roles"?: string[];
  parameters?: { name: string; in: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
const doc = (await (await exports.default.fetch(new Request(`${ORIGIN}/openapi.json`))).json()) as { paths: Record<string, Record<string, OpenApiOp>> };
const operations: Operation[] = Object.entries(doc.paths)
  .flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => ["get", "post", "put", "patch", "delete"].includes(m))
      .map(([method, op]) => ({
        method,
        path,
        name: `${method.toUpperCase()} ${path}`,
        roles: op["x-roles"] ?? [],
        query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => ({ name: p.name, schema: p.schema })),
        body: op.requestBody?.content["application/json"]?.schema ?? null,
      })),
  )
  .sort((a, b) => a.name.localeCompare(b.name));
const RUNS_PER_OP = Math.ceil(TOTAL_RUNS / operations.length);

// ---------- callers ----------

type CallerKind = "guest" | "user" | "admin";
type Caller = { kind: CallerKind; cookies: Map<string, string>; csrf: string; session?: string };
const userIds: Partial<Record<CallerKind, string>> = {};
const callers: Partial<Record<CallerKind, Caller>> = {};

function cookieHeader(jar: Map<string, string>) {
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

async function newSession(userId: string): Promise<string> {
  const token = randomToken(32);
  const now = Date.now();
  await env.DB.prepare("insert into sessions (id, user_id, remember, created_at, last_seen_at, expires_at) values (?, ?, 1, ?, ?, ?)")
    .bind(await sha256Hex(token), userId, now, now, now + 86_400_000)
    .run();
  return token;
}

async function freshCaller(kind: CallerKind): Promise<Caller> {
  const cookies = new Map<string, string>();
  let session: string | undefined;
  if (kind !== "guest") {
    session = await newSession(userIds[kind]!);
    cookies.set("__Host-daryaft_session", session);
  }
  const res = await exports.default.fetch(new Request(`${ORIGIN}/csrf-token`, { headers: { cookie: cookieHeader(cookies) } }));
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair!.indexOf("=");
    cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  }
  const { token } = (await res.json()) as { token: string };
  return { kind, cookies, csrf: token, session };
}

/** The same caller, unless the last request logged it in or out (then a fresh one of its kind). */
async function callerOf(kind: CallerKind): Promise<Caller> {
  return (callers[kind] ??= await freshCaller(kind));
}

function noteSetCookies(caller: Caller, res: Response) {
  const touched = res.headers.getSetCookie().some((l) => l.startsWith("__Host-daryaft_session="));
  if (touched) delete callers[caller.kind];
}

// ---------- requests ----------

type Plan = { caller: CallerKind; pathValues: string[]; query: QueryPlan; body: BodyPlan; contentType: string | null; headers: HeaderPlan; ip: number };

function requestArb(op: Operation, knownIds: string[]): fc.Arbitrary<Plan> {
  const params = (op.path.match(/\{[^}]+\}|\*$/g) ?? []).length;
  return fc.record({
    caller: fc.constantFrom<CallerKind>("guest", "user", "admin"),
    pathValues: fc.array(pathValue(knownIds), { minLength: params, maxLength: params }),
    query: queryPlan(op),
    body: op.method === "get" ? fc.constant<BodyPlan>({ kind: "none" }) : bodyPlan(op),
    contentType: contentTypeLie,
    headers: headerPlan,
    ip: fc.integer({ min: 1, max: 40 }),
  });
}

function buildUrl(op: Operation, plan: Plan): string {
  let i = 0;
  const path = op.path.replace(/\{[^}]+\}|\*$/g, (m) => {
    const v = plan.pathValues[i++] ?? "1";
    // The wildcard of /files/* keeps its slashes.
    return m === "*" ? encodeLoose(v).replace(/%2F/gi, "/") : encodeLoose(v);
  });
  const qs = plan.query.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`).join("&");
  return `${ORIGIN}${path}${qs ? `?${qs}` : ""}`;
}

async function buildBody(plan: Plan, csrf: string): Promise<{ body?: BodyInit; type?: string }> {
  const inBody = plan.headers.csrf === "in-body";
  const b = plan.body;
  switch (b.kind) {
    case "none":
      return {};
    case "json": {
      const value = inBody && b.value && typeof b.value === "object" && !Array.isArray(b.value) ? { ...(b.value as object), _token: csrf } : b.value;
      return { body: JSON.stringify(value) ?? "null", type: "application/json" };
    }
    case "raw-json":
      return { body: b.text, type: "application/json" };
    case "form": {
      const pairs = inBody ? [...b.pairs, ["_token", csrf] as [string, string]] : b.pairs;
      return { body: pairs.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`).join("&"), type: "application/x-www-form-urlencoded" };
    }
    case "multipart": {
      const form = new FormData();
      // workerd's FormData refuses a name ending in a backslash (a client could not send one either).
      for (const [k, v] of b.pairs) form.append(k.replace(/\\+$/, "") || "a", v);
      if (inBody) form.append("_token", csrf);
      for (const f of b.files) form.append(f.field, new File([pdfBytes(f.bytes, f.pdf)], f.name.replace(/\\+$/, ""), { type: f.type }));
      // Serialized here so a lying content-type can replace the real boundary.
      const encoded = new Response(form);
      return { body: await encoded.arrayBuffer(), type: encoded.headers.get("content-type")! };
    }
    case "text":
      return { body: b.text, type: "text/plain" };
  }
}

async function buildRequest(op: Operation, plan: Plan, caller: Caller): Promise<Request> {
  const headers = new Headers();
  headers.set("cf-connecting-ip", `10.77.0.${plan.ip}`);
  const h = plan.headers;
  if (h.accept !== null) headers.set("accept", h.accept);
  if (h.language !== null) headers.set("accept-language", h.language);
  if (h.forwarded !== null) headers.set("x-forwarded-for", h.forwarded);
  const extra = [h.junkCookie, h.hugeCookie ? `junk=${"ک".repeat(h.hugeCookie / 2)}` : null].filter(Boolean);
  // Extra cookies go first: for duplicated names most parsers keep the first, so they really compete.
  const cookie = [...extra, cookieHeader(caller.cookies)].filter(Boolean).join("; ");
  if (cookie)
    headers.set(
      "cookie",
      cookie.replace(/[^\x20-\x7e]/g, (ch) => encodeURIComponent(ch)),
    );
  if (op.method !== "get") {
    if (h.csrf === "valid") headers.set("x-csrf-token", caller.csrf);
    if (h.csrf === "wrong") headers.set("x-csrf-token", "w".repeat(43));
    if (h.csrf === "huge") headers.set("x-csrf-token", "h".repeat(20_000));
  }
  const { body, type } = op.method === "get" ? {} : await buildBody(plan, caller.csrf);
  if (plan.contentType !== null) headers.set("content-type", plan.contentType);
  else if (type) headers.set("content-type", type);
  return new Request(buildUrl(op, plan), { method: op.method.toUpperCase(), headers, body, redirect: "manual" });
}

// ---------- judging answers ----------

type Judged = { status: number; refused: boolean; problems: string[] };

function isPersianText(v: unknown): boolean {
  return typeof v === "string" && PERSIAN.test(v);
}

function judge(res: Response, text: string, method: string): Judged {
  const problems: string[] = [];
  const status = res.status;
  if (status >= 500) problems.push(`answered ${status}`);
  const type = res.headers.get("content-type") ?? "";
  let body: unknown;
  if (type.includes("json")) {
    try {
      body = JSON.parse(text);
    } catch {
      problems.push("content-type says JSON but the body does not parse");
    }
  }
  const obj = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  // A link/DOI download result `{id, status:"error", msg}` is an answer (recorded in the history by
  // design, search-and-download.md §7), not a refusal in the error model.
  const downloadResult = !!obj && "id" in obj && "msg" in obj && !("error" in obj);
  const refused = status >= 400 || (obj?.status === "error" && !downloadResult);
  // Reflected markup: an HTML answer must never carry one of the generated payloads unescaped.
  if (type.includes("html") && /<img src=x onerror|<script>alert\(1\)|<svg onload=alert/i.test(text))
    problems.push("HTML answer reflects a script payload unescaped");
  if (!refused || status >= 500) return { status, refused, problems };
  if (!obj && method === "GET" && status === 404 && type.includes("text/html") && isPersianText(text)) {
    // An unknown page address: the SPA's own Persian not-found page (a browser navigated here).
  } else if (!obj) {
    problems.push(`refusal ${status} is not JSON (${type || "no content-type"}): ${text.slice(0, 120)}`);
  } else if (status === 422) {
    if (!isPersianText(obj.message)) problems.push(`422 message not Persian: ${JSON.stringify(obj.message)}`);
    const errors = obj.errors;
    if (!errors || typeof errors !== "object" || Array.isArray(errors) || !Object.keys(errors).length) problems.push("422 without a non-empty errors map");
    else
      for (const [field, list] of Object.entries(errors)) {
        if (!Array.isArray(list) || !list.length || !list.every(isPersianText))
          problems.push(`422 errors.${field} not a list of Persian strings: ${JSON.stringify(list).slice(0, 200)}`);
      }
  } else {
    if (obj.status !== "error") problems.push(`refusal ${status} without status:"error": ${text.slice(0, 160)}`);
    if (!isPersianText(obj.error)) problems.push(`refusal ${status} error not Persian: ${JSON.stringify(obj.error)?.slice(0, 160)}`);
    if (![200, 400, 401, 402, 403, 404, 405, 409, 410, 413, 415, 419, 429].includes(status)) problems.push(`unexpected refusal status ${status}`);
  }
  return { status, refused, problems };
}

// ---------- the run ----------

/** The Worker's bindings with D1 watched (everything else — R2, queues, Durable Objects — as is). */
const watchedEnv = (recorder: RecordingD1) =>
  new Proxy(env, {
    get: (target, key) => (key === "DB" ? recorder.db : key === "ASSETS" ? (Reflect.get(target, key) ?? fakeAssets) : Reflect.get(target, key)),
  });

/**
 * The worker test project has no static-assets binding (there is no built SPA), so the page
 * routes get a stand-in shell: the Worker's own work on a page (page data, HTML rewriting) runs.
 */
const fakeAssets = {
  async fetch(input: RequestInfo | URL) {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== "/") return new Response("not found", { status: 404 });
    return new Response('<!doctype html><html lang="fa" dir="rtl"><head><title>دریافت</title></head><body><div id="root"></div></body></html>', {
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  },
};
const stats = { requests: 0, refused: 0, known: 0, byStatus: new Map<number, number>(), started: 0 };
let lastError = "";
let knownIds: string[] = [];

beforeAll(async () => {
  await seedDemoData();
  userIds.user = (await makeUser()).id;
  userIds.admin = (await makeUser({ admin: true })).id;
  // Real ids of rows the path parameters can point at, so handlers get past "not found".
  const ids = await env.DB.prepare(
    "select id from offline_requests union all select id from payments union all select id from invoices union all select id from users limit 40",
  ).all<{ id: string | number }>();
  knownIds = ids.results.map((r) => String(r.id));
  // workerd runs the Worker in this isolate: keep its per-request log lines out of the output,
  // but remember the last error line for a 5xx's report.
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation((...a: unknown[]) => {
    lastError = a.map(String).join(" ").slice(0, 2000);
  });
  stats.started = Date.now();
  console.info(`hostile input: ${operations.length} operations, ${RUNS_PER_OP} runs each, seed ${SEED}`);
});

afterAll(() => {
  vi.restoreAllMocks();
  const seconds = ((Date.now() - stats.started) / 1000).toFixed(1);
  const statuses = [...stats.byStatus]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s}:${n}`)
    .join(" ");
  console.info(
    `hostile input: ${stats.requests} requests (${stats.refused} refused, ${stats.known} known 5xx elsewhere: ${Object.keys(KNOWN_ELSEWHERE).join(", ")}) in ${seconds} s; statuses ${statuses}; seed ${SEED}`,
  );
});

function seedFor(op: Operation) {
  let h = SEED;
  for (const ch of op.name) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

describe("the operation list", () => {
  it("comes from /openapi.json and covers the known features", () => {
    const names = operations.map((o) => o.name);
    for (const n of ["POST /register", "POST /getpdf/start", "POST /order", "POST /book_search", "POST /insert/offline_book"]) expect(names).toContain(n);
  });

  it("notices a change to D1 (both probes can fail)", async () => {
    const before = await fingerprint();
    const recorder = new RecordingD1(env.DB);
    await recorder.db.prepare("select count(*) from users").first();
    expect(recorder.writes).toEqual([]);
    await recorder.db.prepare("update users set name = name || 'x' where id = ?").bind(userIds.user!).run();
    await recorder.db.prepare("update users set name = substr(name, 1, length(name) - 1) where id = ?").bind(userIds.user!).first();
    await recorder.db.batch([recorder.db.prepare("insert into rate_limit_hits (key, at) values ('probe', 1)")]);
    expect(recorder.writes.map((w) => w.changes)).toEqual([1, 1, 1]);
    expect(changedTables(before, await fingerprint())).toEqual(["rate_limit_hits"]);
  });
});

/** One generated request: sent, judged, its D1 writes checked. Throws a readable report on a failure. */
async function sendAndJudge(op: Operation, plan: Plan): Promise<void> {
  const caller = await callerOf(plan.caller);
  const req = await buildRequest(op, plan, caller);
  // One recorder per request: requests run concurrently, and each answer owns its writes.
  const recorder = new RecordingD1(env.DB);
  const t0 = Date.now();
  const ctx = createExecutionContext();
  const res = await withDeadline(Promise.resolve(worker.fetch(req, watchedEnv(recorder), ctx)), `${req.method} ${req.url.slice(0, 200)}`);
  const text = await res.text();
  // Work the answer left behind (waitUntil) counts as the request's too; a few seconds at most.
  let cap: number | undefined;
  await Promise.race([waitOnExecutionContext(ctx), new Promise((r) => (cap = setTimeout(r, 5_000)))]);
  if (cap !== undefined) clearTimeout(cap); // workerd allows 10,000 live timers per isolate
  const ms = Date.now() - t0;
  if (ms > 3000) console.info(`slow: ${ms} ms ${req.method} ${req.url.slice(0, 200)} (${plan.body.kind})`);
  noteSetCookies(caller, res);
  if (op.path.includes("session") || op.path.includes("logout") || op.path.includes("password")) delete callers[caller.kind];

  const j = judge(res, text, req.method);
  stats.requests++;
  stats.byStatus.set(j.status, (stats.byStatus.get(j.status) ?? 0) + 1);
  const known = KNOWN_ELSEWHERE[op.name];
  if (known && j.status >= 500) {
    // A bug reported to the feature's owner: counted and printed, not failed (see KNOWN_ELSEWHERE).
    stats.known++;
    j.problems = j.problems.filter((p) => !p.startsWith("answered 5"));
  }
  if (j.refused) {
    stats.refused++;
    const illegal = recorder.writes.map((w) => w.sql.slice(0, 120)).filter((sql) => !MAY_CHANGE_ON_REFUSAL.some((re) => re.test(sql)));
    if (illegal.length) j.problems.push(`refused (${j.status}) but wrote to D1: ${illegal.join(" | ")}\nanswer: ${text.slice(0, 200)}`);
  }
  if (j.problems.length) {
    const where = `${req.method} ${req.url.slice(0, 300)} as ${plan.caller}`;
    throw new Error(`${where}\n${j.problems.join("\n")}${lastError ? `\nrecent worker error: ${lastError}` : ""}`);
  }
}

/** A request that never answers is a failure too (and must not hang the run). */
async function withDeadline<T>(p: Promise<T>, what: string, ms = 20_000): Promise<T> {
  let timer: number | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms: ${what}`)), ms);
  });
  try {
    return await Promise.race([p, deadline]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

describe("bugs this test found (fixed)", () => {
  it("a malformed path parameter checked inside a handler answers 422, not 500 (POST /gateway/{gateway})", async () => {
    const c = await freshCaller("user");
    const res = await exports.default.fetch(
      new Request(`${ORIGIN}/gateway/usr_01m81444shpk3y4k4ksv0g`, {
        method: "POST",
        headers: { cookie: cookieHeader(c.cookies), "x-csrf-token": c.csrf, "content-type": "application/json" },
        body: "{}",
      }),
    );
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toMatch(PERSIAN);
    expect(
      Object.values(body.errors)
        .flat()
        .every((m) => PERSIAN.test(m)),
    ).toBe(true);
  });
});

describe.concurrent.each(operations)("$name", (op) => {
  it(`holds for ${RUNS_PER_OP} generated requests`, async () => {
    const seed = seedFor(op);
    const started = Date.now();
    const before = stats.requests;
    onTestFinished(() => console.info(`${op.name}: ${stats.requests - before} requests, ${Date.now() - started} ms`));
    await fc.assert(
      // Each run sends a batch of requests at once (the Worker serves many at a time anyway).
      fc.asyncProperty(fc.array(requestArb(op, knownIds), { minLength: BATCH, maxLength: BATCH }), async (plans) => {
        await Promise.all(plans.map((plan) => sendAndJudge(op, plan)));
      }),
      { numRuns: Math.ceil(RUNS_PER_OP / BATCH), seed },
    );
  }, 300_000);
});
