import { endpoints } from "../endpoint";
import type { ExtensionTarget } from "../extension";
import { anyone } from "../roles";

const api = endpoints({ tag: "system" });

/** The browser extension's packages, one per target, made for the origin they are downloaded from (worker/features/extension/routes.ts). */
export const extensionApi = {
  chromium: api.get("/extension/daryaft-chromium.zip", {
    summary: "The chromium extension package, talking to the origin it is downloaded from",
    roles: anyone,
    html: true,
  }),
  firefox: api.get("/extension/daryaft-firefox.zip", {
    summary: "The firefox extension package, talking to the origin it is downloaded from",
    roles: anyone,
    html: true,
  }),
} satisfies Record<ExtensionTarget, unknown>;
