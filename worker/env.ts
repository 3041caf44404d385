import type { D1Migration } from "cloudflare:test";

/**
 * Secrets and test-only bindings that `wrangler types` cannot see (secrets live in
 * `.dev.vars` / `wrangler secret put`; see .dev.vars.example).
 */
declare global {
  namespace Cloudflare {
    interface Env {
      /** Server-side pepper mixed into password hashes. */
      PASSWORD_PEPPER?: string;
      /** HMAC key for signed file links and e-mail links. */
      SIGNING_SECRET?: string;
      KAVENEGAR_API_KEY?: string;
      KAVENEGAR_TEMPLATE?: string;
      RESEND_API_KEY?: string;
      EMAIL_FROM?: string;
      SCOPUS_API_KEY?: string;
      SCOPUS_INST_TOKEN?: string;
      ELSEVIER_API_KEY?: string;
      ELSEVIER_INST_TOKEN?: string;
      ZARINPAL_MERCHANT_ID?: string;
      /** OpenAlex API key: turns on the live thesis source (open dissertations). */
      OPENALEX_API_KEY?: string;
      /** Local development, tests and benchmarks: every outside call goes to this fake upstream. */
      UPSTREAM_BASE?: string;
      TEST_MIGRATIONS?: D1Migration[];
    }
  }
}

export type Bindings = Cloudflare.Env;

export const isDevelopment = (env: Bindings) => env.APP_ENV === "development" || env.APP_ENV === "test";
export const isTest = (env: Bindings) => env.APP_ENV === "test";

/** Secrets that production must have; a missing one is reported by name at start-up of a request. */
const requiredInProduction = ["PASSWORD_PEPPER", "SIGNING_SECRET"] as const;

export function missingProductionSecrets(env: Bindings): string[] {
  if (isDevelopment(env)) return [];
  return requiredInProduction.filter((k) => !env[k]);
}

/** Development defaults so a fresh checkout runs with no secrets at all. */
export function signingSecret(env: Bindings): string {
  return env.SIGNING_SECRET ?? "daryaft-development-signing-secret";
}
export function passwordPepper(env: Bindings): string {
  return env.PASSWORD_PEPPER ?? "daryaft-development-pepper";
}
