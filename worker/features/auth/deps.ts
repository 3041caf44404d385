import type { Context } from "hono";
import type { AppEnv } from "../../lib/context";
import { readCookie } from "../../lib/cookies";
import { pickServices, services, type Services } from "../../services";
import { OWASP_PARAMS, TEST_PARAMS, type HashParams } from "./password";

/** The parameters new hashes get: OWASP's everywhere except tests (password.ts stays free of Worker types for the seed script). */
export function hashParamsFor(environment: Services["settings"]["environment"]): HashParams {
  return environment === "test" ? TEST_PARAMS : OWASP_PARAMS;
}

/** Marks a browser that has signed in to an account (the login limits trust it more). */
export const DEVICE_COOKIE = "daryaft_device" as const;
export const DEVICE_COOKIE_MS = 365 * 86_400_000;

/**
 * What the account verbs need: the request's services as they are (the pepper keys password hashes,
 * the signing secret SMS-code hashes and device tokens; `ip` is what per-address limits count), and
 * auth's own: the hash parameters and the device cookie. The verbs never read a Request.
 */
export type AuthDeps = Pick<Services, "db" | "log" | "now" | "notifier" | "passwordPepper" | "signingSecret" | "ip" | "origin" | "defer"> & {
  /** The parameters new password hashes get. */
  hashParams: HashParams;
  /** The device cookie's value, if the browser has one (see deviceToken). */
  device: string | null;
};

export function authDeps(c: Context<AppEnv>): AuthDeps {
  return {
    ...pickServices(c, "db", "log", "now", "notifier", "passwordPepper", "signingSecret", "ip", "origin", "defer"),
    hashParams: hashParamsFor(services(c).settings.environment),
    device: readCookie(c, DEVICE_COOKIE) ?? null,
  };
}
