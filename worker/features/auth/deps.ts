import type { Context } from "hono";
import type { Db } from "../../../db/client";
import { isTest, passwordPepper, signingSecret, type Bindings } from "../../env";
import type { AppEnv } from "../../lib/context";
import type { Logger } from "../../lib/logger";
import { createNotifier, type Notifier } from "../notify/notifier";
import { OWASP_PARAMS, TEST_PARAMS, type HashParams } from "./password";

/** The parameters new hashes get: OWASP's everywhere except tests (password.ts stays free of Worker types for the seed script). */
export function hashParamsFor(env: Bindings): HashParams {
  return isTest(env) ? TEST_PARAMS : OWASP_PARAMS;
}

/** What the account verbs need, built from the request once; the verbs never read a Request. */
export type AuthDeps = {
  db: Db;
  env: Bindings;
  log: Logger;
  now: number;
  notifier: Notifier;
  pepper: string;
  /** Keys the SMS-code hashes. */
  secret: string;
  params: HashParams;
  /** The caller's address, for per-IP limits. */
  ip: string;
  /** https://host, for links in e-mails. */
  origin: string;
};

export function authDeps(c: Context<AppEnv>): AuthDeps {
  const now = c.var.now();
  return {
    db: c.var.db,
    env: c.env,
    log: c.var.log,
    now,
    notifier: createNotifier({ env: c.env, db: c.var.db, log: c.var.log, now: () => now }),
    pepper: passwordPepper(c.env),
    secret: signingSecret(c.env),
    params: hashParamsFor(c.env),
    ip: c.req.header("cf-connecting-ip") ?? "local",
    origin: new URL(c.req.url).origin,
  };
}
