/**
 * resolveReferenceText: a pasted title or whole reference → one DOI (confident), up to three
 * works to choose from (ambiguous), or none. The one entry point for the link box's start path
 * and for batch resolution: Crossref `query.bibliographic` (cached, rate limited) finds the
 * candidates, reference-match.ts decides.
 */
import { z } from "zod";
import { createCrossrefClient, type CrossrefClient, type ResponseCache } from "../../../../clients/crossref";
import { isUpstreamError, type FetchFn } from "../../../../clients/http";
import { providerBudget } from "../../../../clients/limiters";
import type { Priority } from "../../../../contract/budget";
import type { AnswerStore } from "../../../../db/shared-answers";
import { sha256Hex } from "../../../lib/crypto";
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

export type ReferenceDeps = {
  crossref: Pick<CrossrefClient, "searchBibliographic">;
  /** Matches shared across users by the reference's normalised form (D1); none: always ask. */
  answers?: AnswerStore | null | undefined;
  now?: number | undefined;
};

const MatchedWorkShape = z.object({
  doi: z.string(),
  title: z.string(),
  year: z.number().nullable(),
  authors: z.array(z.string()),
  container: z.string().nullable(),
});
/** A stored match: what Crossref's candidates decided (never "unavailable": that is asked again). */
const StoredResolution = z.union([
  z.object({ kind: z.literal("confident"), work: MatchedWorkShape }),
  z.object({ kind: z.literal("ambiguous"), candidates: z.array(MatchedWorkShape) }),
  z.object({ kind: z.literal("none"), reason: z.literal("no_match") }),
]);

/**
 * The form two pastes of one reference share: Unicode compatibility forms, case, runs of white
 * space and trailing full stops folded; nothing the matcher reads (punctuation between segments,
 * digits, letters) is dropped.
 */
export function normalisedReference(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.\s]+$/, "");
}

/** How many candidates to ask Crossref for. */
const REFERENCE_ROWS = 5;

export async function resolveReferenceText(text: string, deps: ReferenceDeps): Promise<ReferenceResolution> {
  const input = text.trim();
  if (!readsAsTitleOrReference(input)) return { kind: "none", reason: "not_reference" };
  const now = deps.now ?? Date.now();
  const key = deps.answers ? await sha256Hex(normalisedReference(input)) : "";
  if (deps.answers) {
    const hit = await deps.answers.get("reference_match", key, now).catch(() => undefined);
    const stored = hit ? StoredResolution.safeParse(hit.value) : null;
    if (stored?.success) return stored.data;
  }
  const resolution = await askCrossref(input, deps);
  if (deps.answers && !(resolution.kind === "none" && resolution.reason === "unavailable")) {
    await deps.answers.put("reference_match", key, resolution, now).catch(() => undefined);
  }
  return resolution;
}

async function askCrossref(input: string, deps: ReferenceDeps): Promise<ReferenceResolution> {
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

/**
 * The Worker's deps: the real Crossref client with the polite pool, the deployment's Crossref list
 * budget at the caller's priority (`maxWaitMs` short where a page request waits), caches.default,
 * and the shared matches.
 */
export function referenceDeps(
  env: Pick<Cloudflare.Env, "UPSTREAM_BASE" | "CONTACT_EMAIL" | "PROVIDER_BUDGET">,
  opts: { priority?: Priority; maxWaitMs?: number; answers?: AnswerStore | null; fetch?: FetchFn } = {},
): ReferenceDeps {
  const cache = typeof caches !== "undefined" && "default" in caches ? (caches as unknown as { default: ResponseCache }).default : null;
  const fetchFn = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  return {
    crossref: createCrossrefClient({
      fetch: fetchFn,
      upstreamBase: env.UPSTREAM_BASE,
      mailto: env.CONTACT_EMAIL || "support@daryaft.app",
      timeoutMs: 5_000,
      listRateLimiter: providerBudget(env, "crossrefList", opts.priority ?? "paste", { timeoutMs: 5_000, maxWaitMs: opts.maxWaitMs }),
      cache,
    }),
    answers: opts.answers ?? null,
  };
}
