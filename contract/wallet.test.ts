import { describe, expect, it } from "vitest";
import { applyPackageRules, Cart, Count, packageIsEmpty, PriceInput, redirectForCart, walletTexts } from "./wallet";

describe("Count (0–50, digits only)", () => {
  it.each([
    ["0", 0],
    ["50", 50],
    ["۱۲", 12],
    [" 7 ", 7],
    [3, 3],
  ])("accepts %j", (input, out) => expect(Count.parse(input)).toBe(out));

  it.each([
    ["51", walletTexts.countRange],
    [-1, walletTexts.countRange],
    ["-1", walletTexts.countDigits],
    ["1.5", walletTexts.countDigits],
    [2.5, walletTexts.countDigits],
    ["abc", walletTexts.countDigits],
    ["", walletTexts.countDigits],
  ])("rejects %j", (input, message) => {
    const r = Count.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
});

describe("package rules", () => {
  it("a limited pack resets a plain count of 1 to 0, and only 1", () => {
    expect(applyPackageRules({ article: 1, offline_article: 0, limited_article: 1 }).article).toBe(0);
    expect(applyPackageRules({ article: 2, offline_article: 0, limited_article: 1 }).article).toBe(2);
    expect(applyPackageRules({ article: 1, offline_article: 0, limited_article: 0 }).article).toBe(1);
  });
  it("needs a total above 0 or a limited pack", () => {
    expect(packageIsEmpty({ article: 0, offline_article: 0, limited_article: 0 })).toBe(true);
    expect(packageIsEmpty({ article: 0, offline_article: 0, limited_article: 1 })).toBe(false);
    expect(packageIsEmpty({ article: 0, offline_article: 2, limited_article: 0 })).toBe(false);
  });
  it("PriceInput takes any subset", () => {
    expect(PriceInput.parse({ standard: "3" })).toEqual({ standard: 3 });
  });
});

describe("redirectForCart (§4)", () => {
  const r = (c: unknown) => redirectForCart(Cart.parse(c));
  it.each([
    [{ name: "scifinder" }, "/profile/scifinders"],
    [{ name: "direct_book", id: 3 }, "/profile/directBooks"],
    [{ name: { standard: 2 } }, "/profile/standards/"],
    [{ name: { article: 3 } }, "/profile/booksAndArticles/"],
    [{ name: { offline_article: 3 } }, "/profile/offilneArticles/"],
    [{ name: "article", url: "https://doi.org/10.1/x" }, "/?getUrl=https%3A%2F%2Fdoi.org%2F10.1%2Fx"],
    [{ name: "offline_article", url: "u", isArticleOffline: "1", doi: "10.1/x", desc: "d" }, "/?getOfflineUrl=u&doi=10.1%2Fx&desc=d"],
    [{ name: "grammarly" }, "/profile/vipServices"],
    [{ name: { directaccess: { "3": 30 } } }, "/profile/vipServices"],
  ])("%j → %s", (cart, path) => expect(r(cart)).toBe(path));
});
