import { z } from "zod";
import { UniversityInfo, UserInfo } from "./user-info";

export const SiteInfo = z.object({
  successful_download: z.number().int(),
  successful_download_percent: z.number(),
  successful_download_yesterday: z.number().int(),
  number_of_users: z.number().int(),
  contract_centers: z.number().int(),
});
export type SiteInfo = z.infer<typeof SiteInfo>;

export const NewsItem = z.object({ id: z.number().int(), title: z.string(), created_at: z.string() });
export type NewsItem = z.infer<typeof NewsItem>;

export const BlogPost = z.object({ post_name: z.string(), post_title: z.string() });
export type BlogPost = z.infer<typeof BlogPost>;

export const PricePackage = z.object({ id: z.number().int(), title: z.string(), articles: z.number().int(), price: z.number().int(), description: z.string() });
export type PricePackage = z.infer<typeof PricePackage>;

export const LinkItem = z.object({ title: z.string(), href: z.string() });

/**
 * The "shared state" of accounts-and-purchases.md §3, injected into the page by the Worker
 * (one JSON script) so the first paint needs no extra request.
 */
export const PageData = z.object({
  userInfo: UserInfo.nullable(),
  universityInfo: UniversityInfo.nullable(),
  userType: z.enum(["ordinary", "university"]),
  siteInfo: SiteInfo,
  pricesPackages: z.array(PricePackage),
  lastBlogPosts: z.array(BlogPost),
  news: z.array(NewsItem),
  gateways: z.array(z.string()),
  mobileSmsConfirmation: z.boolean(),
  showOldTabStandardSearch: z.boolean(),
  isGuest: z.boolean(),
  isAdmin: z.boolean(),
  isSolver: z.boolean(),
  isContract: z.boolean(),
  contact: z.object({ phone: z.string(), email: z.string(), hours: z.string(), social: z.array(z.object({ name: z.string(), href: z.string() })) }),
  outsideLinks: z.array(LinkItem),
  footerLinks: z.array(LinkItem),
  environment: z.enum(["development", "test", "production"]),
  /** false when this server has no Scopus key: the article search shows Scopus disabled with the reason. */
  scopusConfigured: z.boolean().optional(),
});
export type PageData = z.infer<typeof PageData>;
