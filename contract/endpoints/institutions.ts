import type { SendVerifyEmailQuery, SendVerifyEmailResult } from "../institutions";
import { endpoint } from "../endpoint";

/** University membership by email (worker/features/institutions/routes.ts). */
export const institutionsApi = {
  sendVerifyEmail: endpoint<{ query: typeof SendVerifyEmailQuery; response: typeof SendVerifyEmailResult }>()("get", "/send/verify/email"),
};
