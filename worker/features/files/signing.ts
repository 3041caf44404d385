/**
 * Signed links to stored documents: /files/<key>?exp=<unix seconds>&sig=<hmac>. Valid for 24 h.
 * A licensed copy's link is signed for one user id (not written in the link): it only
 * verifies for a request signed in as that user, so a shared link is useless to anyone else.
 */
import { hmacHex, timingSafeEqualStrings } from "../../lib/crypto";

export const FILE_LINK_TTL_MS = 24 * 3_600_000;

const ANONYMOUS = "-";

/** The URL path of a stored key (each segment encoded; DOIs keep their slashes). */
export function filePath(key: string): string {
  return `/files/${key.split("/").map(encodeURIComponent).join("/")}`;
}

/** The key of a /files/… path, or null when it is not one. */
export function keyFromPath(pathname: string): string | null {
  if (!pathname.startsWith("/files/")) return null;
  try {
    const key = pathname
      .slice("/files/".length)
      .split("/")
      .map((s) => decodeURIComponent(s))
      .join("/");
    return key && !key.split("/").some((s) => s === "" || s === "." || s === "..") ? key : null;
  } catch {
    return null;
  }
}

async function signature(secret: string, key: string, exp: number, userId: string | null): Promise<string> {
  return (await hmacHex(secret, `file\n${key}\n${exp}\n${userId ?? ANONYMOUS}`)).slice(0, 40);
}

/** A link valid FILE_LINK_TTL_MS from `now`; bound to `userId` when given. */
export async function signFileLink(secret: string, input: { key: string; now: number; userId?: string | null | undefined }): Promise<string> {
  const exp = Math.floor((input.now + FILE_LINK_TTL_MS) / 1000);
  const sig = await signature(secret, input.key, exp, input.userId ?? null);
  return `${filePath(input.key)}?exp=${exp}&sig=${sig}`;
}

type LinkCheck = { ok: true; boundTo: string | null } | { ok: false; reason: "expired" | "signature" };

/** Checks a link for the requesting user (null for a guest). */
export async function verifyFileLink(
  secret: string,
  input: { key: string; exp: string | undefined; sig: string | undefined; userId: string | null; now: number },
): Promise<LinkCheck> {
  const exp = Number(input.exp);
  const sig = input.sig ?? "";
  if (!/^\d{1,12}$/.test(input.exp ?? "") || !/^[0-9a-f]{40}$/.test(sig)) return { ok: false, reason: "signature" };
  const anonymous = await signature(secret, input.key, exp, null);
  let boundTo: string | null = null;
  if (!timingSafeEqualStrings(anonymous, sig)) {
    if (!input.userId || !timingSafeEqualStrings(await signature(secret, input.key, exp, input.userId), sig)) return { ok: false, reason: "signature" };
    boundTo = input.userId;
  }
  if (input.now > exp * 1000) return { ok: false, reason: "expired" };
  return { ok: true, boundTo };
}
