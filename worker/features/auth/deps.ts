import type { Context } from "hono";
import type { Db } from "../../../db/client";
import type { AppEnv } from "../../lib/context";
import { readCookie } from "../../lib/cookies";
import type { Logger } from "../../../lib/logger";
import type { Notifier } from "../notify/notifier";
import { services, type Services } from "../../services";
import { OWASP_PARAMS, TEST_PARAMS, type HashParams } from "./password";

/** The parameters new hashes get: OWASP's everywhere except tests (password.ts stays free of Worker types for the seed script). */
export function hashParamsFor(environment: Services["settings"]["environment"]): HashParams {
  return environment === "test" ? TEST_PARAMS : OWASP_PARAMS;
}

/** Marks a browser that has signed in to an account (the login limits trust it more). */
export const DEVICE_COOKIE = "daryaft_device" as const;
export const DEVICE_COOKIE_MS = 365 * 86_400_000;

/** What the account verbs need, built from the request once; the verbs never read a Request. */
export type AuthDeps = {
  db: Db;
  log: Logger;
  now: number;
  notifier: Notifier;
  pepper: string;
  /** Keys the SMS-code hashes. */
  secret: string;
  params: HashParams;
  /** The caller's address, for per-IP limits. */
  ip: string;
  /** The device cookie's value, if the browser has one (see deviceToken). */
  device: string | null;
  /** https://host, for links in e-mails. */
  origin: string;
  /** Work the answer must not wait for (sending a reset: its time would tell that the account exists). */
  defer(task: () => Promise<void>): void;
};

export function authDeps(c: Context<AppEnv>): AuthDeps {
  const s = services(c);
  return {
    db: s.db,
    log: s.log,
    now: s.now,
    notifier: s.notifier,
    pepper: s.passwordPepper,
    secret: s.signingSecret,
    params: hashParamsFor(s.settings.environment),
    ip: s.ip,
    device: readCookie(c, DEVICE_COOKIE) ?? null,
    origin: s.origin,
    defer: s.defer,
  };
}
