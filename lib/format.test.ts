import { describe, expect, it } from "vitest";
import { formatJalaliDate, formatNumber, formatToman, jalaliYear, pricePerDay, truncateTitle } from "./format";

// Expected strings were produced once with Node 22's ICU and are asserted
// literally, so an ICU or code change that alters what users see fails here.

describe("formatNumber", () => {
  it.each([
    [0, "۰"],
    [7, "۷"],
    [1234, "۱٬۲۳۴"],
    [12000, "۱۲٬۰۰۰"],
    [1234567, "۱٬۲۳۴٬۵۶۷"],
    [1e9, "۱٬۰۰۰٬۰۰۰٬۰۰۰"],
    [3.75, "۳٫۷۵"],
    [-2500, "\u200E−۲٬۵۰۰"], // ICU puts an LRM before the minus sign
  ])("%d → %j", (n, expected) => {
    expect(formatNumber(n)).toBe(expected);
  });
});

describe("formatToman", () => {
  it.each([
    [0, "۰ تومان"],
    [12000, "۱۲٬۰۰۰ تومان"],
    [150000, "۱۵۰٬۰۰۰ تومان"],
    [2500000, "۲٬۵۰۰٬۰۰۰ تومان"],
    [999.6, "۱٬۰۰۰ تومان"], // whole tomans only
  ])("%d → %j", (n, expected) => {
    expect(formatToman(n)).toBe(expected);
  });
});

describe("formatJalaliDate", () => {
  it.each<[Date | string | number, boolean, string]>([
    [new Date("2024-03-20T12:00:00Z"), false, "۱۴۰۳/۰۱/۰۱"], // Nowruz 1403
    // 20:45 UTC is already the next day in Tehran (UTC+3:30).
    [new Date("2024-03-20T20:45:00Z"), false, "۱۴۰۳/۰۱/۰۲"],
    [new Date("2024-03-20T20:45:00Z"), true, "۱۴۰۳/۰۱/۰۲ ۰۰:۱۵"],
    ["2024-03-19T20:29:00Z", true, "۱۴۰۲/۱۲/۲۹ ۲۳:۵۹"], // last minute of 1402
    [Date.UTC(2025, 2, 20, 20, 30), true, "۱۴۰۴/۰۱/۰۱ ۰۰:۰۰"], // first minute of 1404
    ["2023-09-23", false, "۱۴۰۲/۰۷/۰۱"],
    // SQLite's zone-less datetime text is UTC, whatever the machine's zone.
    ["2024-03-20 20:45:00", true, "۱۴۰۳/۰۱/۰۲ ۰۰:۱۵"],
    ["garbage", false, ""],
    [Number.NaN, true, ""],
  ])("%j (withTime %s) → %j", (d, withTime, expected) => {
    expect(formatJalaliDate(d, { withTime })).toBe(expected);
  });

  it("leaves the time out by default", () => {
    expect(formatJalaliDate(new Date("2024-03-20T12:00:00Z"))).toBe("۱۴۰۳/۰۱/۰۱");
  });
});

describe("jalaliYear", () => {
  it.each([
    ["2024-03-20T12:00:00Z", 1403],
    ["2024-03-19T20:29:00Z", 1402], // 23:59 in Tehran on the last day of 1402
    ["2024-03-19T20:31:00Z", 1403], // 00:01 in Tehran on Nowruz
    ["2000-01-01T00:00:00Z", 1378],
  ])("%s → %d", (iso, expected) => {
    expect(jalaliYear(new Date(iso))).toBe(expected);
  });
});

describe("truncateTitle", () => {
  const t86 = "a".repeat(86);
  const t85 = "b".repeat(85);
  it.each<[string, number | undefined, number | undefined, string]>([
    [t86, undefined, undefined, `${"a".repeat(70)}…`],
    [t85, undefined, undefined, t85], // at the threshold: unchanged
    ["short", undefined, undefined, "short"],
    ["x".repeat(31), 20, 30, `${"x".repeat(20)}…`], // medium screens
    ["x".repeat(30), 20, 30, "x".repeat(30)],
    // trailing space before the cut is dropped
    [`${"w".repeat(19)} ${"y".repeat(20)}`, 20, 30, `${"w".repeat(19)}…`],
    // Persian with ZWNJ counts the ZWNJ as a character
    ["روش‌های یادگیری ماشین برای تشخیص", 5, 10, "روش‌ه…"],
    // a character outside the BMP is never cut in half
    ["😀".repeat(12), 5, 10, `${"😀".repeat(5)}…`],
  ])("%j (%s/%s) → %j", (title, max, threshold, expected) => {
    expect(truncateTitle(title, max, threshold)).toBe(expected);
  });
});

describe("pricePerDay", () => {
  it.each([
    [300000, 30, 10000],
    [100000, 30, 3333], // decimals dropped
    [99999, 7, 14285],
    [0, 30, 0],
    [100000, 0, 0],
    [100000, -5, 0],
    [100000, Number.NaN, 0],
    [Number.NaN, 30, 0],
  ])("%d / %d → %d", (price, days, expected) => {
    expect(pricePerDay(price, days)).toBe(expected);
  });
});
