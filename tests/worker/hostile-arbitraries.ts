/**
 * fast-check generators of hostile HTTP requests for one OpenAPI operation: path parameters,
 * query strings, bodies (JSON — well-formed or raw text —, urlencoded, multipart) and headers.
 * Values lean on what breaks servers: wrong types, huge strings, deep nesting, Persian digits and
 * zero-width characters, SQL / FTS / HTML fragments, duplicated and prototype keys.
 */
import fc from "fast-check";

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  additionalProperties?: JsonSchema | boolean;
};

export type Operation = {
  method: string;
  path: string;
  name: string;
  roles: string[];
  query: { name: string; schema: JsonSchema }[];
  body: JsonSchema | null;
};

/** Fragments that have broken real servers: SQL, FTS5 syntax, HTML/JS, path tricks, bad escapes. */
export const NASTY = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1; SELECT * FROM sqlite_master",
  "%' AND 1=0 UNION SELECT name FROM sqlite_master --",
  "\\",
  "%",
  "_",
  "NEAR(a b, 2)",
  '"unterminated',
  "a* OR b^ NOT c:",
  "col:value",
  "-",
  "*",
  "AND",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '"><svg onload=alert(1)>',
  "javascript:alert(1)",
  "{{constructor.constructor('alert(1)')()}}",
  "../../../../etc/passwd",
  "..%2f..%2f",
  "http://169.254.169.254/latest/meta-data/",
  "file:///etc/passwd",
  "http://[::1]:80/",
  "10.1000/182",
  "https://doi.org/10.1038/nature12373",
  "arXiv:1706.03762",
  "PMC3531190",
  "978-3-16-148410-0",
  "null",
  "undefined",
  "NaN",
  "-0",
  "1e309",
  "0x1f",
  " 12 ",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "prototype",
  "\u0000",
  "\r\nSet-Cookie: x=1",
  "\ud800",
  "\udfff\ud800",
  "😀",
  "ﷺ",
  "e\u0301",
];

/** Persian and neighbouring scripts, digits and invisible characters. */
export const PERSIAN = [
  "کتاب",
  "مقاله‌ی علمی",
  "دانشگاه تهران",
  "۰۹۱۲۳۴۵۶۷۸۹",
  "٠١٢٣٤٥٦٧٨٩",
  "۱۴۰۳/۰۲/۳۱",
  "ي ك ى",
  "\u200c",
  "\u200d",
  "\u200b",
  "\u200e",
  "\u200f",
  "\u202e",
  "\ufeff",
  "\u2066",
  "ـــ",
  "ّ",
];

const atom = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY), weight: 4 },
  { arbitrary: fc.constantFrom(...PERSIAN), weight: 3 },
  { arbitrary: fc.string({ maxLength: 12 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 8 }), weight: 1 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 8 }), weight: 1 },
);

/** Mixed hostile text, usually short; now and then huge (up to ~1 MB, built by repetition). */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.array(atom, { minLength: 0, maxLength: 5 }).map((a) => a.join("")), weight: 20 },
  { arbitrary: fc.constant(""), weight: 2 },
  {
    arbitrary: fc.tuple(fc.constantFrom("a", "ب", "\u200c", "<", "'", "۹", "😀", "%"), fc.integer({ min: 300, max: 70_000 })).map(([c, n]) => c.repeat(n)),
    weight: 2,
  },
  {
    arbitrary: fc.tuple(fc.constantFrom("x", "ک", "\u200b"), fc.integer({ min: 200_000, max: 1_000_000 })).map(([c, n]) => c.repeat(n)),
    weight: 1,
  },
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2 ** 53 + 1, -(2 ** 63), 1e308, -1e-308, 0.1, 3650, 3651, 100_001, 2100, 999),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, shallow, with hostile leaves. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(atom, fc.constantFrom("__proto__", "constructor", "prototype", "isAdmin", "_token")), tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** A value of the schema's own shape (so requests get past validation and into services), with hostile content. */
export function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileJson;
  if (schema.enum?.length) return fc.oneof({ arbitrary: fc.constantFrom(...schema.enum), weight: 4 }, { arbitrary: hostileString, weight: 1 });
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => fromSchema(v, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string": {
      const max = schema.maxLength ?? 200;
      const min = schema.minLength ?? 0;
      return fc.oneof(
        { arbitrary: hostileString.filter((s) => s.length >= min && s.length <= max), weight: 4 },
        { arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, min + 40) }), weight: 2 },
        {
          arbitrary: fc.constantFrom("user@example.org", "09121234567", "۰۹۱۲۱۲۳۴۵۶۷", "10.1038/nature12373", "https://example.org/a.pdf", "2024-01-01"),
          weight: 1,
        },
        { arbitrary: hostileString, weight: 1 },
      );
    }
    case "integer":
    case "number": {
      const lo = schema.minimum ?? -1_000_000;
      const hi = schema.maximum ?? 1_000_000;
      return fc.oneof(
        { arbitrary: fc.integer({ min: Math.max(lo, -(2 ** 31)), max: Math.min(hi, 2 ** 31) }), weight: 4 },
        { arbitrary: hostileNumber, weight: 1 },
        { arbitrary: hostileString, weight: 1 },
      );
    }
    case "boolean":
      return fc.oneof(fc.boolean(), fc.constantFrom("true", "1", "on", 0, null));
    case "array":
      return fc.array(fromSchema(schema.items, depth + 1), { maxLength: 5 });
    case "object": {
      const props = Object.entries(schema.properties ?? {});
      if (!props.length) return hostileJson;
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of props) record[k] = fromSchema(v, depth + 1);
      return fc
        .tuple(
          fc.record(record, { requiredKeys: [] }),
          fc.dictionary(fc.constantFrom("__proto__", "constructor", "extra", "_token", "id", "user_id"), hostileJson, { maxKeys: 2 }),
        )
        .map(([r, extra]) => ({ ...extra, ...r }));
    }
    default:
      return hostileJson;
  }
}

/** Raw JSON text no serializer would write: duplicated keys, deep nesting, prototype keys, broken syntax. */
function rawJsonFor(body: JsonSchema | null): fc.Arbitrary<string> {
  const keys = Object.keys(body?.properties ?? {});
  const key = keys.length ? fc.constantFrom(...keys) : fc.constantFrom("a", "id");
  const leaf = hostileJson.map((v) => JSON.stringify(v) ?? "null");
  return fc.oneof(
    // The same key twice with different types: the last one wins in JSON.parse.
    fc.tuple(key, leaf, leaf, fromSchema(body ?? undefined)).map(([k, a, b, rest]) => {
      const tail = rest && typeof rest === "object" && !Array.isArray(rest) ? JSON.stringify(rest).slice(1, -1) : "";
      return `{${JSON.stringify(k)}:${a},${tail ? `${tail},` : ""}${JSON.stringify(k)}:${b}}`;
    }),
    fc
      .tuple(key, fc.integer({ min: 1, max: 20_000 }), fc.boolean())
      .map(([k, depth, arrays]) =>
        arrays ? `{${JSON.stringify(k)}:${"[".repeat(depth)}1${"]".repeat(depth)}}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
      ),
    leaf.map((v) => `{"__proto__":{"isAdmin":true,"roles":["admin"]},"constructor":{"prototype":{"polluted":1}},"x":${v}}`),
    fc.constantFrom(
      "",
      " ",
      "{",
      '{"a":',
      "[1,2",
      '{"a":1}}',
      "nul",
      "\ufeff{}",
      "{'a':1}",
      '{"a":1e99999}',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      "[]",
      "null",
      '"str"',
      "1",
      "true",
    ),
    fromSchema(body ?? undefined).map((v) => {
      const s = JSON.stringify(v) ?? "{}";
      return s.slice(0, Math.max(1, Math.floor(s.length / 2)));
    }),
  );
}

export type BodyPlan =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "raw-json"; text: string }
  | { kind: "form"; pairs: [string, string][] }
  | { kind: "multipart"; pairs: [string, string][]; files: { field: string; name: string; type: string; bytes: number; pdf: boolean }[] }
  | { kind: "text"; text: string };

const formValue = fc.oneof(hostileString, hostileNumber.map(String), fc.constantFrom("true", "on", "", "[object Object]"));

function formPairs(body: JsonSchema | null): fc.Arbitrary<[string, string][]> {
  const keys = Object.keys(body?.properties ?? {});
  const name = fc.oneof(
    { arbitrary: keys.length ? fc.constantFrom(...keys) : fc.constant("a"), weight: 5 },
    { arbitrary: fc.constantFrom("__proto__", "__proto__[isAdmin]", "constructor[prototype][x]", "a[]", "cart[name]", "a.b", "_token"), weight: 1 },
    { arbitrary: atom, weight: 1 },
  );
  // Keys repeat on purpose (`a=1&a=2` parses as an array in many frameworks).
  return fc.array(fc.tuple(name, formValue), { maxLength: 8 });
}

export function bodyPlan(op: Operation): fc.Arbitrary<BodyPlan> {
  const fields = formPairs(op.body);
  return fc.oneof(
    { arbitrary: fromSchema(op.body ?? undefined).map((value) => ({ kind: "json" as const, value })), weight: op.body ? 8 : 1 },
    { arbitrary: hostileJson.map((value) => ({ kind: "json" as const, value })), weight: 2 },
    { arbitrary: rawJsonFor(op.body).map((text) => ({ kind: "raw-json" as const, text })), weight: 4 },
    { arbitrary: fields.map((pairs) => ({ kind: "form" as const, pairs })), weight: 3 },
    {
      arbitrary: fc
        .tuple(
          fields,
          fc.array(
            fc.record({
              field: fc.constantFrom("file", "files", "document", "a"),
              name: fc.oneof(
                fc.constantFrom("a.pdf", "../../x.pdf", "کتاب.pdf", "a\u202egpj.exe", "", "x".repeat(300)),
                hostileString.filter((s) => s.length < 500),
              ),
              type: fc.constantFrom("application/pdf", "text/html", "image/svg+xml", "application/octet-stream", ""),
              bytes: fc.integer({ min: 0, max: 300_000 }),
              pdf: fc.boolean(),
            }),
            { maxLength: 2 },
          ),
        )
        .map(([pairs, files]) => ({ kind: "multipart" as const, pairs, files })),
      weight: 2,
    },
    { arbitrary: hostileString.map((text) => ({ kind: "text" as const, text })), weight: 1 },
    { arbitrary: fc.constant({ kind: "none" as const }), weight: 1 },
  );
}

/** The content type actually sent: usually the honest one, sometimes a lie. */
export const contentTypeLie = fc.oneof(
  { arbitrary: fc.constant<string | null>(null), weight: 12 },
  {
    arbitrary: fc.constantFrom<string | null>(
      "application/json",
      "APPLICATION/JSON; charset=latin1",
      "application/json-patch+json",
      "application/x-www-form-urlencoded",
      "application/x-www-form-urlencoded; charset=utf-16",
      "multipart/form-data",
      "multipart/form-data; boundary=nope",
      "text/plain",
      "text/html",
      "application/xml",
      "",
      "*/*",
      "application/json, text/plain",
    ),
    weight: 2,
  },
);

export type QueryPlan = [string, string][];

export function queryPlan(op: Operation): fc.Arbitrary<QueryPlan> {
  const known = op.query.map((q) => q.name);
  const pair = fc.oneof(
    ...op.query.map((q) =>
      fc.tuple(
        fc.constant(q.name),
        fromSchema(q.schema).map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""))),
      ),
    ),
    fc.tuple(
      fc.oneof(known.length ? fc.constantFrom(...known) : atom, atom).map((k) => k),
      formValue,
    ),
    fc.tuple(
      fc.constantFrom(...(known.length ? known : ["q"])).map((k) => `${k}[]`),
      formValue,
    ),
    fc.tuple(fc.constantFrom("__proto__", "constructor", "_method", "page", "id"), formValue),
    // Huge values (the URL itself stays under ~200 KB).
    fc.tuple(
      fc.constantFrom(...(known.length ? known : ["q"])),
      fc.integer({ min: 1000, max: 100_000 }).map((n) => "ز".repeat(n)),
    ),
  );
  return fc.array(pair, { maxLength: 6 });
}

/** Path parameters: real ids now and then (so handlers go past "not found"), otherwise hostile text. */
export function pathValue(knownIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: knownIds.length ? fc.constantFrom(...knownIds) : fc.constant("1"), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        "1",
        "0",
        "-1",
        "99999999999999999999",
        "zarinpal",
        "devbank",
        "abc",
        "%00",
        "%ZZ",
        "%FF%FE",
        "..",
        "%2e%2e%2f",
        "a%2Fb",
        "۱۲۳",
      ),
      weight: 3,
    },
    { arbitrary: hostileString.filter((s) => s.length < 3000), weight: 2 },
  );
}

/** Percent-encodes text for a URL, keeping raw `%xx` escapes (and lone surrogates, as %ED%A0%80-ish junk) intact. */
export function encodeLoose(s: string): string {
  let out = "";
  for (const ch of s) {
    if (/^%[0-9A-Za-z]{0,2}$/.test(ch) || ch === "%") out += ch;
    else {
      try {
        out += encodeURIComponent(ch);
      } catch {
        out += "%ED%A0%80"; // a lone surrogate: invalid UTF-8 on purpose
      }
    }
  }
  return out;
}

export type HeaderPlan = {
  accept: string | null;
  csrf: "valid" | "missing" | "wrong" | "huge" | "in-body";
  hugeCookie: number;
  junkCookie: string | null;
  language: string | null;
  forwarded: string | null;
};

export const headerPlan: fc.Arbitrary<HeaderPlan> = fc.record({
  accept: fc.constantFrom(null, null, "*/*", "text/html", "application/json", "application/xml;q=0.9", "", "text/*, image/*;q=0.1, */*;q=0", "\x7f"),
  csrf: fc.oneof(
    { arbitrary: fc.constant("valid" as const), weight: 12 },
    { arbitrary: fc.constantFrom("missing" as const, "wrong" as const, "huge" as const, "in-body" as const), weight: 2 },
  ),
  hugeCookie: fc.oneof({ arbitrary: fc.constant(0), weight: 6 }, { arbitrary: fc.integer({ min: 100, max: 30_000 }), weight: 1 }),
  junkCookie: fc.constantFrom(
    null,
    null,
    null,
    "__Host-daryaft_session=%E0%A4%A",
    "__Host-daryaft_csrf=short",
    "a=b; a=c",
    "=;=;;",
    "__Host-daryaft_session=" + "a".repeat(200),
  ),
  language: fc.constantFrom(null, "fa-IR", "en-US,en;q=0.5", "*", "xx-;;q=abc"),
  forwarded: fc.constantFrom(null, "1.2.3.4", "::1", "not-an-ip", "1.1.1.1, 2.2.2.2", ""),
});

/** A minimal PDF (or a truncated one) of `bytes` length, for multipart file parts. */
export function pdfBytes(bytes: number, pdf: boolean): Uint8Array {
  const head = pdf ? "%PDF-1.4\n1 0 obj<<>>endobj\n" : "";
  const out = new Uint8Array(bytes);
  const enc = new TextEncoder().encode(head);
  out.set(enc.subarray(0, Math.min(enc.length, bytes)));
  for (let i = enc.length; i < bytes; i++) out[i] = (i * 31 + 7) & 0xff;
  return out;
}
