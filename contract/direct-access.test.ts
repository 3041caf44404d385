import { describe, expect, it } from "vitest";
import { AddCredentialsInput, AdminSiteInput, daysOfPriceKey, hidesLinksFromGuest, priceKey } from "./direct-access";

describe("price keys", () => {
  it("are a six-character prefix plus the days, both ways", () => {
    expect(priceKey(30)).toBe("price_30");
    expect(priceKey(30).slice(0, 6)).toBe("price_");
    expect(daysOfPriceKey("price_365")).toBe(365);
  });
});

describe("hidesLinksFromGuest (§4 guest rule)", () => {
  it.each([
    [2, "اکانت شخصی با اعتبار ۳۰ روزه", true],
    [2, "اعتبار نامحدود", false],
    [2, "یک گزارش، بدون محدودیت زمانی", false],
    [2, "ویژهٔ دانشگاه‌های طرف قرارداد", false],
    [1, "اکانت شخصی با اعتبار ۳۰ روزه", false],
    [3, "", false],
  ] as const)("type %s, %s → %s", (type, expire, hidden) => {
    expect(hidesLinksFromGuest({ type, expire })).toBe(hidden);
  });
});

describe("AddCredentialsInput", () => {
  it("splits on the first colon, skips blank lines, names a bad line", () => {
    expect(AddCredentialsInput.parse({ lines: "a:b\n\n  c : d:e  \n" }).lines).toEqual([
      { username: "a", password: "b" },
      { username: "c", password: "d:e" },
    ]);
    const bad = AddCredentialsInput.safeParse({ lines: "a:b\nnocolon" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toContain("۲");
  });
});

describe("AdminSiteInput", () => {
  it("accepts form-ish numbers and blank optional links", () => {
    const v = AdminSiteInput.parse({ name: " X ", description: "Y", type: "2", url: "", link: " ", expire: null, prices: [{ days: "30", price: "1000" }] });
    expect(v).toMatchObject({
      name: "X",
      type: 2,
      url: undefined,
      link: undefined,
      expire: "",
      prices: [{ days: 30, price: 1000 }],
      active: true,
      sort_order: 0,
    });
  });
});
