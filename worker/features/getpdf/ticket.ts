/**
 * The `id` a start answers and a check polls with: <nonce>.<job key, base64url>.<hmac>.
 * The nonce names one showing of a result (downloads.id), so polling again never records twice;
 * the signature stops anyone from minting nonces for history rows.
 */
import { newId } from "../../../db/ids";
import { base64url, hmacHex, timingSafeEqualStrings } from "../../lib/crypto";

export type Ticket = { nonce: string; jobKey: string };

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

async function sign(secret: string, body: string): Promise<string> {
  return (await hmacHex(secret, `ticket\n${body}`)).slice(0, 32);
}

export async function makeTicket(secret: string, jobKey: string, now: number): Promise<{ id: string; ticket: Ticket }> {
  const nonce = newId("dl", now);
  const body = `${nonce}.${base64url(encoder.encode(jobKey))}`;
  return { id: `${body}.${await sign(secret, body)}`, ticket: { nonce, jobKey } };
}

export async function readTicket(secret: string, id: string): Promise<Ticket | null> {
  const parts = id.trim().split(".");
  if (parts.length !== 3) return null;
  const [nonce, encodedKey, sig] = parts as [string, string, string];
  if (!/^dl_[0-9a-z]{22}$/.test(nonce) || !/^[A-Za-z0-9_-]+$/.test(encodedKey) || !/^[0-9a-f]{32}$/.test(sig)) return null;
  if (!timingSafeEqualStrings(await sign(secret, `${nonce}.${encodedKey}`), sig)) return null;
  try {
    const b64 = encodedKey.replaceAll("-", "+").replaceAll("_", "/");
    const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
    const jobKey = decoder.decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0)));
    return jobKey ? { nonce, jobKey } : null;
  } catch {
    return null;
  }
}
