import type { schema } from "../../db/client";

export const roles = ["guest", "user", "university", "admin", "solver", "partner"] as const;
export type Role = (typeof roles)[number];

/** Everyone, signed in or not. */
export const anyone: readonly Role[] = roles;
/** Any signed-in person. */
export const signedIn: readonly Role[] = roles.filter((r) => r !== "guest");
export const adminOnly: readonly Role[] = ["admin"];
export const staff: readonly Role[] = ["admin", "solver"];

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
