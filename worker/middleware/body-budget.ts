import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { jsonNestingExceeds } from "../../lib/json-budget";
import type { AppEnv } from "../lib/context";
import { ValidationError } from "../lib/errors";
import { coreMessages } from "../lib/messages";

/**
 * Bodies read as text (JSON, urlencoded forms) carry no files: the largest is a pasted reading list
 * (2 M characters, up to ~6 MB of UTF-8). Past this they are refused before they are read; only
 * multipart bodies (files) get the general 25 MB and the upload routes more.
 */
export const TEXT_BODY_MAX_BYTES = 6 * 1024 * 1024;
/** Deepest JSON any endpoint takes is a few levels; a 5 MB body of "[" would be 2.5 M nested arrays (~150 MB). */
export const JSON_MAX_DEPTH = 32;
/**
 * Fields of a urlencoded form: ours have a few dozen. A 4 MB body of "a=1&" is a million fields,
 * which the runtime's form parser turned into ~150 MB (measured by the memory fuzz).
 */
export const FORM_MAX_FIELDS = 1_000;

const isJson = (type: string) => /\bjson\b/.test(type);
const isUrlencoded = (type: string) => type.includes("application/x-www-form-urlencoded");
const isTextBody = (type: string) => isJson(type) || type.includes("application/x-www-form-urlencoded") || type.startsWith("text/");

/**
 * The memory a body may cost before any handler (or the CSRF check, which reads `_token` from a
 * body) parses it: text bodies are capped at TEXT_BODY_MAX_BYTES, JSON nesting is counted on the
 * text before JSON.parse builds it, and a form's fields before the form parser makes them (422 in
 * Persian past JSON_MAX_DEPTH or FORM_MAX_FIELDS). Multipart bodies are parsed by the runtime
 * outside the isolate's heap; the fuzz measured 100,000 parts at ~20 MB.
 */
export function bodyBudget(tooLarge: Parameters<typeof bodyLimit>[0]["onError"]): MiddlewareHandler<AppEnv> {
  const textLimit = bodyLimit({ maxSize: TEXT_BODY_MAX_BYTES, onError: tooLarge });
  return async (c, next) => {
    const type = (c.req.header("content-type") ?? "").toLowerCase();
    if (!c.req.raw.body || !isTextBody(type)) return next();
    return textLimit(c, async () => {
      // Read once: Hono keeps the text, and json()/parseBody() later parse that copy.
      if (isJson(type) && jsonNestingExceeds(await c.req.text(), JSON_MAX_DEPTH)) throw new ValidationError({ body: [coreMessages.tooDeep] });
      if (isUrlencoded(type) && fieldCountExceeds(await c.req.text(), FORM_MAX_FIELDS)) throw new ValidationError({ body: [coreMessages.tooManyFields] });
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
