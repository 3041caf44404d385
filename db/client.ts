import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

const made = new WeakMap<D1Database, ReturnType<typeof build>>();

function build(d1: D1Database) {
  return drizzle(d1, { schema, casing: "snake_case" });
}

/**
 * The Drizzle client of a D1 binding. Building one walks the whole schema for its relations
 * (about a millisecond of CPU), so it is made once per binding object and reused: it holds no
 * per-request state.
 */
export function createDb(d1: D1Database) {
  let db = made.get(d1);
  if (!db) made.set(d1, (db = build(d1)));
  return db;
}

export type Db = ReturnType<typeof createDb>;
export { schema };
