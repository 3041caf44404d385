import type { schema } from "../../db/client";
import type { Role } from "../../contract/roles";

// The roles are part of each endpoint's declaration (contract/endpoints/), so they live in the contract.
export { roles, anyone, signedIn, adminOnly, staff, partnerOnly, type Role, type SignedInRole } from "../../contract/roles";

export type UserRow = typeof schema.users.$inferSelect;

/** The roles a request carries; a user is always `user` plus any extra roles. */
export function rolesOf(user: UserRow | null): Role[] {
  if (!user) return ["guest"];
  const out: Role[] = ["user"];
  if (user.universityId && user.universityVerifiedAt) out.push("university");
  if (user.isAdmin) out.push("admin");
  if (user.isSolver) out.push("solver");
  if (user.isPartner) out.push("partner");
  return out;
}
