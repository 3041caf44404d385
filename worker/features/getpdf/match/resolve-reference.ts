/**
 * resolveReferenceText: a pasted title or whole reference → one DOI (confident), up to three
 * works to choose from (ambiguous), or none. The one entry point for the link box's start path
 * and for batch resolution: Crossref `query.bibliographic` (cached, rate limited) finds the
 * candidates, reference-match.ts decides.
 */
import { createCrossrefClient, type CrossrefClient, type ResponseCache } from "../../../../clients/crossref";
import { isUpstreamError, type FetchFn } from "../../../../clients/http";
import { providerLimiter } from "../../../../clients/limiters";
import { decideReference, readsAsTitleOrReference, type MatchedWork } from "./reference-match";

export type { MatchedWork } from "./reference-match";

type ReferenceResolution =
  | { kind: "confident"; work: MatchedWork }
  | { kind: "ambiguous"; candidates: MatchedWork[] }
  /**
   * not_reference: too little text to ask about; no_match: nothing validated;
   * unavailable: Crossref failed (worth trying again later, unlike no_match).
   */
  | { kind: "none"; reason: "not_reference" | "no_match" | "unavailable" };

export type ReferenceDeps = { crossref: Pick<CrossrefClient, "searchBibliographic"> };

/** How many candidates to ask Crossref for. */
const REFERENCE_ROWS = 5;

export async function resolveReferenceText(text: string, deps: ReferenceDeps): Promise<ReferenceResolution> {
  const input = text.trim();
  if (!readsAsTitleOrReference(input)) return { kind: "none", reason: "not_reference" };
  let items;
  try {
    items = (await deps.crossref.searchBibliographic(input, REFERENCE_ROWS)).items;
  } catch (err) {
    if (isUpstreamError(err)) return { kind: "none", reason: "unavailable" };
    throw err;
  }
  const { verdict } = decideReference(input, items);
  if (verdict.kind === "confident") return { kind: "confident", work: verdict.work };
  if (verdict.kind === "ambiguous") return { kind: "ambiguous", candidates: verdict.candidates };
  return { kind: "none", reason: "no_match" };
}

/** The Worker's deps: the real Crossref client with the polite pool, its limiter and caches.default. */
export function referenceDeps(env: Pick<Cloudflare.Env, "UPSTREAM_BASE" | "CONTACT_EMAIL">, fetchFn: FetchFn = (...a) => fetch(...a)): ReferenceDeps {
  const cache = typeof caches !== "undefined" && "default" in caches ? (caches as unknown as { default: ResponseCache }).default : null;
  return {
    crossref: createCrossrefClient({
      fetch: fetchFn,
      upstreamBase: env.UPSTREAM_BASE,
      mailto: env.CONTACT_EMAIL || "support@daryaft.app",
      timeoutMs: 5_000,
      rateLimiter: providerLimiter(env, "crossref"),
      cache,
    }),
  };
}
