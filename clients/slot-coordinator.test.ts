/**
 * The budget's rules on a hand-driven clock: the rate is never exceeded in any one-second window,
 * requests at once stay under the cap, pastes go first and keep a slot of their own, a 429 pauses
 * and slows everyone, daily caps keep a share for people, waits end with a refusal and a hint.
 */
import { describe, expect, it } from "vitest";
import type { TakeResult } from "../contract/budget";
import { SlotCoordinator, type Clock, type SlotRequest } from "./slot-coordinator";

function manualClock() {
  let t = 1_000_000;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  const clock: Clock = {
    now: () => t,
    setTimer(fn, ms) {
      const id = ++ids;
      timers.push({ at: t + Math.max(0, ms), fn, id });
      return () => {
        timers = timers.filter((x) => x.id !== id);
      };
    },
  };
  return {
    clock,
    get now() {
      return t;
    },
    /** Moves time forward, firing every timer due on the way, in order. */
    async advance(ms: number) {
      await flush();
      const end = t + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > end) break;
        timers.shift();
        t = next.at;
        next.fn();
        await flush();
      }
      t = end;
      await flush();
    },
  };
}

async function flush() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

/** One take, the clock moved on in small steps until it settles. */
async function settled(c: SlotCoordinator, m: ReturnType<typeof manualClock>, r: SlotRequest): Promise<TakeResult> {
  let out: TakeResult | undefined;
  void c.take(r).then((x) => (out = x));
  for (let i = 0; i < 10_000 && out === undefined; i++) await m.advance(5);
  if (!out) throw new Error("never settled");
  return out;
}

const req = (priority: SlotRequest["priority"], extra: Partial<SlotRequest> = {}): SlotRequest => ({
  priority,
  cost: 1,
  maxWaitMs: 60_000,
  leaseMs: 30_000,
  ...extra,
});

/** Takes and records when each was granted. */
function taker(c: SlotCoordinator, m: ReturnType<typeof manualClock>) {
  const grants: { who: string; at: number; lease: string }[] = [];
  const refusals: { who: string; at: number; result: TakeResult }[] = [];
  const take = (who: string, r: SlotRequest) =>
    c.take(r).then((res) => {
      if (res.granted) grants.push({ who, at: m.now, lease: res.lease });
      else refusals.push({ who, at: m.now, result: res });
      return res;
    });
  return { grants, refusals, take };
}

function maxInAnyWindow(times: number[], windowMs: number): number {
  let best = 0;
  for (let i = 0; i < times.length; i++) best = Math.max(best, times.filter((x) => x >= times[i]! && x < times[i]! + windowMs).length);
  return best;
}

describe("SlotCoordinator", () => {
  it("spaces slots evenly: 30 takes at 9/s never put more than 10 in any one-second window", async () => {
    const m = manualClock();
    const c = new SlotCoordinator({ perSecond: 9 }, m.clock);
    const t = taker(c, m);
    for (let i = 0; i < 30; i++) void t.take(`c${i}`, req(i % 2 ? "list" : "paste"));
    await m.advance(5_000);
    expect(t.grants).toHaveLength(30);
    expect(
      maxInAnyWindow(
        t.grants.map((g) => g.at),
        1000,
      ),
    ).toBeLessThanOrEqual(10);
    expect(t.grants.at(-1)!.at - t.grants[0]!.at).toBeGreaterThanOrEqual(Math.floor((29 * 1000) / 9));
  });

  it("holds requests at once under the cap and hands a released slot on", async () => {
    const m = manualClock();
    const c = new SlotCoordinator({ perSecond: 1000, concurrency: 3 }, m.clock);
    const t = taker(c, m);
    for (let i = 0; i < 5; i++) void t.take(`p${i}`, req("paste"));
    await m.advance(100);
    expect(t.grants).toHaveLength(3);
    c.done(t.grants[0]!.lease, 200);
    await m.advance(10);
    expect(t.grants).toHaveLength(4);
    expect(t.grants.map((g) => g.who)).toEqual(["p0", "p1", "p2", "p3"]);
  });

  it("serves a paste before every list entry already waiting, and keeps one slot of three for pastes", async () => {
    const m = manualClock();
    const c = new SlotCoordinator({ perSecond: 10, concurrency: 3 }, m.clock);
    const t = taker(c, m);
    for (let i = 0; i < 20; i++) void t.take(`list${i}`, req("list"));
    await m.advance(250);
    // The lists hold two slots; the third is kept although lists are waiting.
    expect(t.grants.map((g) => g.who)).toEqual(["list0", "list1"]);
    void t.take("paste", req("paste"));
    await m.advance(150);
    expect(t.grants.map((g) => g.who)).toEqual(["list0", "list1", "paste"]);
    // A list's release does not reach the waiting lists while the paste holds a slot: the last one stays free for pastes.
    c.done(t.grants[0]!.lease, 200);
    await m.advance(200);
    expect(t.grants.map((g) => g.who)).toEqual(["list0", "list1", "paste"]);
    c.done(t.grants[2]!.lease, 200);
    await m.advance(200);
    expect(t.grants.at(-1)!.who).toBe("list2");
  });

  it("background work gets half the slots and waits behind lists", async () => {
    const m = manualClock();
    const c = new SlotCoordinator({ perSecond: 100, concurrency: 4 }, m.clock);
    const t = taker(c, m);
    for (let i = 0; i < 3; i++) void t.take(`bg${i}`, req("background"));
    await m.advance(100);
    expect(t.grants.map((g) => g.who)).toEqual(["bg0", "bg1"]);
    void t.take("list", req("list"));
    await m.advance(100);
    expect(t.grants.map((g) => g.who)).toEqual(["bg0", "bg1", "list"]);
  });

  it("a 429 pauses every caller for its Retry-After, then runs at half the rate and recovers", async () => {
    const m = manualClock();
    const c = new SlotCoordinator({ perSecond: 10 }, m.clock);
    const t = taker(c, m);
    const first = await settled(c, m, req("paste"));
    expect(first.granted).toBe(true);
    c.done((first as { lease: string }).lease, 429, 3);
    const pausedAt = m.now;
    for (let i = 0; i < 6; i++) void t.take(`w${i}`, req(i % 2 ? "list" : "paste"));
    await m.advance(2_900);
    expect(t.grants).toHaveLength(0);
    await m.advance(2_000);
    expect(t.grants.length).toBeGreaterThan(0);
    expect(t.grants[0]!.at).toBeGreaterThanOrEqual(pausedAt + 3_000);
    // Half the rate: 200 ms apart instead of 100 (a little less as it recovers).
    const gaps = t.grants.slice(1).map((g, i) => g.at - t.grants[i]!.at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(180);
    expect(c.outlook().perSecond).toBeLessThan(10);
    await m.advance(61_000);
    expect(c.outlook().perSecond).toBe(10);
  });

  it("refuses a wait longer than the caller allows, with a hint; a long pause is refused at once", async () => {
    const m = manualClock();
    const c = new SlotCoordinator({ perSecond: 1 }, m.clock);
    const t = taker(c, m);
    void t.take("a", req("paste"));
    void t.take("b", req("list", { maxWaitMs: 300 }));
    await m.advance(400);
    expect(t.refusals).toMatchObject([{ who: "b", result: { granted: false, reason: "busy" } }]);
    expect((t.refusals[0]!.result as { retryAfterMs: number }).retryAfterMs).toBeGreaterThanOrEqual(500);
    c.done(t.grants[0]!.lease, 429, 120);
    const refused = await c.take(req("paste", { maxWaitMs: 5_000 }));
    expect(refused).toMatchObject({ granted: false, reason: "paused" });
  });

  it("keeps a tenth of the daily cap for pastes", async () => {
    const m = manualClock();
    const c = new SlotCoordinator({ perSecond: 1000, perDay: 20 }, m.clock);
    const results: TakeResult[] = [];
    for (let i = 0; i < 20; i++) results.push(await settled(c, m, req("list")));
    expect(results.filter((r) => r.granted)).toHaveLength(18);
    expect(results.at(-1)).toMatchObject({ granted: false, reason: "daily" });
    expect(await settled(c, m, req("paste"))).toMatchObject({ granted: true });
    expect(await settled(c, m, req("paste"))).toMatchObject({ granted: true });
    expect(await settled(c, m, req("paste"))).toMatchObject({ granted: false, reason: "daily" });
    // The next UTC day starts afresh.
    await m.advance(86_400_000);
    expect(await settled(c, m, req("list"))).toMatchObject({ granted: true });
  });

  it("frees the slot of a holder that never says it is done when its lease expires", async () => {
    const m = manualClock();
    const c = new SlotCoordinator({ perSecond: 1000, concurrency: 1 }, m.clock);
    const t = taker(c, m);
    void t.take("lost", req("paste", { leaseMs: 5_000 }));
    void t.take("next", req("paste"));
    await m.advance(4_000);
    expect(t.grants.map((g) => g.who)).toEqual(["lost"]);
    await m.advance(1_500);
    expect(t.grants.map((g) => g.who)).toEqual(["lost", "next"]);
  });

  it("a restarted coordinator keeps the pause and the day's count", async () => {
    const m = manualClock();
    const c = new SlotCoordinator({ perSecond: 100, perDay: 10 }, m.clock);
    for (let i = 0; i < 5; i++) await settled(c, m, req("paste"));
    const g = (await settled(c, m, req("paste"))) as { lease: string };
    c.done(g.lease, 429, 30);
    const again = new SlotCoordinator({ perSecond: 100, perDay: 10 }, m.clock);
    again.restore(c.snapshot());
    expect(again.outlook()).toMatchObject({ usedToday: 6 });
    expect(await again.take(req("paste", { maxWaitMs: 1_000 }))).toMatchObject({ granted: false, reason: "paused" });
  });

  it("a free slot is granted to a caller that allows no wait at all", async () => {
    const m = manualClock();
    const c = new SlotCoordinator({ perSecond: 10 }, m.clock);
    expect(await c.take(req("paste", { maxWaitMs: 0 }))).toMatchObject({ granted: true });
    expect(await c.take(req("paste", { maxWaitMs: 0 }))).toMatchObject({ granted: false, reason: "busy" });
  });

  it("refuses limits that cannot be kept", () => {
    expect(() => new SlotCoordinator({ perSecond: 0 })).toThrow(RangeError);
    expect(() => new SlotCoordinator({ perSecond: Number.NaN })).toThrow(RangeError);
  });
});
