import { argon2idAsync } from "@noble/hashes/argon2.js";
import { timingSafeEqualStrings } from "../../lib/crypto";
import { Semaphore } from "../../lib/semaphore";

/**
 * argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane) through @noble/hashes: pure JS, because
 * Workers cannot compile WebAssembly from bytes at run time. A server-side pepper is mixed in with
 * HMAC-style prefixing; parameters are stored with the hash so they can be raised later.
 */
export type HashParams = { m: number; t: number; p: number };
export const OWASP_PARAMS: HashParams = { m: 19456, t: 2, p: 1 };
/** Tests only: same algorithm, cheap parameters, so suites that register many users stay fast. */
export const TEST_PARAMS: HashParams = { m: 256, t: 1, p: 1 };

const enc = new TextEncoder();

function b64(bytes: Uint8Array) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/=+$/, "");
}
function unb64(s: string) {
  const bin = atob(s);
  return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
}

/**
 * Each argon2id run holds its 19 MiB in the isolate's heap (128 MB for everything): two at a time,
 * a dozen more waiting up to 8 s, and beyond that a Persian 503 (BusyError) instead of running
 * the isolate out of memory.
 */
export const hashSlots = new Semaphore(2, 12, 8_000);

async function derive(password: string, salt: Uint8Array, pepper: string, params: HashParams) {
  return hashSlots.run(() => argon2idAsync(enc.encode(`${pepper}\u0000${password}`), salt, { ...params, dkLen: 32, asyncTick: 25 }));
}

/** PHC-style string: $argon2id$v=19$m=..,t=..,p=..$salt$hash */
export async function hashPassword(password: string, pepper: string, params: HashParams = OWASP_PARAMS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, pepper, params);
  return `$argon2id$v=19$m=${params.m},t=${params.t},p=${params.p}$${b64(salt)}$${b64(hash)}`;
}

export async function verifyPassword(password: string, stored: string, pepper: string): Promise<boolean> {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
  if (!m) return false;
  const params = { m: Number(m[1]), t: Number(m[2]), p: Number(m[3]) };
  const hash = await derive(password, unb64(m[4]!), pepper, params);
  return timingSafeEqualStrings(b64(hash), m[5]!);
}

/** A hash to compare against when the user does not exist, so timing does not reveal accounts. */
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

/** DUMMY_HASH with the given parameters, so a missing account costs as much as a wrong password. */
export function dummyHashFor(params: HashParams): string {
  return DUMMY_HASH.replace("m=19456,t=2,p=1", `m=${params.m},t=${params.t},p=${params.p}`);
}

export function needsRehash(stored: string, params: HashParams): boolean {
  return !stored.includes(`m=${params.m},t=${params.t},p=${params.p}$`);
}
