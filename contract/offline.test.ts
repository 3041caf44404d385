import { describe, expect, it } from "vitest";
import { DeskDeliverInput, DeskPriceInput, DeskQuery, DeskRejectInput, MAX_OFFLINE_FILE_BYTES, OfflineBookInput, offlineMessages as m } from "./offline";

const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("OfflineBookInput", () => {
  it("trims, drops blank optionals and defaults the type to book", () => {
    expect(OfflineBookInput.parse({ url: "  A Book  ", doi: " ", more: "" })).toEqual({ url: "A Book", type: "book" });
    expect(OfflineBookInput.parse({ url: "x", type: "standard", doi: "10.1109/x" })).toEqual({ url: "x", type: "standard", doi: "10.1109/x" });
  });

  it("says 'link not entered' for a missing or blank url", () => {
    expect(errorsOf(OfflineBookInput.safeParse({}))).toEqual({ url: m.urlRequired });
    expect(errorsOf(OfflineBookInput.safeParse({ url: " " }))).toEqual({ url: m.urlRequired });
  });
});

describe("DeskPriceInput", () => {
  it("reads Persian and Arabic digits with separators", () => {
    expect(DeskPriceInput.parse({ price: "۱۵۰٬۰۰۰" }).price).toBe(150_000);
    expect(DeskPriceInput.parse({ price: "١٢٠,٠٠٠" }).price).toBe(120_000);
    expect(DeskPriceInput.parse({ price: 5000, apply_to_group: "on" })).toEqual({ price: 5000, apply_to_group: true });
  });
});

describe("DeskRejectInput", () => {
  it("needs a template or a written reason", () => {
    expect(errorsOf(DeskRejectInput.safeParse({}))).toEqual({ reason: m.reasonRequired });
    expect(DeskRejectInput.parse({ template: "not_found" })).toEqual({ template: "not_found" });
    expect(DeskRejectInput.safeParse({ template: "nope" }).success).toBe(false);
  });
});

describe("DeskDeliverInput", () => {
  const pdf = (size: number) => new File([new Uint8Array(size)], "a.pdf", { type: "application/pdf" });

  it("takes a file of up to 100 MB, or a link, not both and not neither", () => {
    expect(DeskDeliverInput.safeParse({ file: pdf(10) }).success).toBe(true);
    expect(DeskDeliverInput.safeParse({ link: "https://example.org/a.pdf" }).success).toBe(true);
    expect(errorsOf(DeskDeliverInput.safeParse({}))).toEqual({ file: m.deliveryRequired });
    expect(errorsOf(DeskDeliverInput.safeParse({ file: pdf(10), link: "https://example.org/a.pdf" }))).toEqual({ link: m.deliveryBoth });
    expect(errorsOf(DeskDeliverInput.safeParse({ link: "ftp://example.org/a.pdf" }))).toEqual({ link: m.linkInvalid });
    expect(errorsOf(DeskDeliverInput.safeParse({ file: new File([], "") }))).toEqual({ file: m.deliveryRequired });
    expect(errorsOf(DeskDeliverInput.safeParse({ file: new File([], "empty.pdf") }))).toEqual({ file: m.fileEmpty });
  });

  it("refuses a file over 100 MB", () => {
    const big = pdf(MAX_OFFLINE_FILE_BYTES + 1);
    expect(errorsOf(DeskDeliverInput.safeParse({ file: big }))).toEqual({ file: m.fileTooLarge });
    expect(DeskDeliverInput.safeParse({ file: pdf(MAX_OFFLINE_FILE_BYTES) }).success).toBe(true);
  });
});

describe("DeskQuery", () => {
  it("defaults to what needs staff, page 1, and ignores blank filters", () => {
    expect(DeskQuery.parse({ group: "", kind: "", user: "", q: "" })).toEqual({ status: "needs_staff", page: 1 });
    expect(DeskQuery.parse({ status: "priced", min_age_hours: "12", page: "2" })).toEqual({ status: "priced", min_age_hours: 12, page: 2 });
  });
});
