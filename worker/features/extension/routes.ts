import { Hono } from "hono";
import { EXTENSION_TARGETS } from "../../../contract/extension";
import type { AppEnv } from "../../lib/context";
import { defineEndpoint } from "../../lib/endpoint";
import { NotFoundError } from "../../lib/errors";
import { anyone } from "../../lib/roles";
import { services } from "../../services";
import { extensionZip } from "./served-zip";

/** The browser extension's zips (/extension), made for the origin they are downloaded from. */
export const extensionRoutes = new Hono<AppEnv>();

for (const target of EXTENSION_TARGETS) {
  defineEndpoint(
    extensionRoutes,
    {
      method: "get",
      path: `/extension/daryaft-${target}.zip`,
      summary: `The ${target} extension package, talking to the origin it is downloaded from`,
      roles: anyone,
      html: true,
      tag: "system",
    },
    async (c) => {
      const s = services(c);
      const zip = s.assets ? await extensionZip(s.assets, s.origin, target) : null;
      if (!zip) throw new NotFoundError("فایل افزونه در این نسخه ساخته نشده است.");
      return new Response(zip, {
        headers: {
          "Content-Type": "application/zip",
          "Content-Disposition": `attachment; filename="daryaft-${target}.zip"`,
          // Each origin gets its own bytes: a cache must not hand one site's zip to another.
          "Cache-Control": "no-cache",
          Vary: "Host",
          "X-Content-Type-Options": "nosniff",
        },
      });
    },
  );
}
