/** The desk queue's read: its filters and the query they make, shared by the desk page and its routes' loaders. */
import type { DeskQuery } from "../../../contract/offline";
import { deskListQuery } from "./queries";

export type DeskMode = "articles" | "books" | "solver";

export type Filters = { status: DeskQuery["status"]; kind: "" | "book" | "standard"; min_age_hours: string; q: string };
// What needs staff first (registered, paid, in progress); what waits on the user is a filter away.
export const EMPTY: Filters = { status: "needs_staff", kind: "", min_age_hours: "", q: "" };

function queryOf(mode: DeskMode, f: Filters, page: number): Partial<DeskQuery> {
  const q: Partial<DeskQuery> = { status: f.status, page };
  if (mode === "articles") q.group = "articles";
  if (mode === "books") q.group = "books";
  // The solver's dashboard is solution manuals only, for an admin too.
  if (mode === "solver") q.group = "solutions";
  if (mode === "books" && f.kind) q.kind = f.kind;
  const age = Number(f.min_age_hours.replace(/[۰-۹]/g, (d) => String("۰۱۲۳۴۵۶۷۸۹".indexOf(d))));
  if (f.min_age_hours.trim() && Number.isInteger(age) && age >= 0) q.min_age_hours = age;
  if (f.q.trim()) q.q = f.q.trim();
  return q;
}

/** The queue a desk shows: its first page as it opens (read by the route's loader), then as filtered. */
export const deskQueueQuery = (mode: DeskMode, filters: Filters = EMPTY, page = 1) => deskListQuery(queryOf(mode, filters, page));
