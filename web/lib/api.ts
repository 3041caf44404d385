import { readCsrfToken } from "./page-data";
import { messages } from "./messages";

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

/** The one way the SPA calls the Worker: JSON in and out, CSRF header, Persian errors. */
export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal; form?: FormData } = {}): Promise<T> {
  const method = init.method ?? (init.body || init.form ? "POST" : "GET");
  const headers: Record<string, string> = { Accept: "application/json" };
  if (method !== "GET") headers["X-CSRF-TOKEN"] = token();
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(init.body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body, signal: init.signal, credentials: "same-origin" });
  } catch (e) {
    if ((e as Error).name === "AbortError") throw e;
    throw new ApiError(messages.network, 0);
  }
  const data = await parse(res);
  if (res.status === 422 && data && typeof data === "object" && "errors" in data) {
    const errors = (data as { errors: Record<string, string[]> }).errors;
    throw new ApiError(Object.values(errors).flat().join(" "), 422, errors, data);
  }
  if (data && typeof data === "object" && (data as { status?: unknown }).status === "error") {
    throw new ApiError(String((data as { error?: unknown }).error ?? messages.errorCode(res.status)), res.status, {}, data);
  }
  if (!res.ok) throw new ApiError(messages.errorCode(res.status), res.status, {}, data);
  return data as T;
}
