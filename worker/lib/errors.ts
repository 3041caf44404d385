import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { z } from "zod";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { coreMessages } from "./messages";
import { createLogger, type Logger } from "../../lib/logger";

export type FieldErrors = Record<string, string[]>;

/** A business failure: answered `{ status: "error", error }` (the spec's shape). */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly httpStatus: ContentfulStatusCode = 200,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** A validation failure: answered 422 `{ message, errors }`. */
export class ValidationError extends Error {
  constructor(readonly errors: FieldErrors) {
    super(firstMessage(errors) ?? coreMessages.invalidInput);
  }
}

export class AuthError extends DomainError {
  constructor(kind: "login" | "forbidden") {
    super(kind === "login" ? coreMessages.loginRequired : coreMessages.forbidden, kind === "login" ? 401 : 403);
  }
}

export class RateLimitError extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    message?: string,
    extra: Record<string, unknown> = {},
  ) {
    super(message ?? coreMessages.tooMany(retryAfterSeconds), 429, { retry_after: retryAfterSeconds, ...extra });
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string = coreMessages.notFound) {
    super(message, 404);
  }
}

function firstMessage(errors: FieldErrors): string | undefined {
  for (const list of Object.values(errors)) if (list[0]) return list[0];
  return undefined;
}

export function validationResponse(c: Context, errors: FieldErrors) {
  return c.json({ message: firstMessage(errors) ?? coreMessages.invalidInput, errors }, 422);
}

function domainResponse(c: Context, err: DomainError) {
  const wait = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  if (typeof wait === "number") c.header("Retry-After", String(wait));
  return c.json({ status: "error" as const, error: err.message, ...err.extra }, err.httpStatus);
}

/** The single error handler: known errors keep their shapes; anything else is logged and answered generically. */
export function handleError(err: Error, c: Context) {
  if (err instanceof ValidationError) return validationResponse(c, err.errors);
  if (err instanceof DomainError) return domainResponse(c, err);
  // A schema parsed inside a handler (a path parameter, say) refused its input: that is bad input, so 422.
  if (err instanceof z.ZodError) {
    const errors: FieldErrors = {};
    for (const issue of err.issues) (errors[issue.path.length ? issue.path.map(String).join(".") : "_body"] ??= []).push(issue.message);
    return validationResponse(c, errors);
  }
  if (err instanceof HTTPException) {
    // Hono's own parsers (e.g. malformed JSON) throw 400s: that is bad input, so 422.
    if (err.status === 400) return validationResponse(c, { _body: [coreMessages.malformedBody] });
    if (err.status === 413) return c.json({ status: "error", error: coreMessages.tooLarge }, 413);
    return c.json({ status: "error", error: err.message || coreMessages.invalidInput }, err.status);
  }
  const requestId = (c.get("requestId") as string | undefined) ?? "-";
  const log = (c.get("log") as Logger | undefined) ?? createLogger(requestId);
  log.error("unhandled", { path: new URL(c.req.url).pathname, error: String(err), stack: err.stack });
  return c.json({ status: "error", error: coreMessages.internal(requestId) }, 500);
}
