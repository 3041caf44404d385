import { describe, expect, it } from "vitest";
import { normalizeMobile, parseCount, toLatinDigits, toPersianDigits } from "./digits";

describe("toLatinDigits", () => {
  it.each([
    ["۰۱۲۳۴۵۶۷۸۹", "0123456789"],
    ["٠١٢٣٤٥٦٧٨٩", "0123456789"],
    ["0123456789", "0123456789"],
    ["کد ۱۲۳۴", "کد 1234"],
    ["۱٢3", "123"], // mixed scripts in one input
    ["", ""],
    ["abc", "abc"],
  ])("%j → %j", (input, expected) => {
    expect(toLatinDigits(input)).toBe(expected);
  });
});

describe("toPersianDigits", () => {
  it.each<[string | number, string]>([
    [1403, "۱۴۰۳"],
    [0, "۰"],
    ["0912-345-6789", "۰۹۱۲-۳۴۵-۶۷۸۹"],
    ["٤٥", "۴۵"], // Arabic-Indic becomes Persian too
    ["04:00", "۰۴:۰۰"],
    [-12, "-۱۲"],
    ["بدون عدد", "بدون عدد"],
  ])("%j → %j", (input, expected) => {
    expect(toPersianDigits(input)).toBe(expected);
  });
});

describe("normalizeMobile", () => {
  it.each([
    ["09123456789", "09123456789"],
    ["۰۹۱۲۳۴۵۶۷۸۹", "09123456789"],
    ["٠٩١٢٣٤٥٦٧٨٩", "09123456789"],
    ["9123456789", "09123456789"],
    ["989123456789", "09123456789"],
    ["+989123456789", "09123456789"],
    ["+98 912 345 6789", "09123456789"],
    ["00989123456789", "09123456789"],
    ["0098 912-345-6789", "09123456789"],
    ["+98 (0) 912 345 6789", "09123456789"],
    ["0912 345 6789", "09123456789"],
    ["0912-345-6789", "09123456789"],
    ["  09123456789  ", "09123456789"],
    ["\u200E۰۹۱۲ ۳۴۵ ۶۷۸۹\u200F", "09123456789"], // bidi marks from pasted RTL text
    ["۰۹۱۲–۳۴۵–۶۷۸۹", "09123456789"], // en dashes
  ])("%j → %j", (input, expected) => {
    expect(normalizeMobile(input)).toBe(expected);
  });

  it.each([
    [""],
    ["0912345678"], // 10 digits with the leading 0
    ["091234567890"], // 12 digits
    ["02112345678"], // Tehran landline
    ["+19123456789"], // another country
    ["+44 912 345 6789"],
    ["0912345678a"],
    ["0912.345.6789"],
    ["۰۹۱۲۳۴۵۶۷۸۹۰"],
    ["8123456789"],
    ["98812345678"],
    ["abc"],
  ])("%j → null", (input) => {
    expect(normalizeMobile(input)).toBeNull();
  });
});

describe("parseCount", () => {
  it.each<[string | number, { value: number; clamped: boolean; valid: boolean }]>([
    ["0", { value: 0, clamped: false, valid: true }],
    ["12", { value: 12, clamped: false, valid: true }],
    ["۱۲", { value: 12, clamped: false, valid: true }],
    ["١٢", { value: 12, clamped: false, valid: true }],
    [" 7 ", { value: 7, clamped: false, valid: true }],
    ["50", { value: 50, clamped: false, valid: true }],
    ["51", { value: 50, clamped: true, valid: true }],
    ["۹۹۹", { value: 50, clamped: true, valid: true }],
    ["99999999999999999999999", { value: 50, clamped: true, valid: true }],
    ["007", { value: 7, clamped: false, valid: true }],
    ["", { value: 0, clamped: false, valid: false }],
    ["-1", { value: 0, clamped: false, valid: false }],
    ["1.5", { value: 0, clamped: false, valid: false }],
    ["1e2", { value: 0, clamped: false, valid: false }],
    ["۱۲a", { value: 0, clamped: false, valid: false }],
    ["1 2", { value: 0, clamped: false, valid: false }],
    [3, { value: 3, clamped: false, valid: true }],
    [-1, { value: 0, clamped: true, valid: true }], // a minus stepper below zero
    [51, { value: 50, clamped: true, valid: true }],
    [2.5, { value: 0, clamped: false, valid: false }],
    [Number.NaN, { value: 0, clamped: false, valid: false }],
  ])("%j → %j", (input, expected) => {
    expect(parseCount(input)).toEqual(expected);
  });

  it("honours custom bounds", () => {
    expect(parseCount("0", 1, 10)).toEqual({ value: 1, clamped: true, valid: true });
    expect(parseCount("11", 1, 10)).toEqual({ value: 10, clamped: true, valid: true });
    expect(parseCount("x", 1, 10)).toEqual({ value: 1, clamped: false, valid: false });
  });
});
