/**
 * The popup's calls to Daryaft, with the user's own session (credentials: "include"). The Worker
 * answers these three paths to our extension's origin only (docs/decisions/0006-extension-access.md).
 * Spending is always a POST with the CSRF token from /csrf-token.
 */
export interface GetPdfResult {
  id: string;
  status: "ok" | "error" | "offline" | "buy" | "processing";
  download_link: string | null;
  msg: string;
  msg2: string | null;
  url: string | null;
  doi: string | null;
}

export class OfflineError extends Error {}

async function call<T>(path: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  let res: Response;
  try {
    res = await fetch(`${DARYAFT_ORIGIN}${path}`, { credentials: "include", cache: "no-store", ...init, headers: { Accept: "application/json", ...init?.headers } });
  } catch {
    throw new OfflineError();
  }
  return { status: res.status, body: (await res.json().catch(() => ({}))) as T };
}

export async function session(): Promise<{ token: string; signedIn: boolean }> {
  const { body } = await call<{ token?: string; signed_in?: boolean }>("/csrf-token");
  if (!body.token) throw new OfflineError();
  return { token: body.token, signedIn: body.signed_in === true };
}

/** POST with the CSRF token; a 419 (token rotated by a sign-in elsewhere) is retried once with a fresh one. */
export async function post(path: "/getpdf/start" | "/getpdf/check", data: Record<string, string>, token: string): Promise<GetPdfResult | { error: string }> {
  const send = (t: string) => call<GetPdfResult & { message?: string; error?: string }>(path, { method: "POST", headers: { "Content-Type": "application/json", "X-CSRF-TOKEN": t }, body: JSON.stringify(data) });
  let res = await send(token);
  if (res.status === 419) res = await send((await session()).token);
  if (res.status !== 200 || !res.body.status) return { error: res.body.message ?? res.body.error ?? "پاسخ دریافت قابل خواندن نبود." };
  return res.body;
}
