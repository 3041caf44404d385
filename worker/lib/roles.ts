import type { schema } from "../../db/client";

export const roles = ["guest", "user", "university", "admin", "solver", "partner"] as const;
export type Role = (typeof roles)[number];

/** A role a signed-in user has: an endpoint open only to these gets a non-null user (worker/lib/endpoint.ts). */
export type SignedInRole = Exclude<Role, "guest">;

/** Everyone, signed in or not. */
export const anyone: readonly Role[] = roles;
/** Any signed-in person. */
export const signedIn: readonly SignedInRole[] = roles.filter((r): r is SignedInRole => r !== "guest");
export const adminOnly: readonly SignedInRole[] = ["admin"];
export const staff: readonly SignedInRole[] = ["admin", "solver"];
export const partnerOnly: readonly SignedInRole[] = ["partner"];

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
