import { zValidator } from "@hono/zod-validator";
import type { Context, Hono, MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "./context";
import { bodyKind } from "./body-type";
import { isDevelopment } from "../env";
import { authMessages } from "../../contract/auth";
import { AuthError, DomainError, NotFoundError, type FieldErrors, validationResponse } from "./errors";
import type { Role, SignedInRole, UserRow } from "./roles";

type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * One declaration per endpoint: its path, roles and zod schemas. The same object drives
 * validation, role enforcement and /openapi.json, so the three can never disagree.
 */
export type EndpointDef<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  R extends readonly Role[] = readonly Role[],
> = {
  method: Method;
  path: string;
  summary: string;
  roles: R;
  /** JSON, urlencoded form or multipart body (chosen by Content-Type). */
  body?: B;
  query?: Q;
  response?: z.ZodType;
  /** Answers HTML or a redirect rather than JSON. */
  html?: boolean;
  tag?: string;
  /** Exists only in development: 404 elsewhere and left out of /openapi.json. */
  devOnly?: boolean;
  /** Orders or spends: a signed-in user must have verified the mobile while MOBILE_SMS_CONFIRMATION is on. */
  verifiedMobile?: boolean;
};

export const registry: EndpointDef<z.ZodType | undefined, z.ZodType | undefined>[] = [];

/** Signed-in roles only: the role check has run, so the user is there. */
type UserFor<R extends readonly Role[]> = R extends readonly SignedInRole[] ? UserRow : UserRow | null;

type Input<B, Q, R extends readonly Role[]> = {
  body: B extends z.ZodType ? z.output<B> : undefined;
  query: Q extends z.ZodType ? z.output<Q> : undefined;
  /** The signed-in user: never null when every allowed role is a signed-in one. */
  user: UserFor<R>;
};

/** Turns zod issues into the spec's `{ field: [messages] }` map. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_body";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

const hook = (result: { success: boolean; error?: unknown }, c: Context) => {
  if (!result.success) return validationResponse(c, fieldErrors(result.error as z.ZodError));
};

function requireRoles(allowed: readonly Role[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const mine = c.get("roles");
    if (!mine.some((r) => allowed.includes(r))) throw new AuthError(mine.includes("guest") ? "login" : "forbidden");
    await next();
  };
}

/** Before the role check, so production answers a dev route exactly like a path that does not exist. */
const developmentOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isDevelopment(c.env)) throw new NotFoundError();
  await next();
};

/**
 * The server side of MOBILE_SMS_CONFIRMATION (the SPA only opens the dialog): a signed-in user with
 * an unverified mobile cannot order or pay through the API. University members skip the mobile
 * prompt (accounts spec §4) and are not held; guests get each endpoint's own answer.
 */
const mobileVerified: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.var.user;
  const required = c.env.MOBILE_SMS_CONFIRMATION !== "false";
  if (required && user && !user.mobileVerifiedAt && !c.var.roles.includes("university")) {
    throw new DomainError(authMessages.mobileVerificationRequired, 403, { mobile_verification_required: 1 });
  }
  await next();
};

// The same rule as the body budget and the CSRF check (lib/body-type.ts).
const isJson = (c: Context) => bodyKind(c.req.header("content-type")) === "json";
const isForm = (c: Context) => ["form", "multipart"].includes(bodyKind(c.req.header("content-type")));

function bodyValidator(schema: z.ZodType): MiddlewareHandler<AppEnv> {
  const json = zValidator("json", schema, hook) as unknown as MiddlewareHandler<AppEnv>;
  const form = zValidator("form", schema, hook) as unknown as MiddlewareHandler<AppEnv>;
  return async (c, next) => {
    if (isJson(c)) return json(c, next);
    if (isForm(c)) return form(c, next);
    // No or unknown body type: validate an empty object so required fields report themselves.
    const result = schema.safeParse({});
    if (!result.success) return validationResponse(c, fieldErrors(result.error));
    c.req.addValidatedData("json", result.data as object);
    await next();
  };
}

export function defineEndpoint<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  R extends readonly Role[] = readonly Role[],
>(app: Hono<AppEnv>, def: EndpointDef<B, Q, R>, handler: (c: Context<AppEnv>, input: Input<B, Q, R>) => Response | Promise<Response>) {
  registry.push(def as unknown as EndpointDef<z.ZodType | undefined, z.ZodType | undefined>);
  const chain: MiddlewareHandler<AppEnv>[] = [requireRoles(def.roles)];
  if (def.devOnly) chain.unshift(developmentOnly);
  if (def.verifiedMobile) chain.push(mobileVerified);
  if (def.query) chain.push(zValidator("query", def.query, hook) as unknown as MiddlewareHandler<AppEnv>);
  if (def.body) chain.push(bodyValidator(def.body));
  app.on([def.method.toUpperCase()], [def.path], ...chain, (c) => {
    const valid = c.req as unknown as { valid(target: string): unknown };
    const body = def.body ? (isForm(c) ? valid.valid("form") : valid.valid("json")) : undefined;
    const query = def.query ? valid.valid("query") : undefined;
    // requireRoles let only a signed-in user through when no allowed role is "guest".
    return handler(c, { body, query, user: c.var.user } as Input<B, Q, R>);
  });
}

/** A zod boolean for form posts, where every value arrives as a string. */
export const formBool = z.preprocess((v) => v === true || v === "true" || v === "1" || v === "on" || v === 1, z.boolean());
