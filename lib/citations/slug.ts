/**
 * Readable ASCII names from a reference (citation keys, file names): words folded to ASCII
 * (accents dropped, "ß" → "ss"), lower case, without punctuation. Text with no Latin letters
 * (a Persian title) gives no words.
 */

const FOLD: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

/** The text's words in ASCII lower case. */
export function asciiWords(text: string): string[] {
  const folded = text
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (ch) => FOLD[ch] ?? ch)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
  return folded.split(/[^a-z0-9]+/).filter(Boolean);
}

const STOP = new Set([
  "a",
  "an",
  "the",
  "on",
  "of",
  "in",
  "for",
  "and",
  "to",
  "at",
  "by",
  "with",
  "from",
  "into",
  "towards",
  "toward",
  "is",
  "are",
  "via",
  "using",
]);

/** The title's first word that says something ("The deep learning of…" → "deep"). */
export function firstSignificantWord(title: string): string {
  const words = asciiWords(title).filter((w) => /[a-z]/.test(w));
  return (words.find((w) => !STOP.has(w)) ?? words[0] ?? "").slice(0, 20);
}

/** "author-year-title words" for a file name: ASCII, hyphens, at most `max` characters. */
export function readableStem(parts: { author?: string | null; year?: string | null; title?: string | null }, max = 80): string {
  const family = asciiWords((parts.author ?? "").split(",")[0] ?? "").join("");
  const year = /\d{4}/.exec(parts.year ?? "")?.[0] ?? "";
  const title = asciiWords(parts.title ?? "").slice(0, 8);
  const stem = [family, year, ...title].filter(Boolean).join("-");
  return stem.length > max ? stem.slice(0, max).replace(/-[^-]*$/, "") || stem.slice(0, max) : stem;
}
