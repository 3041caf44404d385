/** Institution test helpers: contracts with domains, access lists and quotas, and members made directly in D1. */
import { eq } from "drizzle-orm";
import { schema } from "../../db/client";
import { newId } from "../../db/ids";
import { clientFor, db, makeUser, type MadeUser } from "./auth-helpers";
import type { Client } from "./helpers";

export type Contract = { id: string; domain: string; name: string };

let n = 0;
export async function makeUniversity(
  opts: { access?: string[]; newAccess?: { key: string; description: string }[] | null; quotas?: Record<string, number>; active?: boolean; name?: string } = {},
): Promise<Contract> {
  n += 1;
  const id = newId("uni");
  const domain = `u${Date.now() % 100000}${n}${Math.random().toString(36).slice(2, 6)}.ac.ir`;
  const name = opts.name ?? `دانشگاه آزمایشی ${n}`;
  await db()
    .insert(schema.universities)
    .values({
      id,
      name,
      logo: "/images/uni/sample-tech.svg",
      access: opts.access ?? ["article_download"],
      newAccess: opts.newAccess ?? null,
      quotas: opts.quotas ?? {},
      active: opts.active ?? true,
    });
  await db().insert(schema.universityDomains).values({ domain, universityId: id });
  return { id, domain, name };
}

/** A verified member (or partner) of `uni`, signed in. */
export async function member(uni: Contract, opts: { partner?: boolean; verified?: boolean } = {}): Promise<{ user: MadeUser; client: Client }> {
  const user = await makeUser({ partner: opts.partner });
  await db()
    .update(schema.users)
    .set({ universityId: uni.id, universityEmail: `${user.username}@${uni.domain}`, universityVerifiedAt: opts.verified === false ? null : new Date() })
    .where(eq(schema.users.id, user.id));
  const client = await clientFor(user.id);
  // Tests move the clock (x-test-now) to fixed dates; keep the session alive across them.
  await db()
    .update(schema.sessions)
    .set({ expiresAt: new Date(Date.UTC(2100, 0, 1)) })
    .where(eq(schema.sessions.userId, user.id));
  return { user, client };
}

export async function rowOf(userId: string) {
  const [row] = await db().select().from(schema.users).where(eq(schema.users.id, userId));
  return row!;
}
