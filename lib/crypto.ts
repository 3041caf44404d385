/** WebCrypto digests shared by the Worker and the queue consumer (pure: no bindings). */
const encoder = new TextEncoder();

/** Lower-case hex of a byte buffer. */
export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function sha256Hex(value: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", encoder.encode(value)));
}

/** Lower-case hex SHA-256 of bytes (a stored file's fingerprint). */
export async function sha256HexOfBytes(bytes: Uint8Array): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
}
