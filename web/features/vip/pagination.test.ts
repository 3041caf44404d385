import { describe, expect, it } from "vitest";
import { pageWindow } from "./pagination";

describe("pageWindow (§9: 8 visible pages for direct access)", () => {
  it("shows every page when there are few", () => {
    expect(pageWindow(1, 1, 8)).toEqual([1]);
    expect(pageWindow(3, 5, 8)).toEqual([1, 2, 3, 4, 5]);
  });
  it("keeps 8 pages around the current one, clamped at both ends", () => {
    expect(pageWindow(1, 20, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pageWindow(10, 20, 8)).toEqual([6, 7, 8, 9, 10, 11, 12, 13]);
    expect(pageWindow(20, 20, 8)).toEqual([13, 14, 15, 16, 17, 18, 19, 20]);
    for (let p = 1; p <= 30; p++) {
      const w = pageWindow(p, 30, 8);
      expect(w.length).toBe(8);
      expect(w).toContain(p);
    }
  });
});
