/**
 * Licensed sources: copies the operator may deliver under an agreement (a publisher API key,
 * an institutional token). Each is one resolver behind this interface, switched on by name
 * in the LICENSED_RESOLVERS variable (comma list) and by its own secrets.
 */
import { createElsevierClient } from "../clients/elsevier";
import type { FetchFn } from "../clients/http";
import { hasPdfEnd } from "./documents";
import { providerBudget } from "../clients/limiters";
import type { Priority } from "../contract/budget";
import { DEADLINES, MAX_PDF_BYTES } from "./limits";

export type LicensedCopy = { bytes: Uint8Array; source: string; license: string };

export interface LicensedResolver {
  readonly name: string;
  /** Secrets present? A resolver switched on without them is skipped (and says so in the steps). */
  configured(env: Cloudflare.Env): boolean;
  /** The document for a DOI, or null when this source does not have it. */
  fetchByDoi(doi: string, env: Cloudflare.Env, fetchFn: FetchFn, priority?: Priority): Promise<LicensedCopy | null>;
}

/** Elsevier Article Retrieval API (ELSEVIER_API_KEY, optional ELSEVIER_INST_TOKEN). */
export const elsevierResolver: LicensedResolver = {
  name: "elsevier",
  configured: (env) => !!env.ELSEVIER_API_KEY,
  async fetchByDoi(doi, env, fetchFn, priority = "paste") {
    const client = createElsevierClient({
      fetch: fetchFn,
      upstreamBase: env.UPSTREAM_BASE,
      apiKey: env.ELSEVIER_API_KEY ?? "",
      instToken: env.ELSEVIER_INST_TOKEN,
      timeoutMs: DEADLINES.licensed,
      maxBytes: MAX_PDF_BYTES,
      rateLimiter: providerBudget(env, "elsevier", priority, { timeoutMs: DEADLINES.licensed }),
    });
    const pdf = await client.getPdf(doi);
    // A cut-off transfer is a failure to retry, not a copy to charge a credit for.
    if (pdf && !hasPdfEnd(pdf.bytes)) throw new Error(`truncated PDF from Elsevier (${pdf.bytes.length} bytes, no %%EOF)`);
    return pdf ? { bytes: pdf.bytes, source: "Elsevier ScienceDirect (منبع دارای مجوز)", license: "مجوز سازمانی Elsevier" } : null;
  },
};

export const LICENSED_RESOLVERS: readonly LicensedResolver[] = [elsevierResolver];

/** The resolvers switched on by configuration, in the order the variable lists them. */
export function enabledLicensedResolvers(
  env: Pick<Cloudflare.Env, "LICENSED_RESOLVERS">,
  registry: readonly LicensedResolver[] = LICENSED_RESOLVERS,
): LicensedResolver[] {
  const names = (env.LICENSED_RESOLVERS ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return names.flatMap((n) => registry.find((r) => r.name === n) ?? []);
}
