import { eq } from "drizzle-orm";
import { authMessages, parseIdentifier, type RegisterInput } from "../../../contract/auth";
import { schema } from "../../../db/client";
import { newId } from "../../../db/ids";
import { DomainError, RateLimitError, ValidationError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import type { AuthDeps } from "./deps";
import { dummyHashFor, hashPassword, needsRehash, verifyPassword } from "./password";
import { emailTaken, findUserByIdentifier, mobileTaken, uniqueViolation } from "./queries";
import { hmacHex, timingSafeEqualStrings } from "../../lib/crypto";
import { clearHits, pruneHits, recordHits, release, reserve, retryAfter, type Limit, type Window } from "./rate-limit";

/**
 * Failed logins (OWASP ASVS 6.1.1 / 2.2.1): five a minute per (account, address) is the limit a
 * person meets; an address may fail a hundred times a minute across accounts (a campus or a
 * mobile carrier puts thousands behind one); an account takes ten failures per ten minutes from
 * devices it has never signed in on, so strangers can slow guessing but never lock the owner out
 * of a device they have used, and a new device waits at most ten minutes after the attack stops.
 */
export const LOGIN_PAIR: Window = { limit: 5, windowMs: 60_000 };
export const LOGIN_ADDRESS: Window = { limit: 100, windowMs: 60_000 };
export const LOGIN_ACCOUNT: Window = { limit: 10, windowMs: 600_000 };
/** Registrations from one address (successful ones), against scripted sign-ups. */
export const REGISTRATIONS_PER_IP: Window = { limit: 20, windowMs: 3_600_000 };

export const loginKeys = {
  identifier: (value: string) => `login:id:${value}`,
  pair: (value: string, ip: string) => `login:pair:${value}:${ip}`,
  ip: (ip: string) => `login:ip:${ip}`,
};

/** The value of the device cookie a browser gets when it signs in to `userId` (keyed, so it cannot be made up). */
export async function deviceToken(secret: string, userId: string): Promise<string> {
  return (await hmacHex(secret, `device\u0000${userId}`)).slice(0, 32);
}

async function knownDevice(deps: AuthDeps, user: UserRow | null): Promise<boolean> {
  return !!user && !!deps.device && timingSafeEqualStrings(deps.device, await deviceToken(deps.secret, user.id));
}

/**
 * Checks a login. The attempt is reserved against every limit before the password is hashed,
 * so parallel guesses cannot exceed the limits; a right password gives its reservation back.
 */
export async function authenticate(deps: AuthDeps, input: { identifier: string; password: string }): Promise<UserRow> {
  const { db, now } = deps;
  const ident = parseIdentifier(input.identifier);
  const user = await findUserByIdentifier(db, ident);
  const limits: Limit[] = [
    { key: loginKeys.pair(ident.value, deps.ip), ...LOGIN_PAIR },
    { key: loginKeys.ip(deps.ip), ...LOGIN_ADDRESS },
  ];
  if (!(await knownDevice(deps, user))) limits.push({ key: loginKeys.identifier(ident.value), ...LOGIN_ACCOUNT });
  const reservation = await reserve(db, limits, now);
  if (!reservation.ok) {
    deps.log.info("auth.login_limited", { kind: ident.kind });
    throw new RateLimitError(reservation.wait, authMessages.tooManyLogins(reservation.wait));
  }

  let ok: boolean;
  try {
    // A missing account costs one hash too, so timing does not tell which accounts exist.
    ok = await verifyPassword(input.password, user?.passwordHash ?? dummyHashFor(deps.params), deps.pepper);
  } catch (err) {
    // Refused for load (BusyError), not a guess: the attempt does not count.
    await release(db, reservation.ids);
    throw err;
  }
  if (!user || !ok) {
    deps.log.info("auth.login_failed", { kind: ident.kind });
    if (Math.random() < 0.05) await pruneHits(db, now);
    throw new DomainError(authMessages.loginFailed);
  }
  await release(db, reservation.ids);
  if (user.blockedAt) throw new DomainError(authMessages.accountBlocked, 403);
  // The person at this address got in: their own earlier typos no longer count.
  await clearHits(db, loginKeys.pair(ident.value, deps.ip));
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
