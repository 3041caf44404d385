/**
 * Which user-supplied URLs the fetch pipeline may request (server-side request forgery guard).
 * Pure: no DNS, no network. Every hop of a redirect chain is checked again by the caller.
 *
 * Rules: http/https only; no user name or password; no IP literal in a private, loopback,
 * link-local, shared, multicast, reserved or cloud-metadata range (IPv4 in every notation
 * the URL parser accepts — decimal, hex, octal, shortened — and IPv6 including IPv4-mapped,
 * IPv4-compatible, NAT64 and 6to4 forms); no localhost-like or internal names.
 *
 * Names that resolve to private addresses (DNS rebinding) cannot be caught without DNS; on
 * Cloudflare the Worker's outbound fetch cannot reach private networks anyway, so this guard
 * is the layer that catches the literal and well-known forms.
 */

export type UnsafeReason = "invalid" | "scheme" | "credentials" | "private-ip" | "internal-host";

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: UnsafeReason };

const INTERNAL_SUFFIXES = [
  "localhost",
  "local",
  "internal",
  "localdomain",
  "lan",
  "intranet",
  "corp",
  "home",
  "home.arpa",
  "in-addr.arpa",
  "ip6.arpa",
  "test.internal",
] as const;

/** Exact names of metadata services and aliases that are not caught by a suffix. */
const INTERNAL_NAMES = new Set([
  "localhost",
  "metadata",
  "metadata.google.internal",
  "instance-data",
  "instance-data.ec2.internal",
  "kubernetes",
  "kubernetes.default",
  "kubernetes.default.svc",
]);

/** Check one URL (absolute, or relative to `base`). */
export function checkOutboundUrl(raw: string, base?: string): UrlCheck {
  let url: URL;
  try {
    url = base === undefined ? new URL(raw) : new URL(raw, base);
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, reason: "scheme" };
  if (url.username !== "" || url.password !== "") return { ok: false, reason: "credentials" };
  const host = url.hostname.toLowerCase();
  if (host === "") return { ok: false, reason: "invalid" };
  const verdict = checkHost(host);
  return verdict === null ? { ok: true, url } : { ok: false, reason: verdict };
}

/** null when the host is acceptable. `host` is URL.hostname (IPv6 in brackets). */
export function checkHost(hostname: string): UnsafeReason | null {
  const host = hostname.toLowerCase().replace(/\.+$/, "");
  if (host.startsWith("[") && host.endsWith("]")) {
    const v6 = parseIPv6(host.slice(1, -1));
    if (v6 === null) return "invalid";
    return isBlockedIPv6(v6) ? "private-ip" : null;
  }
  const v4 = parseIPv4Loose(host);
  if (v4 !== null) return isBlockedIPv4(v4) ? "private-ip" : null;
  if (/^[0-9.]+$/.test(host) || /^0x[0-9a-f.x]+$/i.test(host)) return "invalid"; // numeric-looking but not an address
  if (INTERNAL_NAMES.has(host)) return "internal-host";
  // A single label ("intranet", "metadata") resolves through search domains inside networks.
  if (!host.includes(".")) return "internal-host";
  for (const suffix of INTERNAL_SUFFIXES) {
    if (host === suffix || host.endsWith(`.${suffix}`)) return "internal-host";
  }
  // Wildcard DNS services that map a name to the IP inside it (127.0.0.1.nip.io, 10-0-0-1.sslip.io).
  if (/(^|\.)(nip\.io|sslip\.io|xip\.io|localtest\.me|lvh\.me)$/.test(host)) return "internal-host";
  return null;
}

// ---------------------------------------------------------------------------
// IPv4

/**
 * inet_aton-style parse: 1 to 4 parts, each decimal, 0x-hex or 0-octal; the last part fills
 * the remaining bytes ("127.1" = 127.0.0.1, "2130706433" = 127.0.0.1). Returns the 32-bit
 * value, or null when `s` is not such an address.
 */
export function parseIPv4Loose(s: string): number | null {
  const parts = s.split(".");
  if (parts.length > 4 || parts.some((p) => p === "")) return null;
  const nums: number[] = [];
  for (const p of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(p)) n = p.length === 2 ? 0 : Number.parseInt(p.slice(2), 16);
    else if (/^0[0-7]+$/.test(p)) n = Number.parseInt(p.slice(1), 8);
    else if (/^(0|[1-9][0-9]*)$/.test(p)) n = Number(p);
    else return null;
    if (!Number.isFinite(n)) return null;
    nums.push(n);
  }
  const last = nums.pop()!;
  for (const n of nums) if (n > 255) return null;
  const lastMax = 2 ** (8 * (4 - nums.length)) - 1;
  if (last > lastMax) return null;
  let value = 0;
  for (const [i, n] of nums.entries()) value += n * 2 ** (8 * (3 - i));
  return value + last;
}

const V4_BLOCKED: [number, number][] = [
  cidr4("0.0.0.0", 8), // "this" network
  cidr4("10.0.0.0", 8), // private
  cidr4("100.64.0.0", 10), // shared address space (CGNAT; Alibaba metadata 100.100.100.200)
  cidr4("127.0.0.0", 8), // loopback
  cidr4("169.254.0.0", 16), // link-local (cloud metadata 169.254.169.254)
  cidr4("172.16.0.0", 12), // private
  cidr4("192.0.0.0", 24), // IETF protocol assignments
  cidr4("192.0.2.0", 24), // documentation
  cidr4("192.88.99.0", 24), // 6to4 relay anycast
  cidr4("192.168.0.0", 16), // private
  cidr4("198.18.0.0", 15), // benchmarking
  cidr4("198.51.100.0", 24), // documentation
  cidr4("203.0.113.0", 24), // documentation
  cidr4("224.0.0.0", 4), // multicast
  cidr4("240.0.0.0", 4), // reserved and broadcast
];

function cidr4(addr: string, bits: number): [number, number] {
  const base = parseIPv4Loose(addr)!;
  const size = 2 ** (32 - bits);
  return [base - (base % size), size];
}

export function isBlockedIPv4(value: number): boolean {
  return V4_BLOCKED.some(([start, size]) => value >= start && value < start + size);
}

// ---------------------------------------------------------------------------
// IPv6

/** Eight 16-bit groups, or null. Accepts "::" shortening, a trailing dotted IPv4 and a zone id. */
export function parseIPv6(input: string): number[] | null {
  let s = input.toLowerCase();
  const zone = s.indexOf("%");
  if (zone !== -1) s = s.slice(0, zone);
  if (s === "" || !/^[0-9a-f:.]+$/.test(s)) return null;
  // A trailing dotted IPv4 becomes two hex groups.
  const lastColon = s.lastIndexOf(":");
  if (lastColon === -1) return null;
  const tail = s.slice(lastColon + 1);
  if (tail.includes(".")) {
    const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(tail);
    if (!v4) return null;
    const b = v4.slice(1).map(Number);
    if (b.some((x) => x > 255)) return null;
    s = `${s.slice(0, lastColon + 1)}${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (h: string) => (h === "" ? [] : h.split(":"));
  const head = groupsOf(halves[0]!);
  const rest = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if ([...head, ...rest].some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  const toNums = (gs: string[]) => gs.map((g) => Number.parseInt(g, 16));
  if (halves.length === 1) return head.length === 8 ? toNums(head) : null;
  const missing = 8 - head.length - rest.length;
  if (missing < 1) return null;
  return [...toNums(head), ...Array<number>(missing).fill(0), ...toNums(rest)];
}

function v6Prefix(groups: number[], prefix: number[], bits: number): boolean {
  let remaining = bits;
  for (let i = 0; remaining > 0; i++) {
    const take = Math.min(16, remaining);
    const mask = (0xffff << (16 - take)) & 0xffff;
    if (((groups[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
    remaining -= take;
  }
  return true;
}

const embeddedV4 = (hi: number, lo: number) => hi * 65536 + lo;

export function isBlockedIPv6(g: number[]): boolean {
  if (g.every((x) => x === 0)) return true; // :: unspecified
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return true; // ::1 loopback
  // IPv4-mapped ::ffff:a.b.c.d and IPv4-compatible ::a.b.c.d: judge the IPv4 inside.
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) return isBlockedIPv4(embeddedV4(g[6]!, g[7]!)) || g[5] === 0;
  // IPv4-translated ::ffff:0:a.b.c.d (SIIT)
  if (g.slice(0, 4).every((x) => x === 0) && g[4] === 0xffff && g[5] === 0) return true;
  // NAT64 64:ff9b::/96 and 64:ff9b:1::/48 carry an IPv4 address.
  if (v6Prefix(g, [0x64, 0xff9b], 96)) return isBlockedIPv4(embeddedV4(g[6]!, g[7]!));
  if (v6Prefix(g, [0x64, 0xff9b, 1], 48)) return true;
  // 6to4 2002:a.b.c.d::/48
  if (v6Prefix(g, [0x2002], 16)) return isBlockedIPv4(embeddedV4(g[1]!, g[2]!));
  if (v6Prefix(g, [0x100], 64)) return true; // discard-only
  if (v6Prefix(g, [0x2001, 0x0db8], 32)) return true; // documentation
  if (v6Prefix(g, [0x2001], 23)) return true; // IETF protocol assignments (incl. Teredo 2001::/32)
  if (v6Prefix(g, [0xfc00], 7)) return true; // unique local (AWS metadata fd00:ec2::254)
  if (v6Prefix(g, [0xfe80], 10)) return true; // link-local
  if (v6Prefix(g, [0xfec0], 10)) return true; // site-local (deprecated)
  if (v6Prefix(g, [0xff00], 8)) return true; // multicast
  return false;
}
