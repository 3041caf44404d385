/** Helpers of the batch (reading list) tests: upload, poll until terminal, read a ZIP. */
import { expect } from "vitest";
import { BatchCreated, BatchView } from "../../../contract/batch";
import type { Client } from "./helpers";

export async function uploadBatch(c: Client, input: { file?: { name: string; content: string | Uint8Array<ArrayBuffer> }; text?: string }): Promise<Response> {
  const form = new FormData();
  form.set("_token", await c.token());
  if (input.file) form.set("file", new File([input.file.content], input.file.name, { type: "text/plain" }));
  if (input.text !== undefined) form.set("text", input.text);
  return c.fetch("/batch", { method: "POST", body: form });
}

export async function createBatch(c: Client, input: Parameters<typeof uploadBatch>[1]): Promise<BatchCreated> {
  const res = await uploadBatch(c, input);
  expect(res.status, await res.clone().text()).toBe(200);
  return BatchCreated.parse(await res.json());
}

export async function readBatch(c: Client, id: string): Promise<BatchView> {
  const res = await c.get(`/batch/${id}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return BatchView.parse(await res.json());
}

export async function waitForBatch(c: Client, id: string, timeoutMs = 60_000): Promise<BatchView> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const view = await readBatch(c, id);
    if (view.counts.processing === 0) return view;
    if (Date.now() > end) throw new Error(`batch still processing: ${JSON.stringify(view.counts)}`);
    // Reads are limited (90 a minute) and a processing entry is checked again only after 1.5 s.
    await new Promise((r) => setTimeout(r, 700));
  }
}

export { crc32, readZip } from "./zip-reader";
