import type { z } from "zod";

export type Method = "get" | "post";

/** The zod schemas an endpoint is declared with on the Worker (`defineEndpoint`'s body, query, response). */
export type Schemas = {
  body?: z.ZodType;
  query?: z.ZodType;
  response?: z.ZodType;
  /** The answer's type where its schema is not in contract/ (a development route's). */
  returns?: unknown;
};

/**
 * One endpoint as a caller sees it: method and path at run time, the request and response types
 * from the contract's zod schemas at compile time only — so importing it brings no zod into the
 * SPA's bundle (the first route stays zod-free). The Worker declares the same method and path with
 * those schemas in `defineEndpoint`; tests/worker/contract-endpoints.test.ts checks each one exists.
 */
export type Endpoint<M extends Method = Method, P extends string = string, S extends Schemas = Schemas> = {
  readonly method: M;
  readonly path: P;
  /** Compile time only: never set. */
  readonly schemas?: S;
};

/** `endpoint<{ body: typeof X; response: typeof Y }>()("post", "/path/:id")`: schemas first, then where it lives. */
export const endpoint =
  <S extends Schemas = Record<never, never>>() =>
  <const M extends Method, const P extends string>(method: M, path: P): Endpoint<M, P, S> => ({ method, path });

/** `/a/:id/b/:userId` → `{ id: string | number; userId: string | number }`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

type SchemaOf<E, K extends keyof Schemas> = E extends Endpoint<Method, string, infer S> ? (S[K] extends z.ZodType ? S[K] : never) : never;

/** What a caller sends: the path's params plus the body (POST) or query (GET) fields, as zod accepts them. */
export type InputOf<E extends Endpoint> = PathParams<E["path"]> &
  ([SchemaOf<E, "body">] extends [never] ? unknown : z.input<SchemaOf<E, "body">>) &
  ([SchemaOf<E, "query">] extends [never] ? unknown : z.input<SchemaOf<E, "query">>);

/** What the Worker answers on success: the response schema's output. */
export type OutputOf<E extends Endpoint> = [SchemaOf<E, "response">] extends [never]
  ? E extends Endpoint<Method, string, infer S>
    ? S extends { returns: infer R }
      ? R
      : unknown
    : unknown
  : z.output<SchemaOf<E, "response">>;
