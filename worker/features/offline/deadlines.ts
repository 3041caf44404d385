/**
 * The desk's promises. Every request has a first-answer promise (`promise_at`: books 12 hours, the
 * spec's; standards and articles the same unless the operator says otherwise) and, once it is paid
 * (books, standards) or registered (articles, whose credit is spent at once), a delivery deadline
 * (`deliver_by`) of so many hours per kind, which the operator sets on the desk (settings table).
 */
import { eq } from "drizzle-orm";
import { DEFAULT_DESK_HOURS, DeskHours, type OfflineKind } from "../../../contract/offline";
import { schema, type Db } from "../../../db/client";

const DESK_HOURS_KEY = "desk.hours";
const HOUR = 3_600_000;

export async function deskHours(db: Db): Promise<DeskHours> {
  const [row] = await db.select().from(schema.settings).where(eq(schema.settings.key, DESK_HOURS_KEY)).limit(1);
  const parsed = DeskHours.partial().safeParse(row?.value ?? {});
  return { ...DEFAULT_DESK_HOURS, ...(parsed.success ? parsed.data : {}) };
}

export async function saveDeskHours(db: Db, hours: DeskHours): Promise<void> {
  await db
    .insert(schema.settings)
    .values({ key: DESK_HOURS_KEY, value: hours })
    .onConflictDoUpdate({ target: schema.settings.key, set: { value: hours } });
}

/** Hours to the first answer (price, rejection or delivery): books the spec's 12; an article's answer is its delivery. */
export function answerHours(hours: DeskHours, kind: OfflineKind): number {
  return kind === "book" ? 12 : kind === "standard" ? hours.answer_standard : hours.deliver_article;
}

/** Hours from payment (an article: registration) to delivery. */
export function deliveryHours(hours: DeskHours, kind: OfflineKind): number {
  return kind === "book" ? hours.deliver_book : kind === "standard" ? hours.deliver_standard : hours.deliver_article;
}

/** First answer promised by. */
export function answerPromise(hours: DeskHours, kind: OfflineKind, now: number): Date {
  return new Date(now + answerHours(hours, kind) * HOUR);
}

/** Delivery deadline from `from` (the payment, or an article's registration). */
export function deliveryDeadline(hours: DeskHours, kind: OfflineKind, from: number): Date {
  return new Date(from + deliveryHours(hours, kind) * HOUR);
}
