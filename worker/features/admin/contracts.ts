/** Contracts: institutions with their e-mail domains, access list, quotas and partner users. */
import { and, asc, count, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { z } from "zod";
import type { Contract, ContractInput, PartnerInput } from "../../../contract/admin";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { NotFoundError, ValidationError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import { findUserId } from "../wallet/queries";
import { adminMessages as m } from "./messages";
import { auditRow } from "./users";

const uni = schema.universities;
const dom = schema.universityDomains;
const users = schema.users;

export async function listContracts(db: Db): Promise<Contract[]> {
  const [rows, domains, members, partners] = await db.batch([
    db.select().from(uni).orderBy(asc(uni.name)),
    db.select().from(dom).orderBy(asc(dom.domain)),
    db
      .select({ universityId: users.universityId, n: count() })
      .from(users)
      .where(and(isNotNull(users.universityId), isNotNull(users.universityVerifiedAt)))
      .groupBy(users.universityId),
    db
      .select({ id: users.id, name: users.name, email: users.email, universityId: users.universityId })
      .from(users)
      .where(and(eq(users.isPartner, true), isNotNull(users.universityId)))
      .orderBy(asc(users.name)),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    logo: r.logo,
    domains: domains.filter((d) => d.universityId === r.id).map((d) => d.domain),
    access: r.access,
    new_access: r.newAccess ?? null,
    quotas: r.quotas,
    active: r.active,
    members: members.find((x) => x.universityId === r.id)?.n ?? 0,
    partners: partners.filter((p) => p.universityId === r.id).map(({ id, name, email }) => ({ id, name, email })),
    created_at: r.createdAt.toISOString(),
  }));
}

async function contractById(db: Db, id: string): Promise<Contract> {
  const found = (await listContracts(db)).find((c) => c.id === id);
  if (!found) throw new NotFoundError(m.contractNotFound);
  return found;
}

/** A domain belongs to one institution: a domain of another one is refused before anything is written. */
async function assertDomainsFree(db: Db, domains: string[], ownId: string | null) {
  const taken = await db
    .select({ domain: dom.domain, owner: uni.name })
    .from(dom)
    .innerJoin(uni, eq(uni.id, dom.universityId))
    .where(ownId ? and(inArray(dom.domain, domains), ne(dom.universityId, ownId)) : inArray(dom.domain, domains));
  if (taken.length) throw new ValidationError({ domains: taken.map((t) => m.domainTaken(t.domain, t.owner)) });
}

const values = (input: z.output<typeof ContractInput>) => ({
  name: input.name,
  logo: input.logo ?? null,
  access: input.access,
  newAccess: input.new_access?.length ? input.new_access : null,
  quotas: input.quotas,
  active: input.active,
});

export async function createContract(db: Db, actor: UserRow, input: z.output<typeof ContractInput>, now: number): Promise<Contract> {
  await assertDomainsFree(db, input.domains, null);
  const id = newId("uni", now);
  const at = new Date(now);
  await db.batch([
    db.insert(uni).values({ id, ...values(input), createdAt: at, updatedAt: at }),
    db.insert(dom).values(input.domains.map((domain) => ({ domain, universityId: id }))),
    auditRow(db, { actor, action: "contract.create", targetType: "university", targetId: id, details: { name: input.name, domains: input.domains }, now }),
  ]);
  return contractById(db, id);
}

/** Replaces the whole contract, domains included, in one batch. */
export async function updateContract(db: Db, actor: UserRow, id: string, input: z.output<typeof ContractInput>, now: number): Promise<Contract> {
  const before = await contractById(db, id);
  await assertDomainsFree(db, input.domains, id);
  await db.batch([
    db
      .update(uni)
      .set({ ...values(input), updatedAt: new Date(now) })
      .where(eq(uni.id, id)),
    db.delete(dom).where(eq(dom.universityId, id)),
    db.insert(dom).values(input.domains.map((domain) => ({ domain, universityId: id }))),
    auditRow(db, {
      actor,
      action: "contract.update",
      targetType: "university",
      targetId: id,
      details: { before: { ...before, partners: undefined }, after: input },
      now,
    }),
  ]);
  return contractById(db, id);
}

/** Makes a user the institution's partner (links the user to it; a membership elsewhere ends). */
export async function addPartner(db: Db, actor: UserRow, id: string, input: z.output<typeof PartnerInput>, now: number): Promise<Contract> {
  await contractById(db, id);
  const userId = await findUserId(db, input.user);
  if (!userId) throw new ValidationError({ user: [m.userNotFound] });
  const [target] = await db.select().from(users).where(eq(users.id, userId));
  const sameInstitution = target!.universityId === id;
  await db.batch([
    db
      .update(users)
      .set({ isPartner: true, universityId: id, ...(sameInstitution ? {} : { universityVerifiedAt: null, universityEmail: null }), updatedAt: new Date(now) })
      .where(eq(users.id, userId)),
    auditRow(db, {
      actor,
      action: "contract.partner_add",
      targetType: "university",
      targetId: id,
      details: { user: userId, previous_university: target!.universityId },
      now,
    }),
  ]);
  return contractById(db, id);
}

/** Ends the partner role; a partner who never joined by e-mail is also unlinked from the institution. */
export async function removePartner(db: Db, actor: UserRow, id: string, userId: string, now: number): Promise<Contract> {
  await contractById(db, id);
  const [target] = await db.select().from(users).where(eq(users.id, userId));
  if (!target) throw new NotFoundError(m.userNotFound);
  if (!target.isPartner || target.universityId !== id) throw new NotFoundError(m.notPartnerHere);
  await db.batch([
    db
      .update(users)
      .set({ isPartner: false, ...(target.universityVerifiedAt ? {} : { universityId: null }), updatedAt: new Date(now) })
      .where(eq(users.id, userId)),
    auditRow(db, { actor, action: "contract.partner_remove", targetType: "university", targetId: id, details: { user: userId }, now }),
  ]);
  return contractById(db, id);
}
