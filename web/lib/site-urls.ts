/**
 * Addresses outside the SPA. The blog and the help centre are separate sites; their bases can be
 * set at build time (VITE_BLOG_URL, VITE_HELP_URL) and default to the demo addresses the seed uses.
 */
const env = import.meta.env as Record<string, string | undefined>;

export const siteUrls = {
  blog: env.VITE_BLOG_URL ?? "https://blog.daryaft.test",
  help: env.VITE_HELP_URL ?? "https://help.daryaft.test",
};

/** A blog post's address, built from its slug (post_name). */
export function blogPostUrl(postName: string): string {
  return `${siteUrls.blog.replace(/\/$/, "")}/${encodeURIComponent(postName)}/`;
}
