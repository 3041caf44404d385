// No zod here: the SPA's entry imports this module.

/** What a contract can grant its members (search-and-download.md §3 "University info"). */
export const universityAccessKeys = [
  "article_download",
  "direct_access",
  "tez_download",
  "standard_download",
  "book_download",
  "ithenticate",
  "grammarly",
] as const;
export type UniversityAccessKey = (typeof universityAccessKeys)[number];

/**
 * The access keys a contract grants. `new_access` keys (shown instead of `access` when present)
 * follow the spec: grammarly, ithenticate and direct_access as such, `article` is article
 * download, `offline_article` grants no free download, any other key is standard download.
 * The server enforces these with the quotas; the SPA uses them to say what the institution covers.
 */
export function grantedAccessKeys(access: readonly string[], newAccess: readonly { key: string }[] | null): Set<UniversityAccessKey> {
  const out = new Set<UniversityAccessKey>();
  for (const k of access) if ((universityAccessKeys as readonly string[]).includes(k)) out.add(k as UniversityAccessKey);
  for (const { key } of newAccess ?? []) {
    if (key === "grammarly" || key === "ithenticate" || key === "direct_access") out.add(key);
    else if (key === "article") out.add("article_download");
    else if (key !== "offline_article") out.add("standard_download");
  }
  return out;
}
