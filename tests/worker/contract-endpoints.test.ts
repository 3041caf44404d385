/**
 * The SPA calls the Worker through the endpoint descriptions in contract/endpoints/ (method and
 * path at run time, types from the contract's schemas). Each must be one the Worker declares in
 * its registry, with a body (POST) or query (GET) where the description sends one.
 */
import { describe, expect, it } from "vitest";
import type { Endpoint } from "../../contract/endpoint";
import { adminApi } from "../../contract/endpoints/admin";
import { authApi } from "../../contract/endpoints/auth";
import { batchApi } from "../../contract/endpoints/batch";
import { fileReportsApi } from "../../contract/endpoints/file-reports";
import { getpdfApi } from "../../contract/endpoints/getpdf";
import { institutionsApi } from "../../contract/endpoints/institutions";
import { notifyApi } from "../../contract/endpoints/notify";
import { offlineApi } from "../../contract/endpoints/offline";
import { panelApi } from "../../contract/endpoints/panel";
import { profileApi } from "../../contract/endpoints/profile";
import { searchApi } from "../../contract/endpoints/search";
import { vipApi } from "../../contract/endpoints/vip";
import { walletApi } from "../../contract/endpoints/wallet";
import { app } from "../../worker/app";
import { registry } from "../../worker/lib/endpoint";

const groups: Record<string, Record<string, Endpoint>> = {
  adminApi,
  authApi,
  batchApi,
  fileReportsApi,
  getpdfApi,
  institutionsApi,
  notifyApi,
  offlineApi,
  panelApi,
  profileApi,
  searchApi,
  vipApi,
  walletApi,
};
const described = Object.entries(groups).flatMap(([group, eps]) => Object.entries(eps).map(([name, ep]) => ({ name: `${group}.${name}`, ep })));

describe("contract endpoint descriptions", () => {
  it("are read after the Worker registered its endpoints", () => {
    expect(app).toBeDefined();
    expect(registry.length).toBeGreaterThan(100);
    expect(described.length).toBeGreaterThan(100);
  });

  it.each(described)("$name is declared by the Worker with the same method and path", ({ ep }) => {
    const declared = registry.find((d) => d.method === ep.method && d.path === ep.path);
    expect(declared, `${ep.method.toUpperCase()} ${ep.path}`).toBeDefined();
    expect(declared!.html ?? false).toBe(false);
    expect(declared!.response, "a JSON answer with a response schema").toBeDefined();
  });
});
