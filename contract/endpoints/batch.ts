import type { BatchCreateInput, BatchCreated, BatchOfflineQuote, BatchOfflineResult, BatchView } from "../batch";
import { endpoint } from "../endpoint";

/** Batch (reference list) downloads (worker/features/batch/routes.ts). */
export const batchApi = {
  create: endpoint<{ body: typeof BatchCreateInput; response: typeof BatchCreated }>()("post", "/batch"),
  view: endpoint<{ response: typeof BatchView }>()("get", "/batch/:id"),
  offlineQuote: endpoint<{ response: typeof BatchOfflineQuote }>()("get", "/batch/:id/offline"),
  requestOffline: endpoint<{ response: typeof BatchOfflineResult }>()("post", "/batch/:id/offline"),
};
