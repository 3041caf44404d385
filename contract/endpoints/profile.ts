import { endpoints } from "../endpoint";
import { anyone, signedIn } from "../roles";

const api = endpoints({ tag: "profile", schemas: () => Promise.all([import("../profile")]) });

/** The profile page: details, email, password and sessions (worker/features/profile/routes.ts). */
export const profileApi = {
  details: api.get("/profile/ajax/details", {
    summary: "The signed-in user's details, credits and active sessions",
    roles: signedIn,
    response: (s) => s.ProfileDetails,
  }),
  updateDetails: api.post("/profile/ajax/details", {
    summary: "Edit the user's details (name)",
    roles: signedIn,
    body: (s) => s.UpdateDetailsInput,
    response: (s) => s.ProfileOk,
  }),
  changeEmail: api.post("/profile/ajax/email", {
    summary: "Change the e-mail (needs the current password): a one-hour link goes to the new address, which applies when opened; the old address is told",
    roles: signedIn,
    body: (s) => s.EmailChangeInput,
    response: (s) => s.ProfileOk,
  }),
  verifyEmail: api.post("/profile/email/verify", {
    summary: "The e-mail change link's page posts its token here: applies the new, now verified, address",
    roles: anyone,
    body: (s) => s.EmailVerifyInput,
    response: (s) => s.ProfileOk,
  }),
  changePassword: api.post("/profile/ajax/password", {
    summary: "Change the password (needs the current one); ends the user's other sessions",
    roles: signedIn,
    body: (s) => s.PasswordChangeInput,
    response: (s) => s.ProfileOk,
  }),
  endSession: api.post("/profile/ajax/sessions/end", {
    summary: "End one of the user's other sessions",
    roles: signedIn,
    body: (s) => s.EndSessionInput,
    response: (s) => s.ProfileOk,
  }),
  endOtherSessions: api.post("/profile/ajax/sessions/end_others", {
    summary: "End every session of the user except this one",
    roles: signedIn,
    response: (s) => s.ProfileOk,
  }),
  sessions: api.get("/profile/ajax/sessions", { summary: "The user's active sessions", roles: signedIn, response: (s) => s.ProfileSessions }),
};
