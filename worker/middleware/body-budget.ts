import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { jsonOverBudget } from "../../lib/json-budget";
import { bodyKind, multipartBoundary } from "../lib/body-type";
import type { AppEnv } from "../lib/context";
import { ValidationError } from "../lib/errors";
import { coreMessages } from "../lib/messages";

/**
 * Bodies that are not multipart carry no files: the largest is a pasted reading list (2 M
 * characters, up to ~6 MB of UTF-8). Past this they are refused before they are read, whatever
 * their type; only multipart bodies (files) get the general 25 MB and the upload routes more.
 */
export const TEXT_BODY_MAX_BYTES = 6 * 1024 * 1024;
/** Deepest JSON any endpoint takes is a few levels; a 5 MB body of "[" would be 2.5 M nested arrays (~150 MB). */
export const JSON_MAX_DEPTH = 32;
/**
 * Values of a JSON body (arrays, objects and what commas separate): ours hold a few dozen, a long
 * pasted list is one string. 6 MB of `[{},{},…]` is two million objects, ~200 MB in workerd
 * (measured), with no nesting to speak of.
 */
export const JSON_MAX_VALUES = 20_000;
/**
 * Fields of a form, urlencoded or multipart: ours have a few dozen. A 4 MB body of "a=1&" is a
 * million fields, which the runtime's form parser turned into ~150 MB (measured by the memory
 * fuzz); 24 MB of empty multipart parts, 450,000 of them, ~134 MB and 11 s.
 */
export const FORM_MAX_FIELDS = 1_000;

/**
 * The memory a body may cost before any handler (or the CSRF check, which reads `_token` from a
 * body) parses it, by the kind every reader takes it for (lib/body-type.ts): a body that is not
 * multipart is capped at TEXT_BODY_MAX_BYTES; JSON's nesting and values are counted on the text
 * before JSON.parse builds them, a form's fields before the form parser makes them, and a
 * multipart body's parts on its bytes before the runtime splits it (422 in Persian past a budget).
 */
export function bodyBudget(tooLarge: Parameters<typeof bodyLimit>[0]["onError"]): MiddlewareHandler<AppEnv> {
  const textLimit = bodyLimit({ maxSize: TEXT_BODY_MAX_BYTES, onError: tooLarge });
  return async (c, next) => {
    if (!c.req.raw.body) return next();
    const type = c.req.header("content-type");
    const kind = bodyKind(type);
    if (kind === "multipart") {
      // Read once (within the general limit set before): Hono keeps the bytes, and the form
      // readers later parse that copy.
      const boundary = multipartBoundary(type);
      if (boundary && partCountExceeds(new Uint8Array(await c.req.arrayBuffer()), boundary, FORM_MAX_FIELDS))
        throw new ValidationError({ body: [coreMessages.tooManyFields] });
      return next();
    }
    return textLimit(c, async () => {
      // Read once: Hono keeps the text, and json()/parseBody() later parse that copy.
      if (kind === "json") {
        const over = jsonOverBudget(await c.req.text(), { depth: JSON_MAX_DEPTH, values: JSON_MAX_VALUES });
        if (over) throw new ValidationError({ body: [over === "depth" ? coreMessages.tooDeep : coreMessages.tooManyValues] });
      }
      if (kind === "form" && fieldCountExceeds(await c.req.text(), FORM_MAX_FIELDS)) throw new ValidationError({ body: [coreMessages.tooManyFields] });
      await next();
    });
  };
}

/** Whether a urlencoded body has more than `max` fields ("&"-separated), counted without splitting it. */
function fieldCountExceeds(text: string, max: number): boolean {
  let fields = 1;
  for (let at = text.indexOf("&"); at >= 0; at = text.indexOf("&", at + 1)) if (++fields > max) return true;
  return false;
}

/**
 * Whether a multipart body has more than `max` parts: each part follows a "--boundary" delimiter,
 * and a valid body holds the boundary nowhere else, so counting the delimiter wherever it occurs
 * bounds the parts any multipart reader finds. Knuth-Morris-Pratt: one pass over the bytes
 * whatever they hold (a naive search of a body of dashes would compare ~70 bytes at each).
 */
function partCountExceeds(bytes: Uint8Array, boundary: string, max: number): boolean {
  const needle = new TextEncoder().encode(`--${boundary}`);
  const fallback = new Int32Array(needle.length);
  for (let i = 1, k = 0; i < needle.length; i++) {
    while (k > 0 && needle[i] !== needle[k]) k = fallback[k - 1]!;
    if (needle[i] === needle[k]) k++;
    fallback[i] = k;
  }
  // The closing delimiter ("--boundary--") is counted too: one more than the parts.
  let found = 0;
  for (let i = 0, k = 0; i < bytes.length; i++) {
    while (k > 0 && bytes[i] !== needle[k]) k = fallback[k - 1]!;
    if (bytes[i] === needle[k]) k++;
    if (k === needle.length) {
      if (++found > max + 1) return true;
      k = fallback[k - 1]!;
    }
  }
  return false;
}
