import { eq } from "drizzle-orm";
import { authMessages, parseIdentifier, type RegisterInput } from "../../../contract/auth";
import { schema } from "../../../db/client";
import { newId } from "../../../db/ids";
import { DomainError, RateLimitError, ValidationError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import type { AuthDeps } from "./deps";
import { dummyHashFor, hashPassword, needsRehash, verifyPassword } from "./password";
import { emailTaken, findUserByIdentifier, mobileTaken, uniqueViolation } from "./queries";
import { clearHits, pruneHits, recordHits, retryAfter, type Window } from "./rate-limit";

/** At most five failed logins a minute per identifier and per IP. */
export const LOGIN_FAILURES: Window = { limit: 5, windowMs: 60_000 };
/** Registrations from one address (successful ones), against scripted sign-ups. */
export const REGISTRATIONS_PER_IP: Window = { limit: 20, windowMs: 3_600_000 };

export const loginKeys = {
  identifier: (value: string) => `login:id:${value}`,
  ip: (ip: string) => `login:ip:${ip}`,
};

/** Checks a login; failures are counted, and a sixth try inside the minute is refused before the password is looked at. */
export async function authenticate(deps: AuthDeps, input: { identifier: string; password: string }): Promise<UserRow> {
  const { db, now } = deps;
  const ident = parseIdentifier(input.identifier);
  const keys = [loginKeys.identifier(ident.value), loginKeys.ip(deps.ip)];
  const waits = await Promise.all(keys.map((k) => retryAfter(db, k, LOGIN_FAILURES, now)));
  const wait = Math.max(0, ...waits.map((w) => w ?? 0));
  if (wait > 0) throw new RateLimitError(wait, authMessages.tooManyLogins(wait));

  const user = await findUserByIdentifier(db, ident);
  // A missing account costs one hash too, so timing does not tell which accounts exist.
  const ok = await verifyPassword(input.password, user?.passwordHash ?? dummyHashFor(deps.params), deps.pepper);
  if (!user || !ok) {
    await recordHits(db, keys, now);
    deps.log.info("auth.login_failed", { kind: ident.kind });
    if (Math.random() < 0.05) await pruneHits(db, now);
    throw new DomainError(authMessages.loginFailed);
  }
  if (user.blockedAt) throw new DomainError(authMessages.accountBlocked, 403);
  await clearHits(db, keys[0]!);
  if (needsRehash(user.passwordHash, deps.params)) {
    // Parameters were raised since this hash was made: upgrade it while the password is at hand.
    const passwordHash = await hashPassword(input.password, deps.pepper, deps.params);
    await db.update(schema.users).set({ passwordHash, updatedAt: new Date(now) }).where(eq(schema.users.id, user.id));
  }
  deps.log.info("auth.login", { user: user.id });
  return user;
}

/** Creates an account (mobile not yet verified). Duplicates are field errors, as the form shows them. */
export async function registerUser(deps: AuthDeps, input: RegisterInput): Promise<UserRow> {
  const { db, now } = deps;
  const ipKey = `register:ip:${deps.ip}`;
  const wait = await retryAfter(db, ipKey, REGISTRATIONS_PER_IP, now);
  if (wait) throw new RateLimitError(wait, authMessages.tooManyRegistrations(wait));

  const errors: Record<string, string[]> = {};
  const [emailUsed, mobileUsed] = await Promise.all([emailTaken(db, input.email), mobileTaken(db, input.mobile)]);
  if (emailUsed) errors.email = [authMessages.emailTaken];
  if (mobileUsed) errors.mobile = [authMessages.mobileTaken];
  if (Object.keys(errors).length) throw new ValidationError(errors);

  const passwordHash = await hashPassword(input.password, deps.pepper, deps.params);
  const id = newId("usr", now);
  try {
    await db.insert(schema.users).values({
      id,
      name: input.name,
      email: input.email,
      mobile: input.mobile,
      passwordHash,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
  } catch (err) {
    // A racing registration with the same e-mail or mobile.
    const column = uniqueViolation(err);
    if (column === "email") throw new ValidationError({ email: [authMessages.emailTaken] });
    if (column === "mobile") throw new ValidationError({ mobile: [authMessages.mobileTaken] });
    throw err;
  }
  await recordHits(db, [ipKey], now);
  deps.log.info("auth.registered", { user: id });
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, id));
  return user!;
}
