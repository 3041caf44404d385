/**
 * Start and check as the dialog makes them: one request asking for the progress stream, each step
 * handed to `onProgress` as the job reaches it, the result when it settles. A server answering
 * JSON instead (an error, a limit, no streaming on the way) is read as before; a stream that
 * breaks after a step gives a processing result with the ticket, so polling goes on from there.
 */
import type { GetPdfProgress, GetPdfResult } from "../../../contract/getpdf";
import type { Endpoint, InputOf } from "../../../contract/endpoint";
import { ApiError, callEvents } from "../../lib/api";
import { messages } from "../../lib/messages";
import { isResult } from "./result-shape";

export type OnProgress = (p: GetPdfProgress) => void;

function isProgress(v: unknown): v is GetPdfProgress {
  return (
    !!v &&
    typeof v === "object" &&
    typeof (v as GetPdfProgress).id === "string" &&
    typeof (v as GetPdfProgress).stage === "string" &&
    typeof (v as GetPdfProgress).text === "string"
  );
}

/** What the dialog shows after a stream broke mid-way: still processing, at the last step seen. */
function processingAt(p: GetPdfProgress): GetPdfResult {
  return {
    id: p.id,
    status: "processing",
    download_link: null,
    ads1: null,
    ads2: null,
    msg: "",
    msg2: p.text,
    url: null,
    doi: null,
    desc: null,
    can_edit: false,
  };
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

export async function streamedResult<E extends Endpoint>(
  endpoint: E,
  input: InputOf<E>,
  signal: AbortSignal | undefined,
  onProgress?: OnProgress,
): Promise<GetPdfResult> {
  let result: GetPdfResult | null = null;
  let last: GetPdfProgress | null = null;
  try {
    const answer = await callEvents(endpoint, input, {
      signal,
      onEvent: (e) => {
        const data = parse(e.data);
        if (e.event === "progress" && isProgress(data)) {
          last = data;
          onProgress?.(data);
        } else if (e.event === "result" && isResult(data)) {
          result = data;
          return false;
        }
      },
    });
    if ("json" in answer) {
      if (!isResult(answer.json)) throw new ApiError("unexpected answer", 0, {}, answer.json);
      return answer.json;
    }
  } catch (err) {
    // A `status: error` answer is a result to show, not a failure.
    if (err instanceof ApiError && isResult(err.body)) return err.body;
    if ((err as Error).name === "AbortError" || !last) throw err;
  }
  if (result) return result;
  if (last) return processingAt(last);
  throw new ApiError(messages.network, 0);
}
