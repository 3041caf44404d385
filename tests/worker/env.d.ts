import type { D1Migration } from "cloudflare:test";

/** The binding vitest.config.ts gives the worker tests only: the migrations setup.ts applies. */
declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS?: D1Migration[];
    }
  }
}
