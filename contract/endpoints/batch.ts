import type * as batchContract from "../batch";
import { endpoint } from "../endpoint";

/** Batch (reference list) downloads (worker/features/batch/routes.ts). */
export const batchApi = {
  create: endpoint<{ body: typeof batchContract.BatchCreateInput; response: typeof batchContract.BatchCreated }>()("post", "/batch"),
  view: endpoint<{ query: typeof batchContract.BatchViewQuery; response: typeof batchContract.BatchView }>()("get", "/batch/:id"),
  offlineQuote: endpoint<{ response: typeof batchContract.BatchOfflineQuote }>()("get", "/batch/:id/offline"),
  requestOffline: endpoint<{ response: typeof batchContract.BatchOfflineResult }>()("post", "/batch/:id/offline"),
  licensedQuote: endpoint<{ response: typeof batchContract.BatchLicensedQuote }>()("get", "/batch/:id/licensed"),
  payLicensed: endpoint<{ response: typeof batchContract.BatchLicensedResult }>()("post", "/batch/:id/licensed"),
  libraryNotices: endpoint<{ response: typeof batchContract.LibraryNotices }>()("get", "/library/notices"),
  libraryNoticeSettings: endpoint<{ body: typeof batchContract.LibraryNoticeSettings; response: typeof batchContract.LibraryNotices }>()(
    "post",
    "/library/notices/settings",
  ),
};
