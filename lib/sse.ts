/**
 * Server-sent events (the WHATWG `text/event-stream` format) read from a byte stream: the SPA's and
 * the extension's reader of the progress stream. Handles `event:` and `data:` fields (several data
 * lines joined by "\n"), comments, CRLF or LF line ends and chunks cut anywhere; `id:` and `retry:`
 * are not used by our streams and are ignored.
 */
export type ServerEvent = { event: string; data: string };

/** Feeds chunks of text; calls `onEvent` for each complete event. */
export function sseParser(onEvent: (e: ServerEvent) => void): { push(text: string): void } {
  let buffered = "";
  let event = "";
  let data: string[] = [];
  const line = (l: string) => {
    if (l === "") {
      if (data.length) onEvent({ event: event || "message", data: data.join("\n") });
      event = "";
      data = [];
      return;
    }
    if (l.startsWith(":")) return;
    const colon = l.indexOf(":");
    const field = colon === -1 ? l : l.slice(0, colon);
    const value = colon === -1 ? "" : l.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
  };
  return {
    push(text: string) {
      buffered += text;
      let end: number;
      while ((end = buffered.search(/\r\n|\r|\n/)) !== -1) {
        // A lone "\r" at the very end may be half of a "\r\n": wait for the next chunk.
        if (buffered[end] === "\r" && end === buffered.length - 1) break;
        const sep = buffered.startsWith("\r\n", end) ? 2 : 1;
        line(buffered.slice(0, end));
        buffered = buffered.slice(end + sep);
      }
    },
  };
}

/** Reads `body` to its end, handing each event to `onEvent`; `false` from it stops reading. */
export async function readServerEvents(body: ReadableStream<Uint8Array>, onEvent: (e: ServerEvent) => boolean | void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let stop = false;
  const parser = sseParser((e) => {
    if (!stop && onEvent(e) === false) stop = true;
  });
  try {
    while (!stop) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    if (stop) await reader.cancel().catch(() => undefined);
    else reader.releaseLock();
  }
}
