/**
 * Whether a stored file has been withdrawn (wrong or broken: worker/features/file-reports writes
 * file_withdrawals): /files refuses its signed links from then on, whatever the link.
 */
import { eq, sql } from "drizzle-orm";
import { schema, type Db } from "../../../db/client";

/** Whether this file has been withdrawn. */
export async function isWithdrawn(db: Db, fileKey: string): Promise<boolean> {
  const row = await db.select({ k: sql`1` }).from(schema.fileWithdrawals).where(eq(schema.fileWithdrawals.fileKey, fileKey)).limit(1);
  return row.length > 0;
}
