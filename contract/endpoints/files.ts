import { endpoints } from "../endpoint";
import { anyone } from "../roles";

const api = endpoints({ tag: "getpdf", schemas: () => Promise.all([import("../files")]) });

/** Stored documents through their signed links (worker/features/files/routes.ts, signing.ts). */
export const filesApi = {
  file: api.get("/files/*", {
    summary: "A stored document through its signed link (valid 24 h; a licensed copy only for the user it was given to)",
    roles: anyone,
    html: true,
    query: (s) => s.FileQuery,
  }),
};
