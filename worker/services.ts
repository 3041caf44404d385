/**
 * What a request needs, built in one place: the middleware puts the always-used parts (db, log,
 * clock, request id, session) on `c.var`; `services(c)` gives route files the rest (secrets,
 * origin, files, notifier, outside-service clients, settings) typed, so route files never read
 * `c.env`. Secrets have no fallbacks: `requireSecrets` refused the request before we get here.
 */
import { providerBudget } from "../clients/limiters";
import type { Context, MiddlewareHandler } from "hono";
import { createDb, type Db } from "../db/client";
import { createCrossrefClient } from "../clients/crossref";
import { createOpenAlexClient } from "../clients/openalex";
import { createScopusClient } from "../clients/scopus";
import { isDevelopment, isTest, passwordPepper, signingSecret, type Bindings } from "./env";
import { clientAddress } from "./lib/client-address";
import type { AppEnv } from "./lib/context";
import { createLogger, type Logger } from "../lib/logger";
import { rolesOf } from "./lib/roles";
import { hashParamsFor } from "./features/auth/deps";
import type { HashParams } from "./features/auth/password";
import { loadSession } from "./features/auth/sessions";
import { fetchJobStub } from "./features/jobs/fetch-job";
import { createNotifier, type Notifier } from "./features/notify/notifier";

/** Builds the per-request basics once and puts them on `c.var`; then loads the session. */
export function requestServices(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = c.req.header("cf-ray") ?? crypto.randomUUID();
    c.set("requestId", requestId);
    c.set("log", createLogger(requestId));
    c.set("db", createDb(c.env.DB));
    // Tests move the clock with a header; it exists only when APP_ENV is "test".
    const testNow = isTest(c.env) ? Number(c.req.header("x-test-now")) : NaN;
    c.set("now", Number.isFinite(testNow) && testNow > 0 ? () => testNow : () => Date.now());
    c.set("user", null);
    c.set("session", null);
    c.set("roles", ["guest"]);
    c.set("deferred", []);
    await next();
    // Deferred work the runtime could not take (tests, or no execution context) ends before the answer.
    if (c.var.deferred.length) await Promise.allSettled(c.var.deferred);
  };
}

/**
 * Runs `task` without the answer waiting for it: how long a message takes to send must not tell
 * the caller anything (a password reset for an account that exists sends one; for one that does
 * not, nothing). `task` handles its own errors. In tests it still ends before the answer.
 */
function deferOf(c: Context<AppEnv>): (task: () => Promise<void>) => void {
  return (task) => {
    const p = task();
    if (!isTest(c.env)) {
      try {
        c.executionCtx.waitUntil(p);
        return;
      } catch {
        // No execution context here: fall through and finish before the answer.
      }
    }
    c.var.deferred.push(p);
  };
}

export function session(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const loaded = await loadSession(c);
    if (loaded) {
      c.set("user", loaded.user);
      c.set("session", loaded.session);
    }
    c.set("roles", rolesOf(loaded?.user ?? null));
    await next();
  };
}

export type Services = {
  db: Db;
  log: Logger;
  /** The request's clock, read once when the services are first asked for. */
  now: number;
  /** https://host of this request, for links in messages. */
  origin: string;
  /** The caller's address, for per-IP limits. */
  ip: string;
  development: boolean;
  /** HMAC key for signed file links, tickets, codes and device tokens. */
  signingSecret: string;
  passwordPepper: string;
  /** The parameters new password hashes get. */
  hashParams: HashParams;
  files: R2Bucket;
  assets: Fetcher;
  /** SMS and e-mail (the development outbox in development and tests). */
  notifier: Notifier;
  clients: {
    crossref(timeoutMs?: number): ReturnType<typeof createCrossrefClient>;
    /** Null when this server has no Scopus key. */
    scopus(): ReturnType<typeof createScopusClient> | null;
    /** Null when this server has no OpenAlex key (the live thesis source is off). */
    openAlex(timeoutMs: number): ReturnType<typeof createOpenAlexClient> | null;
  };
  /** The FetchJob Durable Object of one document. */
  job(key: string): ReturnType<typeof fetchJobStub>;
  settings: {
    /** MOBILE_SMS_CONFIRMATION: on unless set to "false". */
    mobileSmsConfirmation: boolean;
    showOldTabStandardSearch: boolean;
    scopusConfigured: boolean;
    paymentGateway: string | undefined;
    environment: "production" | "test" | "development";
  };
  /** For the few service modules that hand bindings on (getpdf's job and reference lookups, payment gateways). */
  bindings: Bindings;
  /** Work the answer must not wait for (its timing would tell something): see deferOf. */
  defer(task: () => Promise<void>): void;
};

const built = new WeakMap<Context, Services>();

/** The services of this request (built on first use, then reused). */
export function services(c: Context<AppEnv>): Services {
  let s = built.get(c);
  if (!s) built.set(c, (s = buildServices(c)));
  return s;
}

function buildServices(c: Context<AppEnv>): Services {
  const env = c.env;
  const { db, log } = c.var;
  const now = c.var.now();
  const fetchFn: typeof fetch = (...a) => fetch(...a);
  let notifier: Notifier | undefined;
  return {
    db,
    log,
    now,
    // Getters: read from the request only when asked (page data is also built from a bare context in tests).
    get origin() {
      return new URL(c.req.url).origin;
    },
    /** The address limits count by (an IPv6 client by its /64: lib/client-address.ts). */
    get ip() {
      return clientAddress(c) ?? "local";
    },
    development: isDevelopment(env),
    get signingSecret() {
      return signingSecret(env);
    },
    get passwordPepper() {
      return passwordPepper(env);
    },
    hashParams: hashParamsFor(env),
    files: env.FILES,
    assets: env.ASSETS,
    get notifier() {
      return (notifier ??= createNotifier({ env, db, log, now: () => now }));
    },
    clients: {
      // A person waits on each of these: the providers' shared budgets at the first priority.
      crossref: (timeoutMs) =>
        createCrossrefClient({
          fetch: fetchFn,
          upstreamBase: env.UPSTREAM_BASE,
          mailto: env.CONTACT_EMAIL,
          ...(timeoutMs ? { timeoutMs } : {}),
          rateLimiter: providerBudget(env, "crossref", "paste", { timeoutMs }),
          listRateLimiter: providerBudget(env, "crossrefList", "paste", { timeoutMs }),
        }),
      scopus: () =>
        env.SCOPUS_API_KEY
          ? createScopusClient({
              fetch: fetchFn,
              upstreamBase: env.UPSTREAM_BASE,
              apiKey: env.SCOPUS_API_KEY,
              instToken: env.SCOPUS_INST_TOKEN,
              rateLimiter: providerBudget(env, "scopus", "paste"),
            })
          : null,
      openAlex: (timeoutMs) =>
        env.OPENALEX_API_KEY
          ? createOpenAlexClient({
              fetch: fetchFn,
              upstreamBase: env.UPSTREAM_BASE,
              apiKey: env.OPENALEX_API_KEY,
              mailto: env.CONTACT_EMAIL,
              timeoutMs,
              rateLimiter: providerBudget(env, "openalex", "paste", { timeoutMs }),
            })
          : null,
    },
    job: (key) => fetchJobStub(env, key),
    settings: {
      mobileSmsConfirmation: env.MOBILE_SMS_CONFIRMATION !== "false",
      showOldTabStandardSearch: env.SHOW_OLD_TAB_STANDARD_SEARCH === "true",
      scopusConfigured: !!env.SCOPUS_API_KEY,
      paymentGateway: env.PAYMENT_GATEWAY,
      environment: env.APP_ENV === "production" ? "production" : env.APP_ENV === "test" ? "test" : "development",
    },
    bindings: env,
    defer: deferOf(c),
  };
}
