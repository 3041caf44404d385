import { describe, expect, it } from "vitest";
import { ThesisSearchRequest, searchTexts } from "./search";

describe("search keywords", () => {
  it("refuses a deeply nested array with the no-phrase message instead of overflowing the stack", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 20_000; i++) deep = [deep];
    const r = ThesisSearchRequest.safeParse({ keywords: deep });
    expect(r.success).toBe(false);
    expect(r.error?.issues.find((i) => i.path[0] === "keywords")?.message).toBe(searchTexts.noPhrase);
  });

  it("reads a number as its text", () => {
    const r = ThesisSearchRequest.safeParse({ keywords: 9001 });
    expect(r.success && r.data.keywords).toBe("9001");
  });
});
