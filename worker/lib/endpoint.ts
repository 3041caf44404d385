import { zValidator } from "@hono/zod-validator";
import type { Context, Hono, MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "./context";
import { bodyKind } from "./body-type";
import { isDevelopment } from "../env";
import { authMessages } from "../../contract/auth";
import { AuthError, DomainError, NotFoundError, type FieldErrors, validationResponse } from "./errors";
import type { Role, SignedInRole, UserRow } from "./roles";
import type { Endpoint, Method, Schemas } from "../../contract/endpoint";

/** Signed-in roles only: the role check has run, so the user is there. */
type UserFor<R extends readonly Role[]> = R extends readonly SignedInRole[] ? UserRow : UserRow | null;

type SchemaOutput<S, K extends keyof Schemas> = S extends { [_ in K]: infer Z extends z.ZodType } ? z.output<Z> : undefined;

/** What a handler gets: the validated body and query, and the user the role check let through. */
export type EndpointInput<E extends Endpoint> =
  E extends Endpoint<Method, string, infer S, infer R>
    ? {
        body: SchemaOutput<S, "body">;
        query: SchemaOutput<S, "query">;
        /** The signed-in user: never null when every allowed role is a signed-in one. */
        user: UserFor<R>;
      }
    : never;

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

/**
 * The query and body validators of an endpoint, made once its schemas have loaded (the first
 * request to it: a dynamic import of a module the Worker's bundle already holds).
 */
function validators(endpoint: Endpoint): MiddlewareHandler<AppEnv> {
  let chain: Promise<MiddlewareHandler<AppEnv>[]> | undefined;
  const load = async () => {
    const { query, body } = await endpoint.schemas();
    const out: MiddlewareHandler<AppEnv>[] = [];
    if (query) out.push(zValidator("query", query, hook) as unknown as MiddlewareHandler<AppEnv>);
    if (body) out.push(bodyValidator(body));
    return out;
  };
  return async (c, next) => {
    const mws = await (chain ??= load());
    // A validator that fails answers (422) instead of calling on: that answer is the response.
    let answer: Response | undefined;
    const run = async (i: number): Promise<void> => {
      if (i === mws.length) return next();
      const res = await mws[i]!(c, () => run(i + 1));
      if (res instanceof Response) answer ??= res;
    };
    await run(0);
    return answer;
  };
}

/**
 * Binds a handler to an endpoint declared in contract/endpoints/: its roles (401/403), development
 * only (404 elsewhere), a verified mobile where it spends, its zod schemas (422), then the handler
 * with the validated input. worker/endpoints.ts lists every endpoint for /openapi.json;
 * tests/worker/security/contract-endpoints.test.ts checks that the app binds exactly those.
 */
export function bindEndpoint<E extends Endpoint>(
  app: Hono<AppEnv>,
  endpoint: E,
  handler: (c: Context<AppEnv>, input: EndpointInput<E>) => Response | Promise<Response>,
) {
  const chain: MiddlewareHandler<AppEnv>[] = [requireRoles(endpoint.roles)];
  if (endpoint.devOnly) chain.unshift(developmentOnly);
  if (endpoint.verifiedMobile) chain.push(mobileVerified);
  chain.push(validators(endpoint));
  app.on([endpoint.method.toUpperCase()], [endpoint.path], ...chain, async (c) => {
    const schemas = await endpoint.schemas();
    const valid = c.req as unknown as { valid(target: string): unknown };
    const body = schemas.body ? (isForm(c) ? valid.valid("form") : valid.valid("json")) : undefined;
    const query = schemas.query ? valid.valid("query") : undefined;
    // requireRoles let only a signed-in user through when no allowed role is "guest".
    return handler(c, { body, query, user: c.var.user } as EndpointInput<E>);
  });
}

/** A zod boolean for form posts, where every value arrives as a string. */
export const formBool = z.preprocess((v) => v === true || v === "true" || v === "1" || v === "on" || v === 1, z.boolean());
