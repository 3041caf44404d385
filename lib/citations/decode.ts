/**
 * An uploaded reading list's bytes to text. Reference managers do not all write UTF-8: EndNote and
 * Windows tools write UTF-16 with a byte-order mark (some without one), older exports are in
 * Windows-1252. Decoded here by rule, without relying on which legacy encodings the runtime's
 * TextDecoder knows.
 */

// Windows-1252's 0x80-0x9F (the rest of the byte range is Latin-1, i.e. the same code point).
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

function utf16(bytes: Uint8Array, start: number, littleEndian: boolean): string {
  const parts: string[] = [];
  let chunk: number[] = [];
  for (let i = start; i + 1 < bytes.length; i += 2) {
    chunk.push(littleEndian ? bytes[i]! | (bytes[i + 1]! << 8) : (bytes[i]! << 8) | bytes[i + 1]!);
    if (chunk.length === 8192) {
      parts.push(String.fromCharCode(...chunk));
      chunk = [];
    }
  }
  parts.push(String.fromCharCode(...chunk));
  return parts.join("");
}

/** UTF-16 without a mark: most characters of a reference list are ASCII, so every other byte is zero. */
function zeroBytePattern(bytes: Uint8Array): "le" | "be" | null {
  const n = Math.min(bytes.length, 4000) & ~1;
  if (n < 8) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  const pairs = n / 2;
  if (odd > pairs * 0.4 && even < pairs * 0.05) return "le";
  if (even > pairs * 0.4 && odd < pairs * 0.05) return "be";
  return null;
}

export function decodeUpload(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder("utf-8").decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16(bytes, 2, true);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16(bytes, 2, false);
  const pattern = zeroBytePattern(bytes);
  if (pattern) return utf16(bytes, 0, pattern === "le");
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // Not UTF-8: a single-byte Windows export (é is 0xE9 there).
    let out = "";
    for (const b of bytes) out += b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b);
    return out;
  }
}
