import { endpoints } from "../endpoint";
import { anyone } from "../roles";

const api = endpoints({ tag: "getpdf", schemas: () => Promise.all([import("../share")]) });

/** The installed app's Web Share Target (worker/features/share/routes.ts). */
export const shareApi = {
  share: api.get("/share", {
    summary: "Web Share Target of the installed app: redirects to the home page, which starts the shared link, DOI or reference without spending",
    roles: anyone,
    html: true,
    query: (s) => s.ShareQuery,
  }),
};
