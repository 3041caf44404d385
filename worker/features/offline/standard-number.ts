/**
 * A standard's number as people type it: «ASTM D638-14», «ASTM D 638 – 14», «astm d638-2014»,
 * «ISO 527-2:2012», «ISO 527-2 (2012)», «IEEE Std 802.11-2020», «BS EN 1992-1-1:2004», «DIN 1055-100».
 * Read into the body, the designation and its year (the version), so spacing and year forms fold to
 * one key, and D638-14 and D638-22 stay two documents. Pure.
 */
import { toLatinDigits } from "../../../lib/digits";

export type StandardNumber = {
  /** "astm", "iso", "iso/iec", "ieee", "bs en", … */
  org: string;
  /** The designation without its year: "d638", "527-2", "802.11", "1992-1-1". */
  number: string;
  /** Year of the version (and a revision letter: "2014a"); null when the text gives none. */
  version: string | null;
};

// Organisations whose numbers users type, longest first where one starts another.
const ORG =
  "(?:ansi\\/)?(?:astm|iso(?:\\s*\\/\\s*iec)?|iec|ieee(?:\\s+std)?|bs(?:\\s+en)?(?:\\s+iso)?|en(?:\\s+iso)?|din(?:\\s+en)?(?:\\s+iso)?|api|asme|sae|ansi|nfpa|ul|jis|csa|as(?:\\/nzs)?|isiri|aws|aashto|ashrae|ipc|mil-std)";
const BODY = "[a-z]?\\s*\\d[\\w.:/+-]*(?:\\s*[-:]\\s*\\d{2,4}[a-z]?(?:e\\d)?)?(?:\\s*\\(\\s*(?:19|20)\\d\\d\\s*\\)|\\s+(?:19|20)\\d\\d)?";
const STANDARD = new RegExp(`^\\s*(${ORG})[\\s-]*(${BODY})\\s*$`, "i");
// Inside a longer text ("ASTM D638-14 Standard Test Method for …"): the distinctive bodies in any case,
// the short ones (EN, AS, UL, API…) only in capitals, so "such as 2 weeks" is not AS 2.
const IN_TEXT = [
  /(?<![\p{L}])((?:ansi\/)?(?:astm|iso(?:\s*\/\s*iec)?|iec|ieee(?:\s+std)?|bs(?:\s+en)?(?:\s+iso)?|din(?:\s+en)?(?:\s+iso)?|asme|nfpa|isiri|aashto|ashrae|mil-std)[\s-]*[a-z]?\s?\d[\w.:/+-]*(?:\s*\(\s*(?:19|20)\d\d\s*\))?)/iu,
  /(?<![\p{L}])((?:EN(?:\s+ISO)?|AS(?:\/NZS)?|UL|API|SAE|JIS|CSA|AWS|IPC)[\s-]*[A-Z]?\s?\d[\w.:/+-]*(?:\s*\(\s*(?:19|20)\d\d\s*\))?)/u,
];
// Organisations whose "-14" after the designation is the year (ASTM D638-14, AASHTO T 27-11).
const TWO_DIGIT_YEAR = /^(?:astm|aashto)$/;

function fullYear(y: string): string {
  if (y.length === 4) return y;
  const n = Number(y);
  return String(n >= 50 ? 1900 + n : 2000 + n);
}

/** Reads a standard's number, or null when the text is not one. */
export function parseStandard(text: string | null | undefined): StandardNumber | null {
  if (!text) return null;
  const folded = toLatinDigits(text.normalize("NFKC"))
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\s+/g, " ");
  const m = STANDARD.exec(folded);
  if (!m) return null;
  const org = m[1]!
    .toLowerCase()
    .replace(/\s*\/\s*/g, "/")
    .replace(/\s+std$/, "")
    .replace(/\s+/g, " ");
  let body = m[2]!.toLowerCase().replace(/\s+/g, " ").trim();
  let version: string | null = null;
  // "(2012)", " 2012" at the end
  const paren = /\s*\(?\s*((?:19|20)\d\d)\s*\)?$/.exec(body);
  const colon = /\s*:\s*(\d{4}|\d{2})([a-z]?)(?:\s*\+\s*a\d+.*)?$/.exec(body);
  if (colon) {
    // "BS EN 1992-1-1:2004+A1:2014": the base version; an amendment is not told apart.
    version = fullYear(colon[1]!) + colon[2]!;
    body = body.slice(0, colon.index);
  } else if (paren && (paren[0].includes("(") || /\s/.test(paren[0]))) {
    version = paren[1]!;
    body = body.slice(0, paren.index);
  } else {
    const dashYear = /\s*-\s*((?:19|20)\d\d)([a-z]?)(?:e\d)?$/.exec(body);
    const dashShort = TWO_DIGIT_YEAR.test(org) ? /\s*-\s*(\d{2})([a-z]?)(?:e\d)?$/.exec(body) : null;
    const hit = dashYear ?? dashShort;
    if (hit) {
      version = fullYear(hit[1]!) + hit[2]!;
      body = body.slice(0, hit.index);
    }
  }
  const number = body.replace(/[()\s]/g, "").replace(/^-+|-+$/g, "");
  if (!/\d/.test(number)) return null;
  return { org, number, version };
}

/** A standard's number standing alone, or at the start of or inside a longer text. */
export function findStandard(text: string | null | undefined): StandardNumber | null {
  if (!text) return null;
  const whole = parseStandard(text);
  if (whole) return whole;
  const folded = toLatinDigits(text.normalize("NFKC")).replace(/[\u2010-\u2015\u2212]/g, "-");
  for (const re of IN_TEXT) {
    const m = re.exec(folded);
    if (m) {
      const found = parseStandard(m[1]!.replace(/[.:,;]+$/, ""));
      if (found) return found;
    }
  }
  return null;
}

/** The key of the designation without its year: every version of it shares this one. */
export const standardBaseKey = (s: StandardNumber) => `std:${s.org} ${s.number}`;
/** The key of this version (or of the designation when no year is given). */
export const standardKeyOf = (s: StandardNumber) => (s.version ? `${standardBaseKey(s)}:${s.version}` : standardBaseKey(s));
