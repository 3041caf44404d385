// Digit conversion and digit-based input parsing. Iranian users type Persian
// (۰-۹), Arabic-Indic (٠-٩) or Latin digits depending on their keyboard, so every
// numeric input goes through toLatinDigits before it is validated.
// Pure string code: runs in Node, the browser and Workers.

const PERSIAN_ZERO = 0x06f0; // ۰
const ARABIC_INDIC_ZERO = 0x0660; // ٠

/** Persian (۰-۹) and Arabic-Indic (٠-٩) digits to 0-9; everything else is kept. */
export function toLatinDigits(s: string): string {
  return s.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (ch) => {
    const code = ch.charCodeAt(0);
    const zero = code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO;
    return String(code - zero);
  });
}

/** Latin and Arabic-Indic digits to Persian digits (۰-۹); everything else is kept. */
export function toPersianDigits(v: string | number): string {
  return toLatinDigits(String(v)).replace(/[0-9]/g, (ch) => String.fromCharCode(PERSIAN_ZERO + Number(ch)));
}

// Separators people type or paste inside phone numbers: spaces (incl. NBSP),
// hyphens and dashes, parentheses, and invisible bidi marks / ZWNJ that come
// along when copying from right-to-left text.
const MOBILE_SEPARATORS = /[\s\u00A0\u200C-\u200F\u202A-\u202E\u2066-\u2069\-\u2010-\u2015\u2212()]/g;

/**
 * Normalises an Iranian mobile number to "09xxxxxxxxx" (11 Latin digits).
 * Accepts 09xxxxxxxxx, 9xxxxxxxxx, 989xxxxxxxxx, +989xxxxxxxxx and
 * 00989xxxxxxxxx (also "+98 0912…", the national form behind a country code),
 * in any digit script, with spaces, dashes and parentheses.
 * Returns null when the input cannot be an Iranian mobile number.
 * Only the shape is checked (9 followed by nine digits), not operator prefixes,
 * so a newly allocated range is never rejected.
 */
export function normalizeMobile(input: string): string | null {
  let s = toLatinDigits(input).replace(MOBILE_SEPARATORS, "");
  if (s.startsWith("+")) {
    if (!s.startsWith("+98")) return null; // a foreign country code
    s = s.slice(3);
  } else if (s.startsWith("0098")) {
    s = s.slice(4);
  } else if (s.length === 12 && s.startsWith("98")) {
    s = s.slice(2);
  } else if (s.length === 11 && s.startsWith("0")) {
    s = s.slice(1);
  }
  // "+98 0912 …": the trunk 0 written after the country code.
  if (s.length === 11 && s.startsWith("09")) s = s.slice(1);
  return /^9[0-9]{9}$/.test(s) ? `0${s}` : null;
}

export interface ParsedCount {
  /** The count to use: the parsed number clamped to [min, max]; min when invalid. */
  value: number;
  /** True when the input was a number outside [min, max] and was clamped. */
  clamped: boolean;
  /** False when the input was not made of digits only (or not an integer). */
  valid: boolean;
}

/**
 * Parses a count typed by the user (article counts, standard credits: 0 to 50 in
 * the spec). Strings must be digits only (any digit script, surrounding spaces
 * ignored); numbers must be integers. Out-of-range values are clamped and
 * flagged so the caller can show "the count must be between min and max".
 * Numbers may be negative (a minus stepper going below zero) and are clamped.
 */
export function parseCount(input: string | number, min = 0, max = 50): ParsedCount {
  let n: number;
  if (typeof input === "number") {
    if (!Number.isInteger(input)) return { value: min, clamped: false, valid: false };
    n = input;
  } else {
    const s = toLatinDigits(input).trim();
    if (!/^[0-9]+$/.test(s)) return { value: min, clamped: false, valid: false };
    n = Number(s);
  }
  if (n < min) return { value: min, clamped: true, valid: true };
  if (n > max) return { value: max, clamped: true, valid: true };
  return { value: n, clamped: false, valid: true };
}
