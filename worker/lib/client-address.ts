/**
 * The address per-address limits count by, from `cf-connecting-ip` (set by Cloudflare's edge; a
 * client cannot send its own). An IPv6 client is counted by its /64: a subscriber is given at least
 * a /64 and a host may use any address in it, so counting single IPv6 addresses gave one machine a
 * fresh allowance (downloads, reading lists, logins, resets, searches) for every address it took.
 * An IPv4 address (also written IPv4-mapped, ::ffff:a.b.c.d) is itself. Null without the header
 * (local development, tests that name no address); a value that is no address is kept, cut short.
 */
import type { Context } from "hono";

export function clientAddress(c: Context): string | null {
  return limitAddress(c.req.header("cf-connecting-ip"));
}

export function limitAddress(header: string | null | undefined): string | null {
  const raw = header?.trim();
  if (!raw) return null;
  if (!raw.includes(":")) return raw.slice(0, 64);
  const groups = ipv6Groups(raw.replace(/%.*$/, "").toLowerCase());
  if (!groups) return raw.slice(0, 64);
  // ::ffff:a.b.c.d is an IPv4 client.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (with "::" and a trailing dotted IPv4 part), or null. */
function ipv6Groups(s: string): number[] | null {
  let tail: number[] = [];
  const v4 = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (v4) {
    const b = v4.slice(2).map(Number);
    if (b.some((x) => x > 255)) return null;
    tail = [(b[0]! << 8) | b[1]!, (b[2]! << 8) | b[3]!];
    s = v4[1]!.endsWith("::") ? v4[1]! : v4[1]!.slice(0, -1);
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if ([...head, ...rest].some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  const known = head.length + rest.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const zeros = Array<number>(8 - known).fill(0);
  return [...head.map((g) => parseInt(g, 16)), ...(halves.length === 2 ? zeros : []), ...rest.map((g) => parseInt(g, 16)), ...tail];
}
