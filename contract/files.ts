import { z } from "zod";

/** A signed /files/… link's expiry and signature (worker/features/files/signing.ts). */
export const FileQuery = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() });
