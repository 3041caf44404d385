import type * as institutionsContract from "../institutions";
import { endpoint } from "../endpoint";

/** University membership by email (worker/features/institutions/routes.ts). */
export const institutionsApi = {
  sendVerifyEmail: endpoint<{ query: typeof institutionsContract.SendVerifyEmailQuery; response: typeof institutionsContract.SendVerifyEmailResult }>()(
    "get",
    "/send/verify/email",
  ),
};
