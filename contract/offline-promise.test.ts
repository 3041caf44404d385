import { describe, expect, it } from "vitest";
import { epochMs, isPast, overdue, promiseBroken, promiseOutcome, runningDeadline, type PromiseTimes } from "./offline-promise";

const H = 3_600_000;
const NOW = Date.UTC(2026, 10, 25, 12);
const req = (r: Partial<PromiseTimes> & Pick<PromiseTimes, "status">): PromiseTimes => ({
  promiseAt: null,
  deliverBy: null,
  answeredAt: null,
  deliveredAt: null,
  ...r,
});

describe("the desk's promise", () => {
  it("runs the first answer while registered, the delivery once paid or started, nothing while priced or closed", () => {
    expect(runningDeadline(req({ status: "registered", promiseAt: NOW + H, deliverBy: NOW + 2 * H }))).toEqual({ kind: "answer", at: NOW + H });
    expect(runningDeadline(req({ status: "paid", promiseAt: NOW + H, deliverBy: NOW + 2 * H }))).toEqual({ kind: "delivery", at: NOW + 2 * H });
    expect(runningDeadline(req({ status: "in_progress", promiseAt: NOW + H }))).toEqual({ kind: "delivery", at: NOW + H });
    for (const status of ["priced", "delivered", "rejected", "cancelled"] as const)
      expect(runningDeadline(req({ status, promiseAt: NOW - H, deliverBy: NOW - H }))).toBeNull();
    expect(runningDeadline(req({ status: "registered" }))).toBeNull();
  });

  it("is past from the very instant it falls due, not a millisecond later", () => {
    expect(isPast(NOW, NOW)).toBe(true);
    expect(isPast(NOW + 1, NOW)).toBe(false);
    expect(overdue(req({ status: "registered", promiseAt: NOW }), NOW)).toEqual({ kind: "answer", at: NOW });
    expect(overdue(req({ status: "registered", promiseAt: NOW + 1 }), NOW)).toBeNull();
  });

  it("is kept or broken by when it was met, and broken unmet only while it is the deadline running", () => {
    expect(promiseOutcome("answer", req({ status: "priced", promiseAt: NOW, answeredAt: NOW }), NOW + 9 * H)).toBe("kept");
    expect(promiseOutcome("answer", req({ status: "delivered", promiseAt: NOW, answeredAt: NOW + 1 }), NOW)).toBe("broken");
    expect(promiseOutcome("answer", req({ status: "registered", promiseAt: NOW - 1 }), NOW)).toBe("broken");
    expect(promiseOutcome("answer", req({ status: "registered", promiseAt: NOW + 1 }), NOW)).toBe("running");
    // cancelled unanswered, or paid straight away (a catalogue book): its answer promise is not what runs
    expect(promiseOutcome("answer", req({ status: "cancelled", promiseAt: NOW - H }), NOW)).toBeNull();
    expect(promiseOutcome("answer", req({ status: "paid", promiseAt: NOW - H, deliverBy: NOW + H }), NOW)).toBeNull();
    expect(promiseOutcome("delivery", req({ status: "paid", promiseAt: NOW - H, deliverBy: NOW - 1 }), NOW)).toBe("broken");
    expect(promiseOutcome("delivery", req({ status: "delivered", deliverBy: NOW, deliveredAt: NOW + 1 }), NOW)).toBe("broken");
    // an article's delivery deadline is set at registration, but its first answer is what runs then
    expect(promiseOutcome("delivery", req({ status: "registered", promiseAt: NOW + H, deliverBy: NOW - H }), NOW)).toBeNull();
    expect(promiseOutcome("delivery", req({ status: "paid", promiseAt: NOW - H }), NOW)).toBeNull();
  });

  it("counts a request once as broken: answered late, or past the deadline running now", () => {
    expect(promiseBroken(req({ status: "paid", promiseAt: NOW - 5 * H, answeredAt: NOW - 4 * H, deliverBy: NOW - H }), NOW)).toBe(true);
    expect(promiseBroken(req({ status: "in_progress", promiseAt: NOW - 2 * H }), NOW)).toBe(true);
    expect(promiseBroken(req({ status: "cancelled", promiseAt: NOW - 2 * H }), NOW)).toBe(false);
    expect(promiseBroken(req({ status: "delivered", promiseAt: NOW - 5 * H, answeredAt: NOW - 6 * H }), NOW)).toBe(false);
  });

  it("reads Dates, ISO strings and epoch ms alike", () => {
    expect(epochMs(new Date(NOW))).toBe(NOW);
    expect(epochMs(new Date(NOW).toISOString())).toBe(NOW);
    expect(epochMs(NOW)).toBe(NOW);
    expect(epochMs(null)).toBeNull();
  });
});
