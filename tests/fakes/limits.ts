/**
 * The providers' published limits, enforced by the fake upstream the way the providers do:
 * a request over a limit is answered 429 (Retry-After: 1) instead of served, and counted.
 *
 *   Crossref polite pool, from December 2025 (per contact address): a single record by DOI 10 a
 *   second and 3 at once; a list (query, filter) 3 a second and 3 at once. "A second" is checked
 *   as a sliding window (the strictest reading).
 *   OpenAlex: 100 requests a second; a day's allowance of $1 with a key ($0.01 without), where a
 *   work by DOI is free with a key, a filtered list costs $0.0001 and a search $0.001.
 *   Unpaywall: 100,000 calls a day per e-mail.
 *
 * Which callers are held to them: `all` (the scale benchmark), or `marked` (the default, tests):
 * only contact addresses starting "enforce-", so the shared test upstream stays unlimited for
 * every other test; their answers also take MARKED_SERVICE_MS, so requests overlap as they do
 * against the real service. Daily caps are multiplied by `dailyScale` (a compressed day).
 */
import type { FakeRequest } from "./types";

export type EnforceMode = "off" | "marked" | "all";

type Rule = { perSecond?: number; concurrency?: number; perDay?: number };

/** One class of request of one provider, and what it costs against a daily cap. */
type Classified = { provider: string; cls: string; rule: Rule; cost: number };

export type LimitStats = {
  served: Record<string, number>;
  /** Requests over a limit (answered 429), by provider/class and which limit. */
  over: Record<string, number>;
  /** Most requests in flight at once seen, by provider/class and identity. */
  maxInFlight: Record<string, number>;
  /** The highest count in any one-second window, by provider/class and identity. */
  maxPerSecond: Record<string, number>;
  /** Daily use, by provider and identity. */
  usedToday: Record<string, number>;
};

const SECOND = 1000;
export const MARKED_SERVICE_MS = 120;

function identityOf(req: FakeRequest): string {
  const ua = /mailto:([^)\s;]+)/i.exec(req.headers["user-agent"] ?? "")?.[1];
  return (req.query.get("mailto") ?? req.query.get("email") ?? ua ?? req.query.get("api_key") ?? "anonymous").toLowerCase();
}

function classify(req: FakeRequest, dailyScale: number, rateScale: number): Classified | null {
  const c = classifyAt(req, dailyScale);
  return c && c.rule.perSecond !== undefined ? { ...c, rule: { ...c.rule, perSecond: c.rule.perSecond * rateScale } } : c;
}

function classifyAt(req: FakeRequest, dailyScale: number): Classified | null {
  if (req.host === "api.crossref.org") {
    const single = /^\/works\/10\./.test(req.path);
    return single
      ? { provider: "crossref", cls: "single", rule: { perSecond: 10, concurrency: 3 }, cost: 1 }
      : { provider: "crossref", cls: "list", rule: { perSecond: 3, concurrency: 3 }, cost: 1 };
  }
  if (req.host === "api.openalex.org") {
    const keyed = req.query.has("api_key");
    // A work by id or DOI (/works/W123, /works/doi:10.x/y) is a singleton; anything else a list.
    const single = /^\/works\/./.test(req.path) && !req.query.has("filter") && !req.query.has("search");
    // Costs in $0.0001 units; a day's allowance is $1 with a key, $0.01 without.
    const cost = single ? (keyed ? 0 : 1) : req.query.has("search") ? 10 : 1;
    return { provider: "openalex", cls: "all", rule: { perSecond: 100, perDay: Math.floor((keyed ? 10_000 : 100) * dailyScale) }, cost };
  }
  if (req.host === "api.unpaywall.org") return { provider: "unpaywall", cls: "all", rule: { perDay: Math.floor(100_000 * dailyScale) }, cost: 1 };
  return null;
}

export type Enforcer = {
  /** Before serving: serve (call `finish` when the answer is sent, after `delayMs` more), or a reason to answer 429. */
  admit(req: FakeRequest, now: number): { finish: () => void; delayMs: number } | { refused: string };
  stats(): LimitStats;
  reset(): void;
  /** Arrival times (ms) of every request served to one identity, for tests that look at spacing. */
  arrivals(identity: string): number[];
};

/** `rateScale` multiplies the per-second limits (a benchmark on a machine slower than the providers); requests at once stay as published. */
export function createEnforcer(mode: EnforceMode, dailyScale = 1, rateScale = 1): Enforcer {
  const windows = new Map<string, number[]>();
  const inFlight = new Map<string, number>();
  const daily = new Map<string, { day: number; used: number }>();
  const arrivalsBy = new Map<string, number[]>();
  let stats: LimitStats = { served: {}, over: {}, maxInFlight: {}, maxPerSecond: {}, usedToday: {} };
  const bump = (rec: Record<string, number>, k: string, by = 1) => (rec[k] = (rec[k] ?? 0) + by);

  return {
    admit(req, now) {
      const identity = identityOf(req);
      if (mode === "off" || (mode === "marked" && !identity.startsWith("enforce-"))) return { finish: () => {}, delayMs: 0 };
      const c = classify(req, dailyScale, rateScale);
      if (!c) return { finish: () => {}, delayMs: 0 };
      const name = `${c.provider}/${c.cls}`;
      const key = `${name} ${identity}`;
      const win = (windows.get(key) ?? []).filter((t) => t > now - SECOND);
      windows.set(key, win);
      const flying = inFlight.get(key) ?? 0;
      const dayKey = `${c.provider} ${identity}`;
      const today = Math.floor(now / 86_400_000);
      const d = daily.get(dayKey);
      const used = d && d.day === today ? d.used : 0;
      let refused: string | null = null;
      if (c.rule.perSecond !== undefined && win.length + 1 > c.rule.perSecond) refused = "per-second";
      else if (c.rule.concurrency !== undefined && flying + 1 > c.rule.concurrency) refused = "at-once";
      else if (c.rule.perDay !== undefined && used + c.cost > c.rule.perDay) refused = "daily";
      if (refused) {
        bump(stats.over, `${name} ${refused} ${identity}`);
        return { refused };
      }
      win.push(now);
      daily.set(dayKey, { day: today, used: used + c.cost });
      stats.usedToday[dayKey] = used + c.cost;
      inFlight.set(key, flying + 1);
      bump(stats.served, name);
      stats.maxInFlight[key] = Math.max(stats.maxInFlight[key] ?? 0, flying + 1);
      stats.maxPerSecond[key] = Math.max(stats.maxPerSecond[key] ?? 0, win.length);
      const a = arrivalsBy.get(identity) ?? [];
      if (a.length < 100_000) a.push(now);
      arrivalsBy.set(identity, a);
      let done = false;
      return {
        delayMs: mode === "marked" ? MARKED_SERVICE_MS : 0,
        finish() {
          if (done) return;
          done = true;
          inFlight.set(key, Math.max(0, (inFlight.get(key) ?? 1) - 1));
        },
      };
    },
    stats: () => stats,
    reset() {
      windows.clear();
      inFlight.clear();
      daily.clear();
      arrivalsBy.clear();
      stats = { served: {}, over: {}, maxInFlight: {}, maxPerSecond: {}, usedToday: {} };
    },
    arrivals: (identity) => [...(arrivalsBy.get(identity.toLowerCase()) ?? [])],
  };
}
