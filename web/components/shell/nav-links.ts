import type { AppHref, AppPath } from "../../lib/route-paths";
import { siteUrls } from "../../lib/site-urls";
import { shellMessages as m } from "./messages";

/** A page of ours (its path checked against the route tree) or another site's. */
export type NavLink = { label: string; href: AppPath; external?: false } | { label: string; href: string; external: true };

/** A menu's link to one of our pages (the spec writes some with a trailing slash: `/admin/`). */
export type PageLink = { label: string; href: AppHref };

/** Public navigation (accounts spec §2): home, blog (external), help (external), prices, services, terms, about, contact. */
export const publicNav: NavLink[] = [
  { label: m.nav.home, href: "/" },
  { label: m.nav.blog, href: siteUrls.blog, external: true },
  { label: m.nav.help, href: siteUrls.help, external: true },
  { label: m.nav.prices, href: "/prices" },
  { label: m.nav.services, href: "/services" },
  { label: m.nav.terms, href: "/terms" },
  { label: m.nav.about, href: "/about" },
  { label: m.nav.contact, href: "/contact" },
];

/** The regular user's menu (accounts spec §2 "User menu"), in the spec's order; logout comes last, separately. */
export const profileLinks: PageLink[] = [
  { label: "حساب کاربری", href: "/profile" },
  { label: "کیف پول و تراکنش‌ها", href: "/profile/financial" },
  { label: "مقاله‌ها و کتاب‌های دانلودشده", href: "/profile/booksAndArticles" },
  { label: "دریافت یک‌جای فهرست منابع", href: "/batch" },
  { label: "کتاب‌های خریداری‌شده", href: "/profile/directBooks" },
  { label: "درخواست‌های آفلاین مقاله", href: "/profile/offilneArticles" },
  { label: "درخواست‌های آفلاین کتاب و استاندارد", href: "/profile/offlineBooksStandards" },
  { label: "همانندجویی و ویرایش گرامر", href: "/profile/vipServices" },
  { label: "اکانت‌های SciFinder", href: "/profile/scifinders" },
  { label: "استانداردهای من", href: "/profile/standards" },
];

export const adminLinks: PageLink[] = [
  { label: "داشبورد مدیریت", href: "/admin/" },
  // Named as the console names its desks: the user part of the same menu has "درخواست‌های آفلاین مقاله" (the admin's own requests).
  { label: "میز آفلاین مقاله", href: "/admin/offlineArticles" },
  { label: "میز آفلاین کتاب", href: "/admin/offlineBooks" },
  { label: "کتاب‌های خرید مستقیم", href: "/admin/directBooks" },
  { label: "دسترسی مستقیم", href: "/admin/directAccess" },
  { label: "قراردادها", href: "/admin/contracts" },
  { label: "کاربران", href: "/admin/users" },
  { label: "حل‌کننده‌ها", href: "/admin/solvers" },
  { label: "تراکنش‌ها", href: "/admin/transactions" },
  { label: "صدور فاکتور", href: "/admin/createInvoice" },
  { label: "فایل‌های گزارش‌شده", href: "/admin/fileReports" },
];

export const panelLinks: PageLink[] = [
  { label: "آمار", href: "/panel2/statistics" },
  { label: "کاربران سازمان", href: "/panel2/users" },
  { label: "گروه‌های کاربری", href: "/panel2/userGroup" },
  { label: "مقاله‌های دریافت‌شده", href: "/panel2/articles" },
];

export const solverLinks: PageLink[] = [
  { label: "داشبورد حل‌کننده", href: "/solver" },
  { label: "فایل‌های گزارش‌شده", href: "/admin/fileReports" },
];
