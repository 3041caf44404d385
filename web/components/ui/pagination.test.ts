import { describe, expect, it } from "vitest";
import { pageWindow } from "./pagination";

// Direct access shows 8 pages with 4 of them before the current one.
const pages = (page: number, total: number, visible: number) => pageWindow(page, total, visible, visible / 2);

describe("pageWindow (§9: 8 visible pages for direct access)", () => {
  it("shows every page when there are few", () => {
    expect(pages(1, 1, 8)).toEqual([1]);
    expect(pages(3, 5, 8)).toEqual([1, 2, 3, 4, 5]);
  });
  it("keeps 8 pages around the current one, clamped at both ends", () => {
    expect(pages(1, 20, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pages(10, 20, 8)).toEqual([6, 7, 8, 9, 10, 11, 12, 13]);
    expect(pages(20, 20, 8)).toEqual([13, 14, 15, 16, 17, 18, 19, 20]);
    for (let p = 1; p <= 30; p++) {
      const w = pages(p, 30, 8);
      expect(w.length).toBe(8);
      expect(w).toContain(p);
    }
  });
});
