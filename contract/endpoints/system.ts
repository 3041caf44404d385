import { endpoints } from "../endpoint";
import { anyone } from "../roles";

const api = endpoints({ tag: "system", schemas: () => Promise.all([import("../system")]) });

/** The CSRF token for clients that load no page, and the health check (worker/features/system/routes.ts). */
export const systemApi = {
  csrfToken: api.get("/csrf-token", {
    summary: "CSRF token for clients that do not load a page first, and whether the caller is signed in (the browser extension asks)",
    roles: anyone,
    response: (s) => s.CsrfTokenAnswer,
  }),
  health: api.get("/health", { summary: "Liveness and database check", roles: anyone, response: (s) => s.HealthAnswer }),
};
