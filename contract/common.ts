import { z } from "zod";

/** The Worker's error shapes (DESIGN.md "API contract"). */
export const ValidationErrorBody = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) });
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

export const BusinessErrorBody = z.object({ status: z.literal("error"), error: z.string() });
export type BusinessErrorBody = z.infer<typeof BusinessErrorBody>;

export const OkBody = z.object({ status: z.literal("ok") });

/** Flags are 0/1 in the spec's userInfo. */
export const Flag = z.union([z.literal(0), z.literal(1)]);
