import { integer, text } from "drizzle-orm/sqlite-core";

/** Time columns shared by most tables; epoch milliseconds so SQL guards can compare them. */
export const timestamps = {
  createdAt: integer({ mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date()),
  updatedAt: integer({ mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date()),
};

export const createdAt = () =>
  integer({ mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());

/** Text primary key; values come from `newId(prefix)` in db/ids.ts (sortable, prefixed). */
export const idColumn = () => text().primaryKey();
