import type { Db } from "../../../db/client";
import { docKeyFor, identifyRequest } from "../offline/content-type";
import { findOpenDuplicate } from "../offline/queries";

/** The user's open offline request for this document (the offline feature's own document key), if any. */
export async function findOpenDuplicateFor(db: Db, userId: string, input: { url: string; doi?: string }): Promise<string | null> {
  const { ids } = identifyRequest(input);
  return (await findOpenDuplicate(db, userId, docKeyFor(ids, input.url)))?.id ?? null;
}
