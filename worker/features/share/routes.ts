import { Hono } from "hono";
import { shareInput } from "../../../lib/share-input";
import type { AppEnv } from "../../lib/context";
import { bindEndpoint } from "../../lib/endpoint";
import { shareApi } from "../../../contract/endpoints/share";

/**
 * The installed app's Web Share Target (public/manifest.webmanifest `share_target`, GET): what
 * another app shares becomes the link box's input, and the home page starts it the way the link
 * box does, without spending (`?shared=`: web/features/home/query-forms.ts). Any site can link here,
 * so nothing is started or spent by this route itself.
 */
export const shareRoutes = new Hono<AppEnv>();

bindEndpoint(shareRoutes, shareApi.share, (c, { query }) => {
  const input = shareInput(query);
  c.header("Cache-Control", "no-store");
  return c.redirect(input ? `/?${new URLSearchParams({ shared: input })}` : "/", 303);
});
