import { eq } from "drizzle-orm";
import { authMessages, parseIdentifier, type RegisterInput } from "../../../contract/auth";
import { schema } from "../../../db/client";
import { newId } from "../../../db/ids";
import { DomainError, RateLimitError, ValidationError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import type { AuthDeps } from "./deps";
import { dummyHashFor, hashPassword, needsRehash, verifyPassword } from "./password";
import { NotifyError } from "../notify/notifier";
import { findUserByIdentifier, uniqueViolation } from "./queries";
import { hmacHex, timingSafeEqualStrings } from "../../lib/crypto";
import { clearHits, pruneHits, release, reserve, type Limit, type Window } from "./rate-limit";

/**
 * Failed logins (OWASP ASVS 6.1.1 / 2.2.1): five a minute per (account, address) is the limit a
 * person meets; an address may fail a hundred times a minute across accounts (a campus or a
 * mobile carrier puts thousands behind one); an account takes ten failures per ten minutes from
 * devices it has never signed in on, so strangers can slow guessing but never lock the owner out
 * of a device they have used, and a new device waits at most ten minutes after the attack stops.
 */
const LOGIN_PAIR: Window = { limit: 5, windowMs: 60_000 };
export const LOGIN_ADDRESS: Window = { limit: 100, windowMs: 60_000 };
export const LOGIN_ACCOUNT: Window = { limit: 10, windowMs: 600_000 };
/** Registrations from one address (successful ones), against scripted sign-ups. */
const REGISTRATIONS_PER_IP: Window = { limit: 20, windowMs: 3_600_000 };

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
    await db
      .update(schema.users)
      .set({ passwordHash, updatedAt: new Date(now) })
      .where(eq(schema.users.id, user.id));
  }
  deps.log.info("auth.login", { user: user.id });
  return user;
}

/** Best effort: the owner of a held e-mail or mobile hears that someone tried to sign up with it. */
async function tellOwner(deps: AuthDeps, owner: UserRow) {
  try {
    await deps.notifier.notify({ email: owner.email, template: "register_attempt_notice", params: { link: `${deps.origin}/password/reset` } });
  } catch (err) {
    if (!(err instanceof NotifyError)) throw err;
    deps.log.error("auth.register_notice_failed", { user: owner.id });
  }
}

/** Sign-ups that find the e-mail or mobile already held, per address: each is a probe of who has an account. */
const REGISTRATIONS_TAKEN_PER_IP: Window = { limit: 5, windowMs: 3_600_000 };

/**
 * Creates an account (mobile not yet verified). An e-mail or mobile already held gets one answer
 * for both fields whichever is held (the owner is told by e-mail), and such answers are limited
 * per address; every attempt is reserved before the work so parallel sign-ups cannot pass the limits.
 */
export async function registerUser(deps: AuthDeps, input: RegisterInput): Promise<UserRow> {
  const { db, now } = deps;
  const attemptKey = `register:ip:${deps.ip}`;
  const takenKey = `register:taken:ip:${deps.ip}`;
  const r = await reserve(
    db,
    [
      { key: attemptKey, ...REGISTRATIONS_PER_IP },
      { key: takenKey, ...REGISTRATIONS_TAKEN_PER_IP },
    ],
    now,
  );
  if (!r.ok) throw new RateLimitError(r.wait, authMessages.tooManyRegistrations(r.wait));

  const [emailOwner, mobileOwner] = await Promise.all([
    findUserByIdentifier(db, { kind: "email", value: input.email }),
    findUserByIdentifier(db, { kind: "mobile", value: input.mobile }),
  ]);
  if (emailOwner || mobileOwner) {
    for (const owner of new Set([emailOwner, mobileOwner].filter((u): u is UserRow => !!u))) await tellOwner(deps, owner);
    deps.log.info("auth.register_taken", { email: !!emailOwner, mobile: !!mobileOwner });
    throw new ValidationError({ email: [authMessages.alreadyRegistered], mobile: [authMessages.alreadyRegistered] });
  }
  // Only a sign-up that finds a held address keeps its "taken" hit.
  await release(db, r.ids, takenKey);

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
    if (column === "email" || column === "mobile")
      throw new ValidationError({ email: [authMessages.alreadyRegistered], mobile: [authMessages.alreadyRegistered] });
    throw err;
  }
  deps.log.info("auth.registered", { user: id });
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, id));
  return user!;
}
