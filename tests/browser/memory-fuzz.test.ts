/**
 * The memory-and-time fuzz: hostile bodies (tests/fuzz/hostile-bodies.ts: compression and expansion
 * bombs, deep nesting, huge fields, many keys/parts, odd encodings) sent to every operation of
 * /openapi.json that takes a body (so a new endpoint is covered by being declared), through the
 * served stack (`vite preview` → workerd, as `npm start` serves it).
 *
 * Memory is measured in the workerd process that runs the Worker, by the kernel: before each
 * request its peak RSS (VmHWM) is reset to its current RSS (/proc/<pid>/clear_refs), after the
 * answer the peak is read; peak − RSS-before is what that request made the process hold at its
 * worst (tests/fuzz/process-memory.ts). An isolate on Cloudflare has 128 MB, so that is the budget
 * per request. A limit of the method: V8 keeps heap it has grown, so a request that reuses room an
 * earlier one left shows less than it allocated; the whole run's growth is printed beside the
 * per-request figures and held under a tripwire (memory kept between requests grows it without
 * bound). Time is wall time per request, budget 10 s (a hang or a quadratic reader takes minutes;
 * the machine is shared, so this is not a speed figure). 5xx: none.
 */
import { Agent, request } from "undici";
import { afterAll, describe, expect, inject, it } from "vitest";
import { hostileBodies, type HostileBody } from "../fuzz/hostile-bodies";
import { peak, resetPeak, rss, workerdUnder } from "../fuzz/process-memory";

const base = inject("baseUrl");
const agent = new Agent({ connections: 1, pipelining: 1, keepAliveTimeout: 60_000, bodyTimeout: 120_000, headersTimeout: 120_000 });
afterAll(() => agent.close());

const MB = 1024 * 1024;
const MEMORY_BUDGET = 128 * MB;
const TIME_BUDGET_MS = 10_000;
const RUN_GROWTH_TRIPWIRE = 384 * MB;

type Op = { method: string; path: string };
type Row = { op: string; input: string; status: number; ms: number; peak: number; text: string };

function cookiesOf(setCookie: string | string[] | undefined): string {
  return (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map((c) => c.split(";")[0]).join("; ");
}

async function session(login?: { email: string; password: string }) {
  const res = await request(`${base}/csrf-token`, { dispatcher: agent });
  let cookie = cookiesOf(res.headers["set-cookie"]);
  const { token } = (await res.body.json()) as { token: string };
  if (login) {
    const r = await request(`${base}/login`, {
      method: "POST",
      dispatcher: agent,
      headers: { cookie, "x-csrf-token": token, "content-type": "application/json" },
      body: JSON.stringify(login),
    });
    expect(r.statusCode, await r.body.text()).toBe(200);
    cookie = [cookie, cookiesOf(r.headers["set-cookie"])].filter(Boolean).join("; ");
  }
  return { cookie, token };
}

/** Every operation that takes a body (POST, PUT, PATCH, DELETE), development-only routes left out. */
async function bodyOperations(): Promise<Op[]> {
  const doc = (await (await request(`${base}/openapi.json`, { dispatcher: agent })).body.json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([path]) => !path.startsWith("/dev/"))
    .flatMap(([path, item]) => Object.keys(item).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, "1") })))
    .filter((op) => op.method !== "GET");
}

async function measure(pid: number, op: Op, b: HostileBody, headers: Record<string, string>): Promise<Row> {
  resetPeak(pid);
  const before = rss(pid);
  const t0 = performance.now();
  const res = await request(`${base}${op.path}`, {
    method: op.method as "POST",
    dispatcher: agent,
    headers: { ...headers, ...(b.contentType ? { "content-type": b.contentType } : {}), ...b.headers },
    body: b.body,
  });
  const text = await res.body.text();
  const ms = performance.now() - t0;
  return {
    op: `${op.method} ${op.path}`,
    input: b.name,
    status: res.statusCode,
    ms,
    peak: Math.max(0, peak(pid) - before),
    text: res.statusCode >= 500 ? text.slice(0, 300) : "",
  };
}

const mb = (n: number) => (n / MB).toFixed(1);

describe("memory-and-time fuzz through the served stack", () => {
  it("no request over 128 MB or 10 s, no 5xx, on every operation that takes a body", { timeout: 900_000 }, async () => {
    const [pid] = workerdUnder(inject("previewPid"));
    expect(pid, "the stack's workerd process").toBeTruthy();
    const admin = await session({ email: "admin@daryaft.test", password: "daryaft-dev-1234" });
    const guest = await session();
    const ops = await bodyOperations();
    expect(ops.length).toBeGreaterThan(40);
    const adminBodies = hostileBodies(admin.token);
    // A guest without the CSRF header: the CSRF check reads `_token` from the body itself.
    const guestBodies = hostileBodies(guest.token).filter((b) => /nested arrays|1,000,000 parameters/.test(b.name));
    const startRss = rss(pid!);
    let runPeak = startRss;
    const rows: Row[] = [];
    for (const op of ops) {
      for (const b of adminBodies) rows.push(await measure(pid!, op, b, { cookie: admin.cookie, "x-csrf-token": admin.token }));
      for (const b of guestBodies) rows.push(await measure(pid!, op, b, { cookie: guest.cookie }));
      runPeak = Math.max(runPeak, peak(pid!));
    }
    resetPeak(pid!);

    const worst = [...rows].sort((a, b) => b.peak - a.peak).slice(0, 8);
    const slowest = [...rows].sort((a, b) => b.ms - a.ms).slice(0, 5);
    const fives = rows.filter((r) => r.status >= 500);
    const over = rows.filter((r) => r.peak > MEMORY_BUDGET);
    const byInput = new Map<string, Row[]>();
    for (const r of rows) byInput.set(r.input, [...(byInput.get(r.input) ?? []), r]);
    const lines = [
      "",
      "memory-and-time fuzz (workerd under vite preview; peak = VmHWM − VmRSS before the request)",
      `| endpoints covered | inputs sent | peak memory per request (max) | time (max) | 5xx | over 128 MB |`,
      `|---|---|---|---|---|---|`,
      `| ${ops.length} | ${rows.length} | ${mb(Math.max(...rows.map((r) => r.peak)))} MB | ${(Math.max(...rows.map((r) => r.ms)) / 1000).toFixed(2)} s | ${fives.length} | ${over.length} |`,
      `whole run: workerd RSS ${mb(startRss)} MB at the start, ${mb(runPeak)} MB at its peak (+${mb(runPeak - startRss)} MB)`,
      "",
      "| input | requests | peak max (MB) | time max (s) | statuses |",
      "|---|---|---|---|---|",
      ...[...byInput].map(
        ([input, rs]) =>
          `| ${input} | ${rs.length} | ${mb(Math.max(...rs.map((r) => r.peak)))} | ${(Math.max(...rs.map((r) => r.ms)) / 1000).toFixed(2)} | ${[...new Set(rs.map((r) => r.status))].sort().join(" ")} |`,
      ),
      "",
      "largest peaks: " + worst.map((r) => `${r.op} ← ${r.input}: ${mb(r.peak)} MB`).join("; "),
      "slowest: " + slowest.map((r) => `${r.op} ← ${r.input}: ${(r.ms / 1000).toFixed(2)} s`).join("; "),
    ];
    console.log(lines.join("\n"));
    expect(fives.map((r) => `${r.op} ← ${r.input}: ${r.status} ${r.text}`)).toEqual([]);
    expect(over.map((r) => `${r.op} ← ${r.input}: ${mb(r.peak)} MB`)).toEqual([]);
    // V8 keeps the heap it grew, so the process's growth over the run is not one request's; it is
    // a tripwire for memory kept between requests (a leak), which grows it without bound.
    expect(runPeak - startRss).toBeLessThan(RUN_GROWTH_TRIPWIRE);
    expect(rows.filter((r) => r.ms > TIME_BUDGET_MS).map((r) => `${r.op} ← ${r.input}: ${(r.ms / 1000).toFixed(1)} s`)).toEqual([]);
  });
});
