import { describe, expect, it } from "vitest";
import { niceMax } from "./charts";

describe("niceMax", () => {
  it.each([
    [0, 4],
    [3, 4],
    [4, 4],
    [7, 8],
    [9, 20],
    [38, 40],
    [41, 80],
    [500, 800],
    [1234, 2000],
  ])("%i → %i", (v, max) => {
    expect(niceMax(v)).toBe(max);
  });

  it("always gives whole grid steps at or above the value", () => {
    for (let v = 1; v < 5000; v += 7) {
      const max = niceMax(v);
      expect(max).toBeGreaterThanOrEqual(v);
      expect(Number.isInteger(max / 4)).toBe(true);
    }
  });
});
