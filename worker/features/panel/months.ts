/** Solar Hijri month keys ("1405-09") for the panel's monthly charts; same keys as university_usage.month. */
import { usageMonth } from "../institutions/access";

const TEHRAN_OFFSET_MS = 3.5 * 3_600_000;
const DAY_MS = 86_400_000;

/** The `count` month keys ending with the current one, oldest first. */
export function lastMonths(now: number, count: number): string[] {
  const [y, m] = usageMonth(now).split("-").map(Number) as [number, number];
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const idx = y * 12 + (m - 1) - i;
    out.push(`${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, "0")}`);
  }
  return out;
}

/** Tehran day number (days since the epoch in Tehran time) of an epoch-ms instant. */
export const tehranDay = (ms: number) => Math.floor((ms + TEHRAN_OFFSET_MS) / DAY_MS);

/** The month key of a Tehran day number (its noon, so no edge falls on a boundary). */
export const monthOfTehranDay = (day: number) => usageMonth(day * DAY_MS - TEHRAN_OFFSET_MS + DAY_MS / 2);
