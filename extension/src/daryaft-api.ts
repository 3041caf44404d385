/**
 * The popup's calls to Daryaft, with the user's own session (credentials: "include"). The Worker
 * answers these three paths to our extension's origin only (docs/decisions/0006-extension-access.md).
 * Spending is always a POST with the CSRF token from /csrf-token. Start and check ask for the
 * progress stream: each step of the job as it happens, then the result (one request).
 */
import { readServerEvents } from "../../lib/sse";
import type { GetPdfProgress } from "../../contract/getpdf";
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
    res = await fetch(`${DARYAFT_ORIGIN}${path}`, {
      credentials: "include",
      cache: "no-store",
      ...init,
      headers: { Accept: "application/json", ...init?.headers },
    });
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

export type Progress = Pick<GetPdfProgress, "id" | "stage" | "text">;

const unreadable = "پاسخ دریافت قابل خواندن نبود.";

/**
 * POST with the CSRF token, asking for the progress stream; a 419 (token rotated by a sign-in
 * elsewhere) is retried once with a fresh one. Each step goes to `onProgress`; the answer is the
 * streamed result, a JSON answer as before, or — when the stream broke after a step — a processing
 * result with the ticket, to go on with check.
 */
export async function post(
  path: "/getpdf/start" | "/getpdf/check",
  data: Record<string, string>,
  token: string,
  onProgress?: (p: Progress) => void,
): Promise<GetPdfResult | { error: string }> {
  const send = async (t: string) => {
    try {
      return await fetch(`${DARYAFT_ORIGIN}${path}`, {
        method: "POST",
        credentials: "include",
        cache: "no-store",
        headers: { Accept: "text/event-stream", "Content-Type": "application/json", "X-CSRF-TOKEN": t },
        body: JSON.stringify(data),
      });
    } catch {
      throw new OfflineError();
    }
  };
  let res = await send(token);
  if (res.status === 419) res = await send((await session()).token);
  if (res.status === 200 && res.body && (res.headers.get("content-type") ?? "").startsWith("text/event-stream")) return streamed(res.body, onProgress);
  const body = (await res.json().catch(() => ({}))) as GetPdfResult & { message?: string; error?: string };
  if (res.status !== 200 || !body.status) return { error: body.message ?? body.error ?? unreadable };
  return body;
}

async function streamed(body: ReadableStream<Uint8Array>, onProgress?: (p: Progress) => void): Promise<GetPdfResult | { error: string }> {
  let result: GetPdfResult | null = null;
  let last: Progress | null = null;
  try {
    await readServerEvents(body, (e) => {
      const data = JSON.parse(e.data) as Progress & GetPdfResult;
      if (e.event === "progress") {
        last = data;
        onProgress?.(data);
      } else if (e.event === "result") {
        result = data;
        return false;
      }
    });
  } catch {
    // Broken on the way: what was heard still counts.
  }
  if (result) return result;
  if (last) {
    const p: Progress = last;
    return { id: p.id, status: "processing", download_link: null, msg: "", msg2: p.text, url: null, doi: null };
  }
  return { error: unreadable };
}
