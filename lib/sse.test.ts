import { describe, expect, it } from "vitest";
import { readServerEvents, sseParser, type ServerEvent } from "./sse";

describe("sseParser", () => {
  it("reads events cut anywhere, with CRLF, comments and multi-line data", () => {
    const text = ': hello\r\nevent: progress\r\ndata: {"a":1}\r\n\r\nevent: result\ndata: line 1\ndata: line 2\n\ndata: plain\n\n';
    for (const size of [1, 2, 3, 7, text.length]) {
      const seen: ServerEvent[] = [];
      const p = sseParser((e) => seen.push(e));
      for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size));
      expect(seen).toEqual([
        { event: "progress", data: '{"a":1}' },
        { event: "result", data: "line 1\nline 2" },
        { event: "message", data: "plain" },
      ]);
    }
  });

  it("keeps an event without its closing blank line pending, and ignores events without data", () => {
    const seen: ServerEvent[] = [];
    const p = sseParser((e) => seen.push(e));
    p.push("event: only-name\n\nevent: late\ndata: x\n");
    expect(seen).toEqual([]);
    p.push("\n");
    expect(seen).toEqual([{ event: "late", data: "x" }]);
  });

  it("reads a byte stream to its end, or stops when told", async () => {
    const body = () => new Response("event: a\ndata: 1\n\nevent: b\ndata: 2\n\n").body!;
    const all: string[] = [];
    await readServerEvents(body(), (e) => void all.push(e.event));
    expect(all).toEqual(["a", "b"]);
    const first: string[] = [];
    await readServerEvents(body(), (e) => {
      first.push(e.event);
      return false;
    });
    expect(first).toEqual(["a"]);
  });
});
