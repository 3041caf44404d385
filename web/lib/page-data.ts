import type { PageData } from "../../contract/page-data";

/** What the SPA uses when the page carries no (or unreadable) page data: a guest with empty lists. */
export const emptyPageData: PageData = {
  userInfo: null,
  universityInfo: null,
  userType: "ordinary",
  siteInfo: { successful_download: 0, successful_download_percent: 0, successful_download_yesterday: 0, number_of_users: 0, contract_centers: 0 },
  pricesPackages: [],
  lastBlogPosts: [],
  news: [],
  gateways: [],
  mobileSmsConfirmation: false,
  showOldTabStandardSearch: false,
  isGuest: true,
  isAdmin: false,
  isSolver: false,
  isContract: false,
  contact: { phone: "", email: "", hours: "", social: [] },
  outsideLinks: [],
  footerLinks: [],
  environment: "production",
};

const arrayKeys = ["pricesPackages", "lastBlogPosts", "news", "gateways", "outsideLinks", "footerLinks"] as const;

/**
 * A cheap shape check instead of the zod schema: the JSON comes from our own Worker, which
 * builds it with the contract's types, and keeping zod out of the entry saves ~40 KB gzipped.
 * It only guards against the fields the shell dereferences being of the wrong kind.
 */
function isPageData(v: unknown): v is PageData {
  if (!v || typeof v !== "object") return false;
  const o = v as Record<string, unknown>;
  if (typeof o.isGuest !== "boolean") return false;
  if (!o.siteInfo || typeof o.siteInfo !== "object") return false;
  if (!o.contact || typeof o.contact !== "object") return false;
  if (o.userInfo !== null && typeof o.userInfo !== "object") return false;
  if (o.universityInfo !== null && typeof o.universityInfo !== "object") return false;
  return arrayKeys.every((k) => Array.isArray(o[k]));
}

/** Reads the shared state the Worker injected into the page, once. */
export function readPageData(): PageData | null {
  const el = document.getElementById("page-data");
  if (!el?.textContent) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(el.textContent);
  } catch {
    return null;
  }
  return isPageData(parsed) ? { ...emptyPageData, ...parsed } : null;
}

export function readCsrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? "";
}
