import type { Endpoint } from "../contract/endpoint";
import { adminApi } from "../contract/endpoints/admin";
import { authApi } from "../contract/endpoints/auth";
import { batchApi } from "../contract/endpoints/batch";
import { devApi } from "../contract/endpoints/dev";
import { extensionApi } from "../contract/endpoints/extension";
import { fileReportsApi } from "../contract/endpoints/file-reports";
import { filesApi } from "../contract/endpoints/files";
import { getpdfApi } from "../contract/endpoints/getpdf";
import { institutionsApi } from "../contract/endpoints/institutions";
import { offlineApi } from "../contract/endpoints/offline";
import { panelApi } from "../contract/endpoints/panel";
import { profileApi } from "../contract/endpoints/profile";
import { searchApi } from "../contract/endpoints/search";
import { shareApi } from "../contract/endpoints/share";
import { systemApi } from "../contract/endpoints/system";
import { vipApi } from "../contract/endpoints/vip";
import { walletApi } from "../contract/endpoints/wallet";

/**
 * Every endpoint the Worker answers, by the contract group that declares it (contract/endpoints/).
 * /openapi.json is built from this list, so the role, CSRF and hostile-input matrices that read it
 * cover each one; tests/worker/security/contract-endpoints.test.ts checks that the app binds exactly these,
 * and scripts/endpoint-paths.test.ts that each path is written once. A new group is one line here.
 */
export const endpointGroups = {
  systemApi,
  vipApi,
  getpdfApi,
  filesApi,
  batchApi,
  fileReportsApi,
  shareApi,
  extensionApi,
  authApi,
  profileApi,
  offlineApi,
  walletApi,
  searchApi,
  institutionsApi,
  panelApi,
  adminApi,
  devApi,
} satisfies Record<string, Record<string, Endpoint>>;

export const endpoints: readonly Endpoint[] = Object.values(endpointGroups).flatMap((group) => Object.values(group));
