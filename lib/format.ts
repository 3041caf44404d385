// Display formatting for numbers, prices, Solar Hijri dates and long titles.
// Only Intl (ICU) is used, so the output is the same in Node, the browser and
// Workers as long as their ICU data agree (tests pin Node 22's strings).

const TEHRAN = "Asia/Tehran";

// Formatters are costly to build; build each once per isolate.
const numberFormat = new Intl.NumberFormat("fa-IR");
// Toman has no subunit in use, so prices are shown as whole tomans.
const tomanFormat = new Intl.NumberFormat("fa-IR", { maximumFractionDigits: 0 });
const jalaliDateFormat = new Intl.DateTimeFormat("fa-IR-u-ca-persian", {
  timeZone: TEHRAN,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const jalaliDateTimeFormat = new Intl.DateTimeFormat("fa-IR-u-ca-persian", {
  timeZone: TEHRAN,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
// Latin digits so the year can be parsed back into a number.
const jalaliYearFormat = new Intl.DateTimeFormat("fa-IR-u-ca-persian-nu-latn", {
  timeZone: TEHRAN,
  year: "numeric",
});

/** A number with Persian digits and Persian grouping, e.g. 12000 → "۱۲٬۰۰۰". */
export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

/** A price in toman, rounded to whole tomans, e.g. 12000 → "۱۲٬۰۰۰ تومان". */
export function formatToman(n: number): string {
  return `${tomanFormat.format(n)} تومان`;
}

// SQLite's datetime('now') / CURRENT_TIMESTAMP text ("2024-03-20 12:00:00") is
// UTC but carries no zone; JavaScript would read it as local time, which differs
// between a browser in Tehran and a Worker in UTC. Read it as UTC everywhere.
const SQLITE_DATETIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;

function toDate(d: Date | string | number): Date {
  if (d instanceof Date) return d;
  if (typeof d === "string") {
    const m = SQLITE_DATETIME.exec(d.trim());
    if (m) return new Date(`${m[1]}T${m[2]}Z`);
  }
  return new Date(d);
}

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? "";
}

/**
 * A Solar Hijri date in Tehran time with Persian digits: "۱۴۰۳/۰۱/۰۱", or with
 * `withTime` "۱۴۰۳/۰۱/۰۱ ۱۵:۳۰" (24-hour). Built from formatToParts rather than
 * ICU's joined pattern, whose separator between date and time varies between
 * ICU versions. An invalid date gives "" so one bad row cannot break a table.
 */
export function formatJalaliDate(d: Date | string | number, opts: { withTime?: boolean } = {}): string {
  const date = toDate(d);
  if (Number.isNaN(date.getTime())) return "";
  const parts = (opts.withTime ? jalaliDateTimeFormat : jalaliDateFormat).formatToParts(date);
  const day = `${part(parts, "year")}/${part(parts, "month")}/${part(parts, "day")}`;
  if (!opts.withTime) return day;
  return `${day} ${part(parts, "hour")}:${part(parts, "minute")}`;
}

/** The Solar Hijri year (Tehran time) as a number, e.g. 2024-03-20T12:00Z → 1403. */
export function jalaliYear(d: Date): number {
  return Number(part(jalaliYearFormat.formatToParts(d), "year"));
}

/**
 * Shortens a long title for lists: above `threshold` characters it is cut to
 * `max` characters plus "…"; shorter titles are returned unchanged. The spec's
 * numbers are 70/85, and 20/30 on medium screens (callers pass those).
 * Counts code points, so a character outside the BMP is never split in half.
 */
export function truncateTitle(title: string, max = 70, threshold = 85): string {
  const chars = Array.from(title);
  if (chars.length <= threshold) return title;
  return `${chars.slice(0, max).join("").trimEnd()}…`;
}

/** Price per day of a direct-access period, decimals dropped; 0 when days <= 0. */
export function pricePerDay(price: number, days: number): number {
  if (!(days > 0) || !Number.isFinite(price)) return 0;
  return Math.trunc(price / days);
}
