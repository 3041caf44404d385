/**
 * The address outside services may write to about our traffic: Crossref's and OpenAlex's polite
 * pools (`mailto`), NCBI's and Unpaywall's `email`, Open Library's User-Agent. The deployment's
 * CONTACT_EMAIL, else the project's own.
 */
export const DEFAULT_CONTACT = "support@daryaft.app";

export function contactMailto(env: { CONTACT_EMAIL?: string | undefined }): string {
  return env.CONTACT_EMAIL || DEFAULT_CONTACT;
}
