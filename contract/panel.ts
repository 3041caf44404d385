import { z } from "zod";

/** The contract partner's panel (/panel2/*, accounts-and-purchases.md §2): only its own institution. */

export const PanelUniversity = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  access: z.array(z.string()),
  quotas: z.record(z.string(), z.number()),
  active: z.boolean(),
});

export const MonthUsage = z.object({
  /** Solar Hijri month, "1405-09". */
  month: z.string(),
  /** Units used per access key in that month. */
  usage: z.record(z.string(), z.number().int()),
  /** Downloads by members that month: successful and all. */
  downloads_ok: z.number().int(),
  downloads_all: z.number().int(),
  offline_requests: z.number().int(),
});
export type MonthUsage = z.infer<typeof MonthUsage>;

export const PanelStatistics = z.object({
  university: PanelUniversity,
  members: z.number().int(),
  /** Oldest first, ending with the current month. */
  months: z.array(MonthUsage),
});
export type PanelStatistics = z.infer<typeof PanelStatistics>;

export const PanelListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  q: z.string().trim().max(100).optional(),
});

export const PanelMember = z.object({
  id: z.string(),
  name: z.string(),
  university_email: z.string().nullable(),
  verified_at: z.string().nullable(),
  downloads: z.number().int(),
  offline_requests: z.number().int(),
  last_activity: z.string().nullable(),
  groups: z.array(z.string()),
});
export type PanelMember = z.infer<typeof PanelMember>;

export const PanelMembers = z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int(), data: z.array(PanelMember) });
export type PanelMembers = z.infer<typeof PanelMembers>;

export const PanelGroup = z.object({ id: z.string(), name: z.string(), members: z.array(z.object({ id: z.string(), name: z.string() })) });
export type PanelGroup = z.infer<typeof PanelGroup>;
export const PanelGroups = z.object({ groups: z.array(PanelGroup) });
export type PanelGroups = z.infer<typeof PanelGroups>;

export const CreateGroupBody = z.object({
  name: z.string({ error: "نام گروه را وارد نکرده‌اید." }).trim().min(1, "نام گروه را وارد نکرده‌اید.").max(80, "نام گروه حداکثر ۸۰ حرف است."),
});
export const GroupMemberBody = z.object({ user_id: z.string().min(1).max(64), action: z.enum(["add", "remove"]) });

export const PanelOk = z.object({ status: z.literal("ok") });

export const PanelArticle = z.object({
  created_at: z.string(),
  user_name: z.string(),
  title: z.string().nullable(),
  url: z.string().nullable(),
  doi: z.string().nullable(),
  outcome: z.string(),
  kind: z.enum(["download", "offline_article", "offline_book"]),
});
export type PanelArticle = z.infer<typeof PanelArticle>;
export const PanelArticles = z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int(), data: z.array(PanelArticle) });
export type PanelArticles = z.infer<typeof PanelArticles>;
