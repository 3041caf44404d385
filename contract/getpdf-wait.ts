/**
 * How long start and check may hold the answer while the job runs (docs/decisions/0013): the
 * answer comes the moment the job settles, or `processing` at this bound (the spec's 3 s polling
 * goes on from there). Below the poll interval, so a polling client never has two calls in flight.
 * Apart from contract/getpdf.ts so the SPA can read them without zod.
 */
export const GETPDF_WAIT_MS = 2500;
/** A progress stream (Accept: text/event-stream) is held at most this long, then ends with the result so far. */
export const GETPDF_STREAM_MS = 25_000;
