import { queryOptions } from "@tanstack/react-query";
import type { BatchCreated, BatchOfflineQuote, BatchOfflineResult, BatchView } from "../../../contract/batch";
import { api } from "../../lib/api";

/** The table re-reads the batch every 3 s while entries are processing (each read also advances it). */
export const BATCH_POLL_MS = 3000;

export const batchQuery = (id: string) =>
  queryOptions({
    queryKey: ["batch", id],
    queryFn: ({ signal }) => api<BatchView>(`/batch/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (q) => (q.state.data && q.state.data.counts.processing === 0 ? false : BATCH_POLL_MS),
  });

export function createBatch(input: { text: string; file: File | null }): Promise<BatchCreated> {
  const form = new FormData();
  if (input.file) form.set("file", input.file);
  else form.set("text", input.text);
  return api<BatchCreated>("/batch", { form });
}

export const offlineQuoteQuery = (id: string) =>
  queryOptions({ queryKey: ["batch", id, "offline"], queryFn: ({ signal }) => api<BatchOfflineQuote>(`/batch/${encodeURIComponent(id)}/offline`, { signal }) });

export function requestOffline(id: string): Promise<BatchOfflineResult> {
  return api<BatchOfflineResult>(`/batch/${encodeURIComponent(id)}/offline`, { method: "POST", body: {} });
}
