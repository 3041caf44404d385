import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { batchApi } from "../../../contract/endpoints/batch";
import { call } from "../../lib/api";
import { GETPDF_WAIT_MS } from "../../../contract/getpdf-wait";

/**
 * While entries are processing the table re-reads the batch (each read also advances it). Each
 * read waits up to GETPDF_WAIT_MS for the next entry to finish and is answered the moment one does,
 * so the next read follows at once (a short gap keeps a long list from re-reading in a tight loop).
 * A read that came back at once with nothing finished (a server that did not wait) is followed
 * after 3 s, as before.
 */
export const BATCH_POLL_MS = 3000;
const HELD_MS = 1000;
const AFTER_HELD_MS = 300;
/** Per batch: how long the last read took and whether an entry finished in it. */
const lastRead = new Map<string, { ms: number; finished: boolean; processing: number }>();

const nextReadMs = (id: string) => {
  const r = lastRead.get(id);
  return r && (r.finished || r.ms >= HELD_MS) ? AFTER_HELD_MS : BATCH_POLL_MS;
};

export const batchKeys = {
  batch: (id: string) => ["batch", id] as const,
  offline: (id: string) => ["batch", id, "offline"] as const,
  licensed: (id: string) => ["batch", id, "licensed"] as const,
};

export const batchQuery = (id: string) =>
  queryOptions({
    queryKey: batchKeys.batch(id),
    queryFn: async ({ signal }) => {
      const sent = Date.now();
      const view = await call(batchApi.view, { id, wait: GETPDF_WAIT_MS }, { signal });
      const before = lastRead.get(id)?.processing ?? Infinity;
      lastRead.set(id, { ms: Date.now() - sent, finished: view.counts.processing < before, processing: view.counts.processing });
      return view;
    },
    refetchInterval: (q) => (q.state.data && q.state.data.counts.processing === 0 ? false : nextReadMs(id)),
  });

/** A pasted list or an uploaded file (multipart, as the Worker reads either). */
export const createBatchMutation = () =>
  mutationOptions({
    mutationFn: (input: { text: string; file: File | null }) => {
      const form = new FormData();
      if (input.file) form.set("file", input.file);
      else form.set("text", input.text);
      return call(batchApi.create, {}, { form });
    },
  });

export const offlineQuoteQuery = (id: string) =>
  queryOptions({ queryKey: batchKeys.offline(id), queryFn: ({ signal }) => call(batchApi.offlineQuote, { id }, { signal }) });

/** Requests every entry that needs it offline, in one payment. */
export const requestOfflineMutation = (id: string) => mutationOptions({ mutationFn: () => call(batchApi.requestOffline, { id }) });

/** `rows`: how many rows the list shows as licensed now; a new count asks again (entries finish one by one). */
export const licensedQuoteQuery = (id: string, rows: number) =>
  queryOptions({
    queryKey: [...batchKeys.licensed(id), rows],
    queryFn: ({ signal }) => call(batchApi.licensedQuote, { id }, { signal }),
    placeholderData: (previous) => previous,
  });

/** Pays for the licensed rows with article credits; they become downloadable. */
export const payLicensedMutation = (id: string) => mutationOptions({ mutationFn: () => call(batchApi.payLicensed, { id }) });
