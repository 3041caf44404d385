import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { batchApi } from "../../../contract/endpoints/batch";
import { call } from "../../lib/api";

/** The table re-reads the batch every 3 s while entries are processing (each read also advances it). */
export const BATCH_POLL_MS = 3000;

export const batchKeys = {
  batch: (id: string) => ["batch", id] as const,
  offline: (id: string) => ["batch", id, "offline"] as const,
  licensed: (id: string) => ["batch", id, "licensed"] as const,
  libraryNotices: ["library", "notices"] as const,
};

export const batchQuery = (id: string) =>
  queryOptions({
    queryKey: batchKeys.batch(id),
    queryFn: ({ signal }) => call(batchApi.view, { id }, { signal }),
    refetchInterval: (q) => (q.state.data && q.state.data.counts.processing === 0 ? false : BATCH_POLL_MS),
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

export const offlineQuoteQuery = (id: string) => queryOptions({ queryKey: batchKeys.offline(id), queryFn: ({ signal }) => call(batchApi.offlineQuote, { id }, { signal }) });

/** Requests every entry that needs it offline, in one payment. */
export const requestOfflineMutation = (id: string) => mutationOptions({ mutationFn: () => call(batchApi.requestOffline, { id }) });

export const licensedQuoteQuery = (id: string) => queryOptions({ queryKey: batchKeys.licensed(id), queryFn: ({ signal }) => call(batchApi.licensedQuote, { id }, { signal }) });

/** Pays for the licensed rows with article credits; they become downloadable. */
export const payLicensedMutation = (id: string) => mutationOptions({ mutationFn: () => call(batchApi.payLicensed, { id }) });

/** The watcher's notices about papers the user received, and whether they are switched on. */
export const libraryNoticesQuery = () => queryOptions({ queryKey: batchKeys.libraryNotices, queryFn: ({ signal }) => call(batchApi.libraryNotices, {}, { signal }) });

/** Switches the notices (e-mail/SMS and in the app) on or off; answers the fresh list. */
export const libraryNoticeSettingsMutation = () => mutationOptions({ mutationFn: (enabled: boolean) => call(batchApi.libraryNoticeSettings, { enabled }) });
