import { offlineStatusLabels } from "../../../contract/labels";
import { toPersianDigits } from "../../../lib/digits";

const MONTHS = ["فروردین", "اردیبهشت", "خرداد", "تیر", "مرداد", "شهریور", "مهر", "آبان", "آذر", "دی", "بهمن", "اسفند"];

/** "1405-09" → "آذر ۱۴۰۵". */
export function monthLabel(key: string, withYear = true): string {
  const [y, m] = key.split("-").map(Number);
  const name = MONTHS[(m ?? 1) - 1] ?? key;
  return withYear ? `${name} ${toPersianDigits(y ?? 0)}` : name;
}

/** Persian texts of the contract partner's panel. */
export const panelMessages = {
  nav: { label: "پنل سازمان", statistics: "آمار", users: "کاربران", userGroup: "گروه‌ها", articles: "دانلودها و درخواست‌ها" },
  statistics: {
    title: "آمار سازمان",
    members: "اعضای سازمان",
    thisMonth: (month: string) => `مصرف سهمیه در ${month}`,
    usageChart: "مصرف ماهانه در برابر سهمیه",
    activityChart: "دانلودها و درخواست‌های آفلاین اعضا در ماه‌های اخیر",
    ok: "دانلود موفق",
    all: "همهٔ دانلودها",
    offline: "درخواست آفلاین",
    quota: "سهمیه",
    used: "مصرف",
    unlimited: "بدون سقف",
    usedOf: (used: number, quota: number | null) =>
      quota === null ? `${toPersianDigits(used)} (بدون سقف)` : `${toPersianDigits(used)} از ${toPersianDigits(quota)}`,
    inactive: "قرارداد این سازمان فعال نیست.",
  },
  users: {
    title: "کاربران سازمان",
    search: "جستجوی نام یا ایمیل",
    name: "نام",
    email: "ایمیل دانشگاهی",
    verified: "تأیید ایمیل",
    downloads: "دانلود موفق",
    requests: "درخواست آفلاین",
    lastActivity: "آخرین فعالیت",
    groups: "گروه‌ها",
    notVerified: "تأییدنشده",
    empty: "کاربری پیدا نشد.",
    total: (n: number) => `${toPersianDigits(n)} کاربر`,
  },
  groups: {
    title: "گروه‌بندی کاربران",
    newGroup: "نام گروه تازه",
    create: "ساخت گروه",
    created: "گروه ساخته شد.",
    remove: "حذف گروه",
    removed: "گروه حذف شد.",
    empty: "هنوز گروهی نساخته‌اید.",
    noMembers: "این گروه عضوی ندارد.",
    addMember: "افزودن عضو",
    add: "افزودن",
    removeMember: (name: string) => `خارج کردن ${name} از گروه`,
    chooseMember: "یک کاربر را انتخاب کنید",
    membersCount: (n: number) => `${toPersianDigits(n)} عضو`,
  },
  articles: {
    title: "دانلودها و درخواست‌های اعضا",
    date: "تاریخ",
    user: "کاربر",
    document: "مدرک",
    kind: "نوع",
    status: "وضعیت",
    kinds: { download: "دانلود", offline_article: "درخواست آفلاین مقاله", offline_book: "درخواست آفلاین کتاب" } as Record<string, string>,
    statuses: {
      ok: "موفق",
      error: "ناموفق",
      buy: "نیازمند خرید",
      offline: "آفلاین",
      ...offlineStatusLabels,
    } as Record<string, string>,
    empty: "هنوز فعالیتی ثبت نشده است.",
  },
  pager: {
    label: "صفحه‌بندی",
  },
  accessKeys: {
    article_download: "دانلود مقاله",
    direct_access: "دسترسی مستقیم",
    tez_download: "دانلود پایان‌نامه",
    standard_download: "دانلود استاندارد",
    book_download: "دانلود کتاب",
    ithenticate: "همانندجویی",
    grammarly: "بررسی گرامر",
  } as Record<string, string>,
} as const;
