import { Hono } from "hono";
import { z } from "zod";
import { shareInput } from "../../../lib/share-input";
import type { AppEnv } from "../../lib/context";
import { defineEndpoint } from "../../lib/endpoint";
import { anyone } from "../../lib/roles";

/**
 * The installed app's Web Share Target (public/manifest.webmanifest `share_target`, GET): what
 * another app shares becomes the link box's input, and the home page starts it the way the link
 * box does, without spending (`?shared=`: web/features/home/query-forms.ts). Any site can link here,
 * so nothing is started or spent by this route itself.
 */
export const shareRoutes = new Hono<AppEnv>();

// Clipped rather than refused: a share is a navigation, and an error page would be a dead end.
const field = z.preprocess((v) => (typeof v === "string" ? v.slice(0, 4000) : undefined), z.string().optional());
const ShareQuery = z.object({ title: field, text: field, url: field });

defineEndpoint(
  shareRoutes,
  {
    method: "get",
    path: "/share",
    summary: "Web Share Target of the installed app: redirects to the home page, which starts the shared link, DOI or reference without spending",
    roles: anyone,
    query: ShareQuery,
    html: true,
    tag: "getpdf",
  },
  (c, { query }) => {
    const input = shareInput(query);
    c.header("Cache-Control", "no-store");
    return c.redirect(input ? `/?${new URLSearchParams({ shared: input })}` : "/", 303);
  },
);
