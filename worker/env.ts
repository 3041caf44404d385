/**
 * Secrets that `wrangler types` cannot see (secrets live in
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
    }
  }
}

export type Bindings = Cloudflare.Env;

/**
 * Development mode only when asked for by name (`.dev.vars` written by scripts/dev-vars.ts, the
 * test pool, the browser-test and bench stacks): wrangler.toml says "production", and anything
 * else, including no value, is production.
 */
export const isDevelopment = (env: Bindings) => env.APP_ENV === "development" || env.APP_ENV === "test";
export const isTest = (env: Bindings) => env.APP_ENV === "test";

/** The site's address for links in messages sent with no request to take it from (Cron Triggers). */
export const PUBLIC_ORIGIN = "https://daryaft.app";

/** Secrets every mode needs: there are no fallbacks, so a Worker without them refuses to serve. */
const requiredSecrets = ["PASSWORD_PEPPER", "SIGNING_SECRET"] as const;
type RequiredSecret = (typeof requiredSecrets)[number];

export function missingProductionSecrets(env: Bindings): RequiredSecret[] {
  return requiredSecrets.filter((k) => !env[k]);
}

function secret(env: Bindings, name: RequiredSecret): string {
  const value = env[name];
  // Unreachable behind the start-up check in app.ts; a direct caller (queue, script) fails loudly.
  if (!value) throw new Error(`missing secret ${name}`);
  return value;
}
export const signingSecret = (env: Bindings) => secret(env, "SIGNING_SECRET");
export const passwordPepper = (env: Bindings) => secret(env, "PASSWORD_PEPPER");
