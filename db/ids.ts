const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** Sortable, prefixed id: `usr_` + 10 chars of time + 12 random chars (Crockford base32, lower case). */
export function newId(prefix: string, now = Date.now()): string {
  let time = "";
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  let rand = "";
  for (const b of bytes) rand += ALPHABET[b % 32];
  return `${prefix}_${time}${rand}`;
}
