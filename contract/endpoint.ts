import type { z } from "zod";
import type { Role } from "./roles";

export type Method = "get" | "post";

/** An endpoint's zod schemas: what the Worker validates (422) and /openapi.json describes. */
export type Schemas = {
  body?: z.ZodType;
  query?: z.ZodType;
  response?: z.ZodType;
};

/** What an endpoint is, besides where it lives and its schemas. */
export type EndpointInfo = {
  /** One line for /openapi.json. */
  readonly summary: string;
  /** Who may call it (401 for a guest, 403 for anyone else outside these). */
  readonly roles: readonly Role[];
  /** Its group in /openapi.json. */
  readonly tag?: string;
  /** Answers HTML, a file or a redirect rather than JSON. */
  readonly html?: boolean;
  /** Exists only in development: 404 elsewhere and left out of /openapi.json. */
  readonly devOnly?: boolean;
  /** Orders or spends: a signed-in user must have verified the mobile while MOBILE_SMS_CONFIRMATION is on. */
  readonly verifiedMobile?: boolean;
};

/**
 * One endpoint, declared once (contract/endpoints/<feature>.ts). The Worker binds its handler to it
 * (worker/lib/endpoint.ts `bindEndpoint`), lists it for /openapi.json (worker/endpoints.ts), and the
 * SPA and the extension call through it (`call(walletApi.price, …)`), so its method and path are
 * written nowhere else. The schemas come from a dynamic import that only the Worker runs: the SPA
 * reads the method and path, and its request and response types at compile time, so importing an
 * entry brings no zod into its first route (docs/decisions/0016-endpoints-declared-once.md).
 */
export type Endpoint<
  M extends Method = Method,
  P extends string = string,
  S extends Schemas = Schemas,
  R extends readonly Role[] = readonly Role[],
> = EndpointInfo & {
  readonly method: M;
  readonly path: P;
  readonly roles: R;
  /** The zod schemas, loaded on first use (the Worker's validation, /openapi.json). */
  readonly schemas: () => Promise<S>;
};

/** The schemas picked, without the ones an endpoint does not have. */
type Picked<B, Q, O> = {
  [K in "body" | "query" | "response" as (K extends "body" ? B : K extends "query" ? Q : O) extends z.ZodType ? K : never]: K extends "body"
    ? B
    : K extends "query"
      ? Q
      : O;
};

type Merged<T extends readonly unknown[]> = T extends readonly [infer H, ...infer Rest] ? H & Merged<Rest> : unknown;

/**
 * A feature's endpoints: `schemas` loads the contract modules their zod schemas live in (dynamic
 * imports, so nothing loads them until the Worker asks); each entry picks its own from them.
 *
 *   const wallet = endpoints({ tag: "wallet", schemas: () => Promise.all([import("../wallet")]) });
 *   price: wallet.post("/price", { summary: "…", roles: anyone, body: (s) => s.PriceInput, response: (s) => s.PriceResponse }),
 */
export function endpoints<const T extends readonly object[] = []>(group: { tag: string; schemas?: () => Promise<T> }) {
  type Modules = Merged<T>;
  let loaded: Promise<Modules> | undefined;
  const modules = () =>
    (loaded ??= (group.schemas ? group.schemas() : Promise.resolve([] as unknown as T)).then((mods) => Object.assign({}, ...mods) as Modules));
  const declare =
    <const M extends Method>(method: M) =>
    <
      const P extends string,
      R extends readonly Role[],
      B extends z.ZodType | undefined = undefined,
      Q extends z.ZodType | undefined = undefined,
      O extends z.ZodType | undefined = undefined,
    >(
      path: P,
      def: Omit<EndpointInfo, "roles"> & { roles: R; body?: (s: Modules) => B; query?: (s: Modules) => Q; response?: (s: Modules) => O },
    ): Endpoint<M, P, Picked<B, Q, O>, R> => {
      const { body, query, response, ...info } = def;
      let schemas: Promise<Picked<B, Q, O>> | undefined;
      const pick = (s: Modules) => {
        const out: Schemas = {};
        if (body) out.body = body(s);
        if (query) out.query = query(s);
        if (response) out.response = response(s);
        return out as Picked<B, Q, O>;
      };
      return { tag: group.tag, ...info, method, path, schemas: () => (schemas ??= modules().then(pick)) };
    };
  return { get: declare("get"), post: declare("post") };
}

/** `/a/:id/b/:userId` → `{ id: string | number; userId: string | number }`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

/**
 * The path with its `:params` filled from `input` (each encoded), and the input's other fields:
 * `fillPath("/batch/:id/zip", { id: "b_1", x: 1 })` → `{ path: "/batch/b_1/zip", rest: { x: 1 } }`.
 */
export function fillPath(path: string, input: object = {}): { path: string; rest: Record<string, unknown> } {
  const rest: Record<string, unknown> = { ...input };
  const filled = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}

/** The path of a call to `endpoint` with these params: `pathOf(walletApi.payment, { id })`. */
export function pathOf<E extends Endpoint>(endpoint: E, params: PathParams<E["path"]>): string {
  return fillPath(endpoint.path, params).path;
}

/** Whether a request path is one of the endpoint's (a `:param` is one segment, a trailing `*` anything). */
export function pathMatches(endpoint: Pick<Endpoint, "path">, pathname: string): boolean {
  const pattern = endpoint.path
    .split(/(:[A-Za-z_]+|\*$)/)
    .map((part) => (part.startsWith(":") ? "[^/]+" : part === "*" ? ".*" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${pattern}$`).test(pathname);
}

type SchemaOf<E, K extends keyof Schemas> = E extends Endpoint<Method, string, infer S> ? (S[K] extends z.ZodType ? S[K] : never) : never;

/** What a caller sends: the path's params plus the body (POST) or query (GET) fields, as zod accepts them. */
export type InputOf<E extends Endpoint> = PathParams<E["path"]> &
  ([SchemaOf<E, "body">] extends [never] ? unknown : z.input<SchemaOf<E, "body">>) &
  ([SchemaOf<E, "query">] extends [never] ? unknown : z.input<SchemaOf<E, "query">>);

/** What the Worker answers on success: the response schema's output. */
export type OutputOf<E extends Endpoint> = [SchemaOf<E, "response">] extends [never] ? unknown : z.output<SchemaOf<E, "response">>;
