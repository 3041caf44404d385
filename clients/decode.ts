/**
 * Defensive decoding helpers for upstream JSON. Providers send numbers as
 * strings (Scopus), booleans as "true" (NCBI), one object where a list is
 * documented (Kavenegar), or leave keys out; these helpers accept all of that
 * and return null rather than guess. Final shapes are checked with zod.
 */
import type { z } from "zod";
import { UpstreamError } from "./http";

export type Json = Record<string, unknown>;

export function asRecord(v: unknown): Json | null {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : null;
}

/** A non-empty trimmed string; numbers become strings. */
export function asString(v: unknown): string | null {
  if (typeof v === "string") {
    const t = v.trim();
    return t === "" ? null : t;
  }
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return null;
}

/** An integer from a number or a numeric string. */
export function asInt(v: unknown): number | null {
  if (typeof v === "number" && Number.isFinite(v)) return Math.trunc(v);
  if (typeof v === "string" && /^\s*-?\d+\s*$/.test(v)) return Number.parseInt(v, 10);
  return null;
}

/** A finite number from a number or a numeric string. */
export function asNumber(v: unknown): number | null {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return null;
}

export function asBool(v: unknown): boolean | null {
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v === 1 ? true : v === 0 ? false : null;
  if (typeof v === "string") {
    const t = v.trim().toLowerCase();
    if (t === "true" || t === "1" || t === "y" || t === "yes") return true;
    if (t === "false" || t === "0" || t === "n" || t === "no") return false;
  }
  return null;
}

/** A list from a list, a single value, or nothing. */
export function asArray(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (v === null || v === undefined) return [];
  return [v];
}

export function asRecords(v: unknown): Json[] {
  return asArray(v).flatMap((x) => {
    const r = asRecord(x);
    return r ? [r] : [];
  });
}

export function asStrings(v: unknown): string[] {
  return asArray(v).flatMap((x) => {
    const s = asString(x);
    return s === null ? [] : [s];
  });
}

export function firstString(v: unknown): string | null {
  return asStrings(v)[0] ?? null;
}

/** An http(s) URL string, or null. */
export function asUrl(v: unknown): string | null {
  const s = asString(v);
  if (!s) return null;
  try {
    const u = new URL(s);
    return u.protocol === "http:" || u.protocol === "https:" ? s : null;
  } catch {
    return null;
  }
}

/**
 * The named HTML entities titles actually use: the markup five, all of Latin-1 (U+00A0–U+00FF, in code-point
 * order), Greek letters and the common punctuation. Names are case-sensitive (&Ouml; is not &ouml;).
 */
const NAMED_ENTITIES: Record<string, string> = (() => {
  const table: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  const latin1 =
    "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot " +
    "cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml " +
    "Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig " +
    "agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute " +
    "ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml";
  latin1.split(" ").forEach((name, i) => {
    table[name] = String.fromCharCode(0xa0 + i);
  });
  const greek = "Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho _ Sigma Tau Upsilon Phi Chi Psi Omega".split(" ");
  greek.forEach((name, i) => {
    if (name === "_") return;
    table[name] = String.fromCharCode(0x391 + i);
    table[name.toLowerCase()] = String.fromCharCode(0x3b1 + i);
  });
  table.sigmaf = "\u03c2";
  const punctuation: Record<string, number> = {
    ensp: 0x2002,
    emsp: 0x2003,
    thinsp: 0x2009,
    zwnj: 0x200c,
    zwj: 0x200d,
    lrm: 0x200e,
    rlm: 0x200f,
    ndash: 0x2013,
    mdash: 0x2014,
    lsquo: 0x2018,
    rsquo: 0x2019,
    sbquo: 0x201a,
    ldquo: 0x201c,
    rdquo: 0x201d,
    bdquo: 0x201e,
    dagger: 0x2020,
    Dagger: 0x2021,
    bull: 0x2022,
    hellip: 0x2026,
    permil: 0x2030,
    prime: 0x2032,
    Prime: 0x2033,
    lsaquo: 0x2039,
    rsaquo: 0x203a,
    euro: 0x20ac,
    trade: 0x2122,
    larr: 0x2190,
    rarr: 0x2192,
    minus: 0x2212,
    le: 0x2264,
    ge: 0x2265,
    ne: 0x2260,
    asymp: 0x2248,
    infin: 0x221e,
  };
  for (const [name, code] of Object.entries(punctuation)) table[name] = String.fromCharCode(code);
  return table;
})();

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, ent: string) => {
    if (ent[0] === "#") {
      const code = ent[1] === "x" || ent[1] === "X" ? Number.parseInt(ent.slice(2), 16) : Number.parseInt(ent.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ent] ?? NAMED_ENTITIES[ent.toLowerCase()] ?? whole;
  });
}

/** Drop JATS/HTML markup (Crossref titles carry <scp>, <i>, <sub>) and collapse spaces. */
export function stripMarkup(s: string): string {
  return decodeEntities(s.replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

export function cleanText(v: unknown): string | null {
  const s = asString(v);
  if (s === null) return null;
  const t = stripMarkup(s);
  return t === "" ? null : t;
}

const DOI_SHAPE = /^10\.\d{4,9}\/\S+$/;

/** "https://doi.org/10.1/x", "doi:10.1/x" or "10.1/x" -> "10.1/x"; throws on anything else. */
export function bareDoi(input: string): string {
  const s = input
    .trim()
    .replace(/^https?:\/\/(dx\.)?doi\.org\//i, "")
    .replace(/^doi:\s*/i, "");
  if (!DOI_SHAPE.test(s)) throw new RangeError(`not a DOI: ${input.slice(0, 100)}`);
  return s;
}

/** Like bareDoi, but null instead of throwing (for upstream values). */
export function bareDoiOrNull(v: unknown): string | null {
  const s = asString(v);
  if (!s) return null;
  try {
    return bareDoi(s);
  } catch {
    return null;
  }
}

/** A DOI inside a URL path: reserved characters encoded, "/" kept (the APIs expect it). */
export function encodeDoiPath(doi: string): string {
  return encodeURIComponent(doi).replace(/%2F/gi, "/");
}

/** Check a mapped value against its exported schema; a mismatch is the provider's fault. */
export function validateOutput<S extends z.ZodType>(schema: S, value: unknown, provider: string, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new UpstreamError({
    provider,
    kind: "parse",
    message: `${provider}: unexpected ${what} (${issue ? `${issue.path.join(".")}: ${issue.message}` : "invalid"})`,
    cause: result.error,
  });
}

/** A structural problem in a body that is JSON but not the documented shape. */
export function shapeError(provider: string, what: string, status?: number): UpstreamError {
  return new UpstreamError({ provider, kind: "parse", status, message: `${provider}: unexpected ${what}` });
}
