/** Who may call an endpoint: every contract entry (contract/endpoints/) names its roles from here. */
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
