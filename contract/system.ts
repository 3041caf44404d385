import { z } from "zod";

/** GET /csrf-token: a token for clients that load no page first (the extension), and whether the caller is signed in. */
export const CsrfTokenAnswer = z.object({ token: z.string(), signed_in: z.boolean() });

/** GET /health. */
export const HealthAnswer = z.object({ status: z.literal("ok") });
