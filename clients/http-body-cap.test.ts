/** Upstream answers are read within a cap, counted on what is read (a gzip answer sends no length). */
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { MAX_API_BODY_BYTES, readBytes, readJson, readText } from "./http";

const MB = 1024 * 1024;

/** An endless body: 1 MB chunks for as long as it is read; counts what was pulled. */
function endless() {
  const state = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled += MB;
      controller.enqueue(new Uint8Array(MB).fill(0x20));
    },
  });
  return { res: new Response(body), state };
}

describe("upstream bodies within a cap", () => {
  it("an endless answer is given up just past the cap, as a parse error", async () => {
    const { res, state } = endless();
    await expect(readText(res, "crossref")).rejects.toMatchObject({ kind: "parse" });
    expect(state.pulled).toBeLessThanOrEqual(MAX_API_BODY_BYTES + 2 * MB);
  });

  it("a gzip bomb inflated by the runtime is stopped at the cap, not read whole", async () => {
    const bomb = gzipSync(Buffer.alloc(MAX_API_BODY_BYTES + 8 * MB, 0x20));
    expect(bomb.byteLength).toBeLessThan(MB);
    const inflated = new Response(new Blob([bomb]).stream().pipeThrough(new DecompressionStream("gzip")));
    await expect(readJson(inflated, "unpaywall")).rejects.toMatchObject({ kind: "parse" });
  });

  it("a declared length past the cap is refused before reading; bytes within it are whole", async () => {
    const big = new Response("x", { headers: { "content-length": String(200 * MB) } });
    await expect(readBytes(big, "elsevier", 60 * MB)).rejects.toMatchObject({ kind: "parse" });
    expect(await readBytes(new Response(new Uint8Array([1, 2, 3])), "x")).toEqual(new Uint8Array([1, 2, 3]));
    expect(await readText(new Response("سلام"), "x")).toBe("سلام");
  });
});
