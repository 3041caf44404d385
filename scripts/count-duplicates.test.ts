import { describe, expect, it } from "vitest";
import { parseSummary } from "./count-duplicates";

describe("parseSummary", () => {
  it("reads the total and the boilerplate pairs from the first line", () => {
    expect(
      parseSummary(
        "24 pairs of places (24 files read), each sharing runs of 6 or more identical or same-shape lines (24 by shape alone, 23 of those marked boilerplate)",
      ),
    ).toEqual({ pairs: 24, boilerplate: 23 });
    expect(parseSummary("3 pairs of places (9 files read), each sharing runs of 6 or more identical lines")).toEqual({ pairs: 3, boilerplate: 0 });
    expect(parseSummary("no duplicates (12 files read)")).toEqual({ pairs: 0, boilerplate: 0 });
    expect(parseSummary("incomplete: usage: …")).toBeNull();
  });
});
