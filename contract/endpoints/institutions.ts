import { endpoints } from "../endpoint";
import { anyone, signedIn } from "../roles";

const api = endpoints({ tag: "institutions", schemas: () => Promise.all([import("../institutions")]) });

/** University membership by email (worker/features/institutions/routes.ts). */
export const institutionsApi = {
  sendVerifyEmail: api.get("/send/verify/email", {
    summary: "Sends a single-use link (24 h) to an address on a contracted institution's domain; following it joins the institution",
    roles: signedIn,
    query: (s) => s.SendVerifyEmailQuery,
    response: (s) => s.SendVerifyEmailResult,
  }),
  verifyUniversity: api.get("/verify/university/:token", {
    summary:
      "The joining link from the e-mail: sets the user's institution once, then redirects home with ?university_verify=joined|expired|used|invalid|taken",
    roles: anyone,
    html: true,
  }),
};
