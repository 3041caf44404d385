/**
 * How many reading lists one user and one address may create, and how often their lists may be
 * read. Counted in D1 (rate_limit_hits) like every other limit, so they hold across isolates.
 * The entries' starts are limited apart from these, by the link box's own allowance
 * (getpdf/start-limit.ts): these keep the lists themselves (parsing, rows, reads) in bounds.
 */
import type { Limit, Window } from "../auth/rate-limit";

const HOUR = 3_600_000;
const MINUTE = 60_000;

export const BATCH_LIMITS = {
  /** A researcher uploads a few lists an hour. */
  createUser: { limit: 20, windowMs: HOUR },
  /** Guests (20 entries each, open access only): few lists from one address. */
  createGuestAddress: { limit: 5, windowMs: HOUR },
  /** Signed-in users behind one address (a campus NAT). */
  createAddress: { limit: 200, windowMs: HOUR },
  /** The page reads a list every 3 s (20 a minute); a few tabs are fine. */
  readUser: { limit: 90, windowMs: MINUTE },
  readGuestAddress: { limit: 90, windowMs: MINUTE },
  /** Many users behind one address reading their lists. */
  readAddress: { limit: 1_200, windowMs: MINUTE },
} satisfies Record<string, Window>;

const at = (key: string, w: Window): Limit => ({ key, ...w });

export function creationLimits(userId: string | null, address: string | null): Limit[] {
  const limits: Limit[] = [];
  if (userId) limits.push(at(`batch_create:user:${userId}`, BATCH_LIMITS.createUser));
  if (address)
    limits.push(
      userId ? at(`batch_create:ip:${address}`, BATCH_LIMITS.createAddress) : at(`batch_create:guest_ip:${address}`, BATCH_LIMITS.createGuestAddress),
    );
  return limits;
}

export function readLimits(userId: string | null, address: string | null): Limit[] {
  const limits: Limit[] = [];
  if (userId) limits.push(at(`batch_read:user:${userId}`, BATCH_LIMITS.readUser));
  if (address)
    limits.push(userId ? at(`batch_read:ip:${address}`, BATCH_LIMITS.readAddress) : at(`batch_read:guest_ip:${address}`, BATCH_LIMITS.readGuestAddress));
  return limits;
}
