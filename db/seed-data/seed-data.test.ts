import { describe, expect, it } from "vitest";
import { CATALOG_TYPE, catalogItems, type CatalogItem } from "./catalog.ts";
import { directAccessSites } from "./direct-access-sites.ts";
import {
  blogPosts,
  contact,
  footerLinks,
  homeSourcesUsed,
  news,
  outsideLinks,
  prices,
  pricesPackages,
  UNIVERSITY_ACCESS_KEYS,
  universities,
  VIP_SERVICE_KEYS,
  vipServices,
} from "./site-content.ts";
import { standardsOrganizations } from "./standards-organizations.ts";
import { theses } from "./theses.ts";

// --- Independent checkers (deliberately not shared with the data modules) ---

/** ISBN-13: digits weighted 1,3,1,3... sum to a multiple of 10. */
function isValidIsbn13(isbn: string): boolean {
  if (!/^[0-9-]+$/.test(isbn)) return false;
  const digits = isbn.replaceAll("-", "");
  if (!/^97[89]\d{10}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return sum % 10 === 0;
}

// Letters specific to Persian plus the shared Arabic-script letters.
const PERSIAN_LETTER = /[\u0622-\u063A\u0641-\u0642\u0644-\u0648\u067E\u0686\u0698\u06A9\u06AF\u06CC]/;
const ANY_ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** Persian-orthography mistakes that a Persian reader notices at once. */
function persianSpellingProblems(text: string): string[] {
  const problems: string[] = [];
  if (/\u064A/.test(text)) problems.push("Arabic yeh (ي) instead of Persian yeh (ی)");
  if (/\u0643/.test(text)) problems.push("Arabic kaf (ك) instead of Persian kaf (ک)");
  if (/[\u0660-\u0669]/.test(text)) problems.push("Arabic-Indic digits instead of Persian digits");
  if (/[0-9]/.test(text)) problems.push("Latin digits in Persian text");
  if (/(^|\s)ن?می\s/.test(text)) problems.push("detached verb prefix «می» (needs ZWNJ)");
  if (/\sها(?=[\s.،؛:!؟)]|$)/.test(text)) problems.push("detached plural «ها» (needs ZWNJ)");
  if (/(^|\s)\u200C|\u200C(\s|$)/.test(text)) problems.push("ZWNJ next to a space");
  if (/ {2}/.test(text)) problems.push("double space");
  // Glossary compounds written without the zero-width non-joiner.
  for (const wrong of ["پایان نامه", "پایاننامه", "حل المسائل", "حلالمسائل", "کلید واژه", "کلیدواژهها", "ثبت نام", "همانند جویی"]) {
    if (text.includes(wrong)) problems.push(`«${wrong}» misspelt`);
  }
  return problems;
}

function expectPersian(label: string, text: string): void {
  expect(PERSIAN_LETTER.test(text), `${label} should contain Persian letters: ${text}`).toBe(true);
  expect(persianSpellingProblems(text), `${label}: ${text}`).toEqual([]);
}

function expectNoPersian(label: string, text: string): void {
  expect(ANY_ARABIC_SCRIPT.test(text), `${label} should not contain Persian/Arabic script: ${text}`).toBe(false);
}

function expectPositiveInteger(label: string, value: number): void {
  expect(Number.isSafeInteger(value) && value > 0, `${label} should be a positive integer, got ${value}`).toBe(true);
}

function expectUrl(label: string, value: string): void {
  expect(() => new URL(value), `${label} should be an absolute URL: ${value}`).not.toThrow();
  expect(new URL(value).protocol, label).toMatch(/^https?:$/);
}

function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const ofType = (type: CatalogItem["type"]) => catalogItems.filter((item) => item.type === type);

// --- The checkers themselves must reject bad input, or the tests prove nothing ---

describe("test helpers", () => {
  it("isValidIsbn13 accepts a known ISBN and rejects a wrong check digit or bad shape", () => {
    expect(isValidIsbn13("978-0-262-03384-8")).toBe(true);
    expect(isValidIsbn13("978-0-262-03384-7")).toBe(false);
    expect(isValidIsbn13("0-262-03384-4")).toBe(false);
    expect(isValidIsbn13("978-0-262-0338X-8")).toBe(false);
  });

  it("persianSpellingProblems flags Arabic letters, detached prefixes and missing ZWNJ", () => {
    expect(persianSpellingProblems("درخواست‌ها پاسخ داده می‌شوند")).toEqual([]);
    expect(persianSpellingProblems("مقاله ي")).not.toEqual([]);
    expect(persianSpellingProblems("كتاب")).not.toEqual([]);
    expect(persianSpellingProblems("پاسخ داده می شوند")).not.toEqual([]);
    expect(persianSpellingProblems("درخواست ها")).not.toEqual([]);
    expect(persianSpellingProblems("پایان نامه")).not.toEqual([]);
    expect(persianSpellingProblems("اعتبار 30 روزه")).not.toEqual([]);
  });
});

// --- Standards organisations ---

describe("standardsOrganizations", () => {
  it("lists at least 60 bodies with unique codes", () => {
    expect(standardsOrganizations.length).toBeGreaterThanOrEqual(60);
    const codes = standardsOrganizations.map((org) => org.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("includes the bodies users search most", () => {
    const codes = new Set(standardsOrganizations.map((org) => org.code));
    for (const code of ["ISO", "IEC", "ASTM", "ASME", "IEEE", "BSI", "DIN", "API", "SAE", "ANSI", "NFPA", "ASHRAE", "JIS", "GB", "NACE", "DNV", "MIL-STD"]) {
      expect(codes.has(code), code).toBe(true);
    }
  });

  it("has non-empty English code, name and country", () => {
    for (const org of standardsOrganizations) {
      for (const [field, value] of Object.entries(org)) {
        expect(value.trim().length, `${org.code}.${field}`).toBeGreaterThan(0);
        expectNoPersian(`${org.code}.${field}`, value);
      }
    }
  });
});

// --- Direct access ---

describe("directAccessSites", () => {
  it("has about 40 sites with unique names", () => {
    expect(directAccessSites.length).toBeGreaterThanOrEqual(35);
    const names = directAccessSites.map((site) => site.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("uses all three site types", () => {
    expect(new Set(directAccessSites.map((site) => site.type))).toEqual(new Set([1, 2, 3]));
  });

  it.each(directAccessSites.map((site) => [site.name, site] as const))("%s: names English, texts Persian, link valid", (_name, site) => {
    expectNoPersian("name", site.name);
    expectPersian("description", site.description);
    expectPersian("expireText", site.expireText);
    if (site.url !== null) expectUrl("url", site.url);
  });

  it.each(directAccessSites.map((site) => [site.name, site] as const))("%s: prices keyed price_<days> with positive integers", (_name, site) => {
    const entries = Object.entries(site.prices);
    expect(entries.length).toBeGreaterThan(0);
    for (const [key, price] of entries) {
      expect(key).toMatch(/^price_\d+$/);
      expect(Number(key.slice(6))).toBeGreaterThan(0);
      expectPositiveInteger(`${site.name} ${key}`, price);
    }
  });

  it.each(directAccessSites.map((site) => [site.name, site] as const))("%s: a longer period costs more in total and less per day", (_name, site) => {
    const periods = Object.entries(site.prices)
      .map(([key, price]) => ({ days: Number(key.slice(6)), price }))
      .sort((a, b) => a.days - b.days);
    for (let i = 1; i < periods.length; i++) {
      const shorter = periods[i - 1]!;
      const longer = periods[i]!;
      expect(longer.price).toBeGreaterThan(shorter.price);
      // Spec: price per day = price / days, decimals dropped.
      expect(Math.trunc(longer.price / longer.days)).toBeLessThan(Math.trunc(shorter.price / shorter.days));
    }
  });

  it("gives some personal accounts unlimited or university wording, so guests see their links (search spec §4)", () => {
    const open = directAccessSites.filter((site) => site.type === 2 && /نامحدود|دانشگاه/.test(site.expireText));
    const expiring = directAccessSites.filter((site) => site.type === 2 && !/نامحدود|دانشگاه/.test(site.expireText));
    expect(open.length).toBeGreaterThan(0);
    expect(expiring.length).toBeGreaterThan(0);
  });
});

// --- Catalog ---

describe("catalogItems", () => {
  it("has about 150 records with the required mix", () => {
    expect(catalogItems.length).toBeGreaterThanOrEqual(140);
    expect(catalogItems.length).toBeLessThanOrEqual(170);
    expect(ofType(CATALOG_TYPE.standard).length).toBeGreaterThanOrEqual(25);
    expect(ofType(CATALOG_TYPE.solutionManual).length).toBeGreaterThanOrEqual(20);
    expect(ofType(CATALOG_TYPE.report).length).toBeGreaterThanOrEqual(15);
    expect(ofType(CATALOG_TYPE.book).filter((item) => item.free).length).toBeGreaterThanOrEqual(20);
    expect(ofType(CATALOG_TYPE.book).filter((item) => !item.free).length).toBeGreaterThanOrEqual(20);
  });

  it("has valid, unique ISBN-13s", () => {
    const isbns = catalogItems.flatMap((item) => (item.isbn === null ? [] : [item.isbn]));
    expect(isbns.length).toBeGreaterThanOrEqual(60);
    for (const isbn of isbns) expect(isValidIsbn13(isbn), isbn).toBe(true);
    const normalised = isbns.map((isbn) => isbn.replaceAll("-", ""));
    expect(new Set(normalised).size).toBe(normalised.length);
  });

  it("spreads standards over at least 12 organisations, all of them known", () => {
    const knownCodes = new Set(standardsOrganizations.map((org) => org.code));
    const standards = ofType(CATALOG_TYPE.standard);
    for (const item of standards) {
      expect(item.organization, item.title).not.toBeNull();
      expect(knownCodes.has(item.organization!), `${item.standardNumber}: ${item.organization}`).toBe(true);
      expect(item.standardNumber?.trim(), item.title).toBeTruthy();
      expect(item.cdName?.trim(), item.title).toBeTruthy();
      expect(item.publicationDate, item.title).not.toBeNull();
    }
    expect(new Set(standards.map((item) => item.organization)).size).toBeGreaterThanOrEqual(12);
    const numbers = standards.map((item) => item.standardNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it("keeps standard-only fields empty on other types", () => {
    for (const item of catalogItems.filter((entry) => entry.type !== CATALOG_TYPE.standard)) {
      expect(item.standardNumber, item.title).toBeNull();
      expect(item.organization, item.title).toBeNull();
    }
  });

  it("gives free items a licence and links, and paid items a price and no links", () => {
    for (const item of catalogItems) {
      if (item.free) {
        expect(item.license?.trim(), item.title).toBeTruthy();
        expect(item.links.length, item.title).toBeGreaterThan(0);
        for (const link of item.links) expectUrl(item.title, link);
        expect(item.tomanPrice, item.title).toBeNull();
      } else {
        expect(item.license, item.title).toBeNull();
        expect(item.links, item.title).toEqual([]);
        expectPositiveInteger(`${item.title} tomanPrice`, item.tomanPrice ?? Number.NaN);
      }
    }
  });

  it("uses only open licences for free books", () => {
    for (const item of ofType(CATALOG_TYPE.book).filter((entry) => entry.free)) {
      expect(item.license, item.title).toMatch(/^(CC BY(-(NC|SA|ND))*(-(SA|ND))? \d\.\d|GNU FDL)/);
    }
  });

  it("has English-script metadata without Persian letters", () => {
    for (const item of catalogItems) {
      for (const field of ["title", "authors", "publisher", "keywords"] as const) {
        expectNoPersian(`${item.title} ${field}`, item[field]);
        expect(item[field].trim().length, `${item.title} ${field}`).toBeGreaterThan(0);
      }
    }
  });

  it("has plausible years, dates, pages and sizes", () => {
    for (const item of catalogItems) {
      expect(Number.isInteger(item.year) && item.year >= 1950 && item.year <= 2025, `${item.title} ${item.year}`).toBe(true);
      if (item.publicationDate !== null) {
        expect(isIsoDate(item.publicationDate), `${item.title} ${item.publicationDate}`).toBe(true);
        expect(Number(item.publicationDate.slice(0, 4)), item.title).toBe(item.year);
      }
      if (item.pages !== null) expectPositiveInteger(`${item.title} pages`, item.pages);
      if (item.sizeBytes !== null) expectPositiveInteger(`${item.title} sizeBytes`, item.sizeBytes);
      expect(item.sizeBytes === null, item.title).toBe(item.pages === null);
    }
  });

  it("includes German and French records", () => {
    const languages = new Set(catalogItems.map((item) => item.language));
    expect(languages).toEqual(new Set(["English", "German", "French"]));
  });
});

// --- Theses ---

describe("theses (real open-access theses, db/seed-data/theses.ts)", () => {
  it("are free theses of both degrees, each with its source named", () => {
    expect(theses.length).toBeGreaterThanOrEqual(10);
    expect(theses.every((thesis) => thesis.free)).toBe(true);
    expect(new Set(theses.map((thesis) => thesis.degree))).toEqual(new Set(["PhD", "Master"]));
    for (const thesis of theses) expect(thesis.source.trim().length, thesis.title).toBeGreaterThan(5);
  });

  it("have unique titles and links on real repositories, not made-up patterns", () => {
    expect(new Set(theses.map((thesis) => thesis.title)).size).toBe(theses.length);
    expect(new Set(theses.map((thesis) => thesis.downloadLink)).size).toBe(theses.length);
    for (const thesis of theses) {
      expectUrl(thesis.title, thesis.downloadLink);
      expect(thesis.downloadLink, thesis.title).toMatch(
        /^https:\/\/(dspace\.mit\.edu\/handle\/1721\.1\/\d+|doi\.org\/10\.|hdl\.handle\.net\/|era\.ed\.ac\.uk\/handle\/1842\/|www\.cl\.cam\.ac\.uk\/techreports\/|www\.cs\.rhul\.ac\.uk\/|ics\.uci\.edu\/)/,
      );
    }
  });

  it("have title, author, university and year; unknown fields are empty, not invented; no Persian", () => {
    for (const thesis of theses) {
      for (const field of ["title", "author", "university"] as const) expect(thesis[field].trim().length, `${thesis.title} ${field}`).toBeGreaterThan(0);
      for (const field of ["title", "author", "department", "university", "abstract"] as const) expectNoPersian(`${thesis.title} ${field}`, thesis[field]);
      expect(thesis.year >= 1900 && thesis.year <= new Date().getFullYear(), thesis.title).toBe(true);
    }
  });
});

// --- Site content ---

describe("site content", () => {
  it("has 12 news items, newest first, in Persian", () => {
    expect(news).toHaveLength(12);
    for (const item of news) {
      expectPersian("news title", item.title);
      expect(Number.isInteger(item.daysAgo) && item.daysAgo >= 0).toBe(true);
    }
    const ages = news.map((item) => item.daysAgo);
    expect(ages).toEqual([...ages].sort((a, b) => a - b));
  });

  it("has 8 blog posts with unique latin slugs and Persian titles", () => {
    expect(blogPosts).toHaveLength(8);
    for (const post of blogPosts) {
      expect(post.postName).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expectPersian("postTitle", post.postTitle);
    }
    expect(new Set(blogPosts.map((post) => post.postName)).size).toBe(blogPosts.length);
  });

  it("has 3 contracted institutions with consistent access and quotas", () => {
    expect(universities).toHaveLength(3);
    const allowed = new Set<string>(UNIVERSITY_ACCESS_KEYS);
    for (const university of universities) {
      expectPersian("university name", university.name);
      expect(university.logo).toMatch(/^\/images\/uni\/[a-z0-9-]+\.svg$/);
      expect(university.domains.length).toBeGreaterThan(0);
      for (const domain of university.domains) expect(domain).toMatch(/^([a-z0-9-]+\.)+ac\.ir$/);
      expect(university.access.length).toBeGreaterThan(0);
      for (const key of university.access) expect(allowed.has(key), key).toBe(true);
      for (const [key, quota] of Object.entries(university.quotas)) {
        expect(university.access, `quota for ${key} without access`).toContain(key);
        expectPositiveInteger(`${university.name} ${key}`, quota);
      }
    }
  });

  it("offers exactly the four VIP services, in Persian, with prices matching the price list", () => {
    expect(vipServices.map((service) => service.key).sort()).toEqual([...VIP_SERVICE_KEYS].sort());
    for (const service of vipServices) {
      expectPersian("vip title", service.title);
      expectPersian("vip description", service.description);
      expectPositiveInteger(`${service.key} price`, service.price);
      expect(prices.find((entry) => entry.key === service.key)?.price, service.key).toBe(service.price);
    }
  });

  it("uses the glossary's terms for the VIP services", () => {
    const titles = Object.fromEntries(vipServices.map((service) => [service.key, service.title]));
    expect(titles.ithenticate).toBe("همانندجویی (بررسی سرقت علمی)");
    expect(titles.grammarly).toBe("ویرایش و بررسی گرامر");
    expect(titles.scifinder).toBe("اکانت SciFinder");
  });

  it("has the price list keys the product needs, with positive integer prices", () => {
    const keys = prices.map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(
      [
        "article",
        "offline_article",
        "limited_article",
        "limited_article_pack_size",
        "standard",
        "scifinder",
        "ithenticate",
        "grammarly",
        "ai",
        "direct_book",
      ].sort(),
    );
    for (const entry of prices) {
      expectPersian(`${entry.key} title`, entry.title);
      expectPositiveInteger(entry.key, entry.price);
    }
    expect(prices.find((entry) => entry.key === "limited_article_pack_size")?.price).toBe(30);
  });

  it("prices a limited pack below the same number of single articles", () => {
    const price = (key: string) => prices.find((entry) => entry.key === key)!.price;
    expect(price("limited_article")).toBeLessThan(price("article") * price("limited_article_pack_size"));
  });

  it("has packages 1 to 4 that get cheaper per article as they grow", () => {
    expect(pricesPackages.map((pack) => pack.id)).toEqual([1, 2, 3, 4]);
    for (const pack of pricesPackages) {
      expectPersian("package title", pack.title);
      expectPersian("package description", pack.description);
      expectPositiveInteger(`package ${pack.id} articles`, pack.articles);
      expectPositiveInteger(`package ${pack.id} price`, pack.price);
    }
    for (let i = 1; i < pricesPackages.length; i++) {
      const smaller = pricesPackages[i - 1]!;
      const larger = pricesPackages[i]!;
      expect(larger.articles).toBeGreaterThan(smaller.articles);
      expect(larger.price / larger.articles).toBeLessThan(smaller.price / smaller.articles);
    }
  });

  it("has Persian link titles with internal paths or absolute URLs", () => {
    for (const link of [...outsideLinks, ...footerLinks]) {
      expectPersian("link title", link.title);
      if (!link.href.startsWith("/")) expectUrl(link.title, link.href);
    }
    expect(footerLinks.map((link) => link.href)).toContain("/terms");
  });

  it("has a fictional contact block in the expected shape", () => {
    expect(contact.phone).toMatch(/^0\d{2}-\d{8}$/);
    expect(contact.email).toMatch(/^[^@\s]+@[^@\s]+\.test$/);
    expectPersian("hours", contact.hours);
    expect(contact.hours).toContain("۹");
    expect(contact.hours).toContain("۱۷");
    expect(contact.social.length).toBeGreaterThan(0);
    for (const social of contact.social) {
      expectPersian("social name", social.name);
      expectUrl(social.name, social.href);
    }
  });

  it("has the six static 'sources used' claims from the spec", () => {
    expect(homeSourcesUsed).toHaveLength(6);
    for (const claim of homeSourcesUsed) expectPersian("claim", claim);
    const joined = homeSourcesUsed.join(" | ");
    for (const figure of ["۱۰۰ میلیون", "۵٫۷ میلیون", "۱٫۶ میلیون", "۵ میلیون", "۳ میلیون", "۸۰", "۵۰۰", "۹۸ درصد"]) {
      expect(joined, figure).toContain(figure);
    }
  });
});
