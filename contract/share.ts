import { z } from "zod";

// Clipped rather than refused: a share is a navigation, and an error page would be a dead end.
const field = z.preprocess((v) => (typeof v === "string" ? v.slice(0, 4000) : undefined), z.string().optional());

/** What another app shares through the installed app's Web Share Target (GET /share). */
export const ShareQuery = z.object({ title: field, text: field, url: field });
