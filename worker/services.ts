/**
 * What a request needs, built in one place: the middleware puts the always-used parts (db, log,
 * clock, request id, session) on `c.var`; `services(c)` gives route files the rest (secrets,
 * origin, files, notifier, outside-service clients, settings) typed, so route files never read
 * `c.env`. Secrets have no fallbacks: `requireSecrets` refused the request before we get here.
 */
import { providerBudget } from "../clients/limiters";
import type { Context, MiddlewareHandler } from "hono";
import { createDb, type Db } from "../db/client";
import { contactMailto } from "../clients/contact";
import type { CrossrefClient } from "../clients/crossref";
import { crossrefFor, type CrossrefCall } from "../clients/crossref-for";
import { createOpenAlexClient } from "../clients/openalex";
import { createOpenLibraryClient } from "../clients/openlibrary";
import type { Priority } from "../contract/budget";
import { createScopusClient } from "../clients/scopus";
import { isDevelopment, isTest, passwordPepper, signingSecret, type Bindings } from "./env";
import { clientAddress } from "./lib/client-address";
import type { AppEnv } from "./lib/context";
import { createLogger, type Logger } from "../lib/logger";
import { fetchJobStub } from "./features/jobs/fetch-job";
import { createNotifier, type Notifier } from "./features/notify/notifier";
import type { ProductRegistry } from "./money/fulfilment";

/** What the composition root (worker/app.ts) hands every request: the registries it alone may import. */
export type Wiring = { products: ProductRegistry };

const wired = new WeakMap<Context, Wiring>();

/** Builds the per-request basics once and puts them on `c.var` (the session: middleware/session.ts). */
export function requestServices(wiring: Wiring): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    wired.set(c, wiring);
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

export type Services = {
  db: Db;
  log: Logger;
  /** The request's clock, read once when the services are first asked for. */
  now: number;
  /** https://host of this request, for links in messages. */
  origin: string;
  /**
   * The caller's address as per-address limits count it (an IPv6 client by its /64:
   * lib/client-address.ts); null without cf-connecting-ip (local development, tests that name none).
   */
  address: string | null;
  /** `address`, or "local" where there is none: for limits that always count by an address (logins, registrations, resets). */
  ip: string;
  development: boolean;
  /** HMAC key for signed file links, tickets, codes and device tokens. */
  signingSecret: string;
  passwordPepper: string;
  files: R2Bucket;
  assets: Fetcher;
  /** SMS and e-mail (the development outbox in development and tests). */
  notifier: Notifier;
  clients: {
    /** The deployment's Crossref client (clients/crossref-for.ts); a person's paste's priority unless told. */
    crossref(call?: Partial<Omit<CrossrefCall, "fetch">>): CrossrefClient;
    /** Open Library (Books API, search, editions) within its shared budget at the caller's priority. */
    openLibrary(call: { priority: Priority; timeoutMs: number }): ReturnType<typeof createOpenLibraryClient>;
    /** Null when this server has no Scopus key. */
    scopus(): ReturnType<typeof createScopusClient> | null;
    /** Null when this server has no OpenAlex key (the live thesis source is off). */
    openAlex(timeoutMs: number): ReturnType<typeof createOpenAlexClient> | null;
  };
  /** The FetchJob Durable Object of one document. */
  job(key: string): ReturnType<typeof fetchJobStub>;
  /** What a cart can buy (worker/products.ts), handed to the order path. */
  products: ProductRegistry;
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
    get address() {
      return clientAddress(c);
    },
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
    files: env.FILES,
    assets: env.ASSETS,
    get notifier() {
      return (notifier ??= createNotifier({ env, db, log, now: () => now }));
    },
    clients: {
      // The providers' shared budgets: a person waits on these, so at the first priority unless the caller
      // says otherwise (a reading list's entries after pastes).
      crossref: (call = {}) => crossrefFor(env, { priority: "paste", ...call, fetch: fetchFn }),
      openLibrary: ({ priority, timeoutMs }) =>
        createOpenLibraryClient({
          fetch: fetchFn,
          upstreamBase: env.UPSTREAM_BASE,
          timeoutMs,
          rateLimiter: providerBudget(env, "openlibrary", priority),
          userAgent: `Daryaft/1.0 (mailto:${contactMailto(env)})`,
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
              mailto: contactMailto(env),
              timeoutMs,
              rateLimiter: providerBudget(env, "openalex", "paste", { timeoutMs }),
            })
          : null,
    },
    job: (key) => fetchJobStub(env, key),
    get products() {
      const w = wired.get(c);
      if (!w) throw new Error("no product registry: the app wires it with requestServices({ products })");
      return w.products;
    },
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

/**
 * The named services of this request, as a verb's deps: a verb is handed what it declares and no more.
 * Only the named ones are read (several are getters that read the request, a secret or build a client).
 */
export function pickServices<K extends keyof Services>(c: Context<AppEnv>, ...keys: K[]): Pick<Services, K> {
  const s = services(c);
  return Object.fromEntries(keys.map((k) => [k, s[k]])) as Pick<Services, K>;
}
