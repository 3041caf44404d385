import { z } from "zod";
import { Flag } from "./common";

/** accounts-and-purchases.md §3 userInfo, spelled as the spec spells it (`mobile_verifed`). */
export const UserInfo = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  mobile_verifed: Flag,
  balance: z.number().int(),
  standard_credit: z.number().int(),
  offline_article_credit: z.number().int(),
  unlimited_vip_credits: z.number().int(),
  limited_vip_credits: z.object({ count: z.number().int(), expiration: z.string().nullable() }),
  admin: Flag,
  solver: Flag,
  contract: Flag,
  /** Saved by the fetch pipeline after an `ok` (search-and-download.md §4). */
  last_download: z
    .object({ id: z.string(), status: z.string(), download_link: z.string().nullable(), ads1: z.unknown().nullable(), ads2: z.unknown().nullable() })
    .nullable()
    .optional(),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const UniversityInfo = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  access: z.array(z.string()),
  new_access: z.array(z.object({ key: z.string(), description: z.string() })).nullable(),
});
export type UniversityInfo = z.infer<typeof UniversityInfo>;

export { grantedAccessKeys, universityAccessKeys, type UniversityAccessKey } from "./university-access";
