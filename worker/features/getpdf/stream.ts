/**
 * The progress stream: start and check asked with `Accept: text/event-stream` answer server-sent
 * events instead of one JSON result — `progress` (a GetPdfProgress) each time the job's step
 * changes, then one `result` (the GetPdfResult, per-user rules applied as in the JSON answer) when
 * the job settles or at GETPDF_STREAM_MS, and the stream ends. One request from the paste to the
 * link: the job's Durable Object pushes each change (job-watchers.ts), nothing polls. A client
 * that goes away cancels the stream, and with it the watcher in the object.
 */
import type { GetPdfProgress, GetPdfResult } from "../../../contract/getpdf";
import { GETPDF_STREAM_MS } from "../../../contract/getpdf";
import type { JobState } from "../../../contract/jobs/job-state";
import { createLogger } from "../../../lib/logger";
import { fetchJobStub } from "../jobs/fetch-job";
import { watchJob } from "../jobs/job-wait";
import { progressOf } from "./progress";
import { showTicket, ticketJobKey, type GetpdfContext } from "./service";

export const EVENT_STREAM = "text/event-stream";

/** The caller asked for the stream (EventSource sends this Accept by itself). */
export function wantsStream(accept: string | undefined): boolean {
  return (accept ?? "").toLowerCase().includes(EVENT_STREAM);
}

const encoder = new TextEncoder();
const frame = (event: "progress" | "result", data: GetPdfProgress | GetPdfResult) => encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

/**
 * `first` is the start's or check's answer given without waiting. A settled one is the only
 * event; a processing one is followed by the job's steps until it settles or the bound passes.
 */
export function progressStream(ctx: GetpdfContext, first: GetPdfResult, signal: AbortSignal): Response {
  const cancelled = new AbortController();
  const ended = AbortSignal.any([signal, cancelled.signal]);
  const body = new ReadableStream<Uint8Array>({
    start: async (controller) => {
      try {
        const last =
          first.status === "processing" ? await follow(ctx, first, ended, (p) => controller.enqueue(frame("progress", p))) : { result: first, record: null };
        // Its downloads row is written after the result is sent (and even if nobody reads any more).
        const recording = last.record?.().catch((err: unknown) => createLogger("getpdf").error("getpdf.record_failed", { error: String(err) }));
        if (recording && ctx.background) ctx.background(recording);
        if (!ended.aborted) {
          controller.enqueue(frame("result", last.result));
          controller.close();
        }
        if (recording && !ctx.background) await recording;
      } catch (err) {
        // A broken stream ends without a result: the client asks check, as it would after any network error.
        createLogger("getpdf").warn("getpdf.stream_failed", { error: String(err) });
        try {
          controller.error(err);
        } catch {
          // Already cancelled by the client.
        }
      }
    },
    cancel: () => cancelled.abort(),
  });
  return new Response(body, { headers: { "Content-Type": `${EVENT_STREAM}; charset=utf-8`, "Cache-Control": "no-store" } });
}

type Last = { result: GetPdfResult; record: (() => Promise<void>) | null };

/** Sends each new step of the job behind `first`; answers the result to end with (and its recording). */
async function follow(ctx: GetpdfContext, first: GetPdfResult, signal: AbortSignal, send: (p: GetPdfProgress) => void): Promise<Last> {
  const unchanged = { result: first, record: null };
  const key = await ticketJobKey(ctx, first.id);
  if (!key) return unchanged;
  let last: JobState | null | undefined;
  let shown = "";
  for await (const state of watchJob(fetchJobStub(ctx.env, key), { mode: "changes", timeoutMs: GETPDF_STREAM_MS }, signal, ctx.background)) {
    last = state;
    const p = progressOf(state);
    // A settled state is the stream's last line: the object closes it right after.
    if (!p) continue;
    // A write that changed nothing people see (a retry's attempt number) is not an event.
    const seen = JSON.stringify(p);
    if (seen !== shown) send({ id: first.id, ...p });
    shown = seen;
  }
  if (last === undefined) return unchanged;
  const final = await showTicket(ctx, first.id, last);
  if (!final) return unchanged;
  // The matched work of a pasted reference is named by the start's answer only; keep it.
  return { result: first.match ? { ...final.result, match: first.match } : final.result, record: final.record };
}
