import type { Endpoint, InputOf, OutputOf, PathParams } from "../../contract/endpoint";
import { readCsrfToken } from "./page-data";
import { messages } from "./messages";
import { readServerEvents, type ServerEvent } from "../../lib/sse";

/** A failed call in the Worker's error model: validation (422), business (`status: error`) or HTTP. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors: Record<string, string[]> = {},
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;
export function setCsrfToken(token: string) {
  csrfToken = token;
}
function token() {
  return (csrfToken ??= readCsrfToken());
}

async function parse(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

type RequestInit = { method: string; body?: unknown; signal?: AbortSignal; form?: FormData };

export type CallInit = { signal?: AbortSignal };

type CallArgs<E extends Endpoint> = Record<never, never> extends InputOf<E> ? [input?: InputOf<E>, init?: CallInit] : [input: InputOf<E>, init?: CallInit];

/**
 * The one way the SPA calls the Worker: `call(walletApi.price, { article: 1 })`. Fills the path's
 * `:params` from the input; the rest is the query string (GET: empty values left out) or the JSON
 * body (POST). Typed from the contract's schemas (types only: no zod in the bundle); errors as
 * `send` words them.
 */
export function call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<OutputOf<E>>;
/** A multipart body (file uploads): the input gives only the path's params. */
export function call<E extends Endpoint>(endpoint: E, params: PathParams<E["path"]>, init: CallInit & { form: FormData }): Promise<OutputOf<E>>;
export function call(endpoint: Endpoint, input?: object, init: CallInit & { form?: FormData } = {}): Promise<unknown> {
  const { path, request } = requestOf(endpoint, input, init);
  return send(path, request);
}

/**
 * The same call asking for server-sent events (Accept: text/event-stream): each event is handed to
 * `onEvent` as it arrives, and the promise resolves when the stream ends. A JSON answer instead (a
 * 422, a limit, a server that does not stream) is read and thrown or returned exactly as call()
 * does (`{ json }`).
 */
export async function callEvents<E extends Endpoint>(
  endpoint: E,
  input: InputOf<E>,
  init: CallInit & { onEvent(e: ServerEvent): boolean | void },
): Promise<{ json: OutputOf<E> } | { streamed: true }> {
  const { path, request } = requestOf(endpoint, input as object, init);
  const res = await transport(path, request, "text/event-stream");
  if (res.body && (res.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    await readServerEvents(res.body, init.onEvent);
    return { streamed: true };
  }
  return { json: (await answerOf(res)) as OutputOf<E> };
}

function requestOf(endpoint: Endpoint, input: object | undefined, init: CallInit & { form?: FormData }): { path: string; request: RequestInit } {
  const rest: Record<string, unknown> = { ...input };
  const path = endpoint.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  if (endpoint.method === "get") {
    const qs = Object.entries(rest)
      .filter(([, v]) => v !== undefined && v !== null && v !== "")
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
      .join("&");
    return { path: qs ? `${path}?${qs}` : path, request: { method: "GET", signal: init.signal } };
  }
  return { path, request: { method: "POST", signal: init.signal, ...(init.form ? { form: init.form } : { body: rest }) } };
}

/** JSON in and out, the CSRF header on writes, Persian errors (422 field messages, `status: error`, the HTTP code). */
async function send<T>(path: string, init: RequestInit): Promise<T> {
  return (await answerOf(await transport(path, init, "application/json"))) as T;
}

async function transport(path: string, init: RequestInit, accept: string): Promise<Response> {
  const method = init.method;
  const headers: Record<string, string> = { Accept: accept };
  if (method !== "GET") headers["X-CSRF-TOKEN"] = token();
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(init.body);
  }
  try {
    return await fetch(path, { method, headers, body, signal: init.signal, credentials: "same-origin" });
  } catch (e) {
    if ((e as Error).name === "AbortError") throw e;
    throw new ApiError(messages.network, 0);
  }
}

async function answerOf(res: Response): Promise<unknown> {
  const data = await parse(res);
  if (res.status === 422 && data && typeof data === "object" && "errors" in data) {
    const errors = (data as { errors: Record<string, string[]> }).errors;
    throw new ApiError(Object.values(errors).flat().join(" "), 422, errors, data);
  }
  if (data && typeof data === "object" && (data as { status?: unknown }).status === "error") {
    throw new ApiError(String((data as { error?: unknown }).error ?? messages.errorCode(res.status)), res.status, {}, data);
  }
  if (!res.ok) throw new ApiError(messages.errorCode(res.status), res.status, {}, data);
  return data;
}
