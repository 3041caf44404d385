import { describe, expect, it } from "vitest";
import { ContractInput, DirectBookInput, universityAccessKeys as contractKeys } from "../../../contract/admin";
import { universityAccessKeys as schemaKeys } from "../../../db/schema/universities";
import { DAY_MS, tehranDayStart } from "./dashboard";

describe("tehranDayStart", () => {
  it("is Tehran midnight (UTC+3:30) on both sides of UTC midnight", () => {
    // 2026-03-10 23:00 UTC is 2026-03-11 02:30 in Tehran: the day began 2026-03-10 20:30 UTC.
    expect(tehranDayStart(Date.UTC(2026, 2, 10, 23, 0))).toBe(Date.UTC(2026, 2, 10, 20, 30));
    expect(tehranDayStart(Date.UTC(2026, 2, 10, 20, 29))).toBe(Date.UTC(2026, 2, 9, 20, 30));
    expect(tehranDayStart(Date.UTC(2026, 2, 10, 20, 30))).toBe(Date.UTC(2026, 2, 10, 20, 30));
  });

  it("agrees with Intl's Asia/Tehran calendar over a year of hours", () => {
    const day = (ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tehran", year: "numeric", month: "2-digit", day: "2-digit" }).format(ms);
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2026, 0, 1); t += 3_600_000 * 7 + 60_000) {
      const start = tehranDayStart(t);
      expect(day(start)).toBe(day(t));
      expect(day(start - 1)).not.toBe(day(t));
      expect(start + DAY_MS).toBeGreaterThan(t);
    }
  });
});

describe("contract", () => {
  it("names the same access keys as the schema", () => {
    expect([...contractKeys]).toEqual([...schemaKeys]);
  });

  it("normalises domains and Persian-digit quotas", () => {
    const v = ContractInput.parse({ name: " دانشگاه ", domains: ["@UT.ac.ir "], access: ["article_download"], quotas: { article_download: "۱۲۰" } });
    expect(v).toMatchObject({ name: "دانشگاه", domains: ["ut.ac.ir"], quotas: { article_download: 120 }, active: true });
  });

  it("direct books: empty optional fields become null; the ISBN shape is checked without hyphens", () => {
    const v = DirectBookInput.parse({ type: "1", title: "T", authors: "", year: "", isbn: "978-0-262-03384-8", toman_price: "۸۹۰۰۰" });
    expect(v).toMatchObject({ type: 1, authors: null, year: null, isbn: "978-0-262-03384-8", toman_price: 89_000 });
    expect(DirectBookInput.safeParse({ type: 0, title: "T", isbn: "978-0-262", toman_price: 5000 }).success).toBe(false);
  });
});
