import { z } from "zod";

/** search-and-download.md §3 "Direct-access site". `prices` keys are "price_" + days. */
export const DirectAccessSite = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  type: z.number().int(),
  link: z.string().nullable(),
  link2: z.string().nullable(),
  expire: z.string(),
  prices: z.record(z.string().regex(/^price_\d+$/), z.number().int()),
});
export type DirectAccessSite = z.infer<typeof DirectAccessSite>;

export const DirectAccessList = z.array(DirectAccessSite);
