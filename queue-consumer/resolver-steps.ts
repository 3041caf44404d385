/**
 * The resolver chain's sources, in their fixed order (resolve.ts runs them):
 *
 *   open       a link to a record of a lawful open collection (OAPEN, Gutenberg, NTRS, OSTI, RFC):
 *              the record from the collection's API, its file (open-steps.ts)
 *   landing    only for a URL without an identifier: read the page's DOI (or arXiv id, PMID, PMCID), landing-rules.ts
 *   ids        PubMed / PMC ids without a DOI: the NCBI ID converter
 *   crossref   metadata (title, type, licence, language), retraction and update notices,
 *              and the publisher's own PDF links when the work carries a Creative Commons licence
 *   books      a book by its ISBNs: the catalogue's free copies, OAPEN, Gutenberg (open-steps.ts)
 *   unpaywall  every open-access location (a landing page is followed to its citation_pdf_url)
 *   openalex   every open-access location; with OPENALEX_API_KEY it goes before unpaywall (a work
 *              by DOI is free and unlimited with a key, and carries the same locations), so
 *              Unpaywall is asked only when OpenAlex gave nothing and stays within its daily allowance
 *   arxiv      e-prints
 *   pmc        PubMed Central through Europe PMC
 *   licensed   the operator's licensed resolvers (LICENSED_RESOLVERS)
 *
 * Lawful sourcing: a PDF is only ever taken from a location one of these sources names. A page
 * the user pasted is read for identifiers, never served itself.
 */
import { createArxivClient } from "../clients/arxiv";
import { providerBudget, type ProviderName } from "../clients/limiters";
import { CrossrefWorkSchema, createCrossrefClient, type CrossrefWork } from "../clients/crossref";
import { isUpstreamError } from "../clients/http";
import { OpenAlexWorkSchema, createOpenAlexClient, type OpenAlexWork } from "../clients/openalex";
import { createPmcClient } from "../clients/pmc";
import { UnpaywallRecordSchema, createUnpaywallClient } from "../clients/unpaywall";
import { sharedAnswer } from "../db/shared-answers";
import { createLogger } from "../lib/logger";
import { noticeTypeOf, type JobMeta, type UpdateNotice } from "../contract/jobs/job-state";
import { jobMessages } from "../contract/jobs/messages";
import { sha256HexOfBytes } from "../lib/crypto";
import { looksPersianLanguage } from "../lib/persian-detect";
import { failureResult, fromAttempts, type ChainOutcome, type ResolveContext, type ResolverStep, type StepResult } from "./chain";
import { checkPdfText } from "./check-pdf";
import { HTML_TYPES, PDF_TYPES, byVersion, honestVersion, tryCandidates, type Candidate, type DocumentFetcher } from "./documents";
import { readLandingPage } from "./landing";
import { DEADLINES, MAX_LANDING_BYTES } from "./limits";
import { FetchRefused } from "./safe-fetch";
import { booksStep, crossrefBookCard, openRecordStep } from "./open-steps";

const PERSIAN_LANGUAGES = new Set(["fa", "fas", "per", "persian", "farsi", "fa-ir"]);

export function isPersianDocument(meta: Pick<JobMeta, "language" | "title">): boolean {
  if (meta.language && PERSIAN_LANGUAGES.has(meta.language.toLowerCase())) return true;
  return meta.title !== null && looksPersianLanguage(meta.title);
}

const ARXIV_DOI = /^10\.48550\/arxiv\.(.+)$/i;

export function arxivFromDoi(doi: string | null): string | null {
  const m = doi ? ARXIV_DOI.exec(doi) : null;
  return m ? m[1]!.toLowerCase() : null;
}

/** Crossref and Unpaywall know Crossref DOIs only; arXiv's are DataCite's. */
const crossrefDoi = (ctx: ResolveContext): string | null => (ctx.ids.doi && !ARXIV_DOI.test(ctx.ids.doi) ? ctx.ids.doi : null);
const noCrossrefDoi = (ctx: ResolveContext): string => (ctx.ids.doi ? "DataCite DOI (arXiv)" : "no DOI");

/** A Persian document refused (checked after every metadata step). */
export function persianStop(ctx: ResolveContext): ChainOutcome | null {
  return isPersianDocument(ctx.meta) ? { kind: "refused", reason: "persian", message: jobMessages.persian, meta: ctx.meta, steps: ctx.steps } : null;
}

/** The step found the file. */
export function foundFile(ctx: ResolveContext, r: StepResult): ChainOutcome | null {
  return r.hit ? { kind: "found", hit: r.hit, access: r.access ?? "open", meta: ctx.meta, steps: ctx.steps } : null;
}

const persianOrFound = (ctx: ResolveContext, r: StepResult): ChainOutcome | null => persianStop(ctx) ?? foundFile(ctx, r);

/** The deployment's budget for `provider`, at this run's priority. */
const budget = (ctx: ResolveContext, provider: ProviderName) => providerBudget(ctx.env, provider, ctx.priority(), { timeoutMs: ctx.common.timeoutMs });

const pmcClient = (ctx: ResolveContext) =>
  createPmcClient({ ...ctx.common, tool: "daryaft", email: ctx.mail, rateLimiter: budget(ctx, "ncbi"), europePmcRateLimiter: budget(ctx, "europepmc") });

/** Crossref's record of a DOI: the shared answer while fresh, else asked (and shared). Authors beyond 50 are not kept. */
function crossrefWork(ctx: ResolveContext, doi: string): Promise<CrossrefWork | null> {
  const client = createCrossrefClient({ ...ctx.common, mailto: ctx.mail, rateLimiter: budget(ctx, "crossref") });
  return sharedAnswer(ctx.answers, "crossref_work", doi.toLowerCase(), CrossrefWorkSchema, Date.now(), () => client.getWork(doi), keepCrossrefWork).then(
    (r) => r.value,
  );
}

/** What a shared Crossref record keeps (authors beyond 50 are not). */
export const keepCrossrefWork = (w: CrossrefWork): CrossrefWork => ({ ...w, authors: w.authors.slice(0, 50) });

/** Tries a source's candidates in order; a file must match what the metadata steps learnt. */
async function tryOpen(ctx: ResolveContext, candidates: Candidate[], fetchDoc: DocumentFetcher): Promise<StepResult> {
  return fromAttempts(await tryCandidates(candidates, fetchDoc, ctx.tried, ctx.expect(), ctx.deps.activity), "open");
}

const landing: ResolverStep = {
  name: "landing",
  budgetMs: DEADLINES.document,
  // Only a URL that carried no identifier.
  applies: (ctx) => ctx.identified.kind === "url" && !!ctx.ids.url,
  async run({ ids, meta }, fetchDoc) {
    let page;
    try {
      page = await fetchDoc(ids.url!, [...HTML_TYPES, ...PDF_TYPES], MAX_LANDING_BYTES);
    } catch (err) {
      // Refused by a rule, or a permanent answer (404, 403): the page will not tell us more.
      if (err instanceof FetchRefused || (isUpstreamError(err) && !err.retryable)) {
        meta.notices.push(jobMessages.unreachable);
        return { outcome: "rejected", detail: err instanceof Error ? err.message : String(err) };
      }
      throw err;
    }
    if (!(HTML_TYPES as readonly string[]).includes(page.contentType)) {
      // A bare document link names no source and no licence: only identifiers are taken from users.
      meta.notices.push(jobMessages.noIdentifier);
      return { outcome: "rejected", detail: `direct ${page.contentType || "untyped"} document, no identifier` };
    }
    const info = await readLandingPage(page.bytes, page.url);
    meta.title ??= info.title;
    meta.language ??= info.language;
    if (info.doi) {
      ids.doi = info.doi;
      meta.doi = info.doi;
      ids.arxiv ??= arxivFromDoi(info.doi);
    }
    // Without a DOI, an arXiv id, PMID or PMCID the page states still names the document (the ids step finds its DOI).
    ids.arxiv ??= info.arxiv;
    ids.pmid ??= info.pmid;
    ids.pmcid ??= info.pmcid;
    const found = [
      info.doi && `doi ${info.doi}`,
      info.arxiv && `arXiv ${info.arxiv}`,
      info.pmid && `pmid ${info.pmid}`,
      info.pmcid && `pmcid ${info.pmcid}`,
    ].filter(Boolean);
    if (found.length > 0) return { outcome: "found", detail: `${found.join(", ")}${info.pdfUrl ? `; citation_pdf_url ${info.pdfUrl}` : ""}` };
    meta.notices.push(jobMessages.noIdentifier);
    return { outcome: "none", detail: info.pdfUrl ? `no identifier (citation_pdf_url ${info.pdfUrl} not used without one)` : "no identifier" };
  },
  // Without an identifier from the page nothing else can run.
  ends(ctx, r) {
    const stop = persianStop(ctx);
    const { doi, arxiv, pmid, pmcid } = ctx.ids;
    if (stop || doi || arxiv || pmid || pmcid) return stop;
    const { meta, steps } = ctx;
    return r.outcome === "failed" && r.transient ? { kind: "transient", meta, steps, detail: r.detail ?? "landing" } : { kind: "not_found", meta, steps };
  },
};

const pubmedIds: ResolverStep = {
  name: "ids",
  budgetMs: DEADLINES.apiRequest,
  // PubMed / PMC ids: find the DOI (and the PMCID) first.
  applies: ({ ids }) => !ids.doi && !!(ids.pmid || ids.pmcid),
  async run(ctx) {
    const { ids, meta } = ctx;
    const res = await pmcClient(ctx).convert(ids.pmcid ?? ids.pmid!, ids.pmcid ? "pmcid" : "pmid");
    const rec = res.records.find((r) => !r.error);
    if (!rec) return { outcome: "none", detail: res.records[0]?.error ?? "no record" };
    ids.pmcid ??= rec.pmcid;
    ids.pmid ??= rec.pmid ?? null;
    if (rec.doi) {
      ids.doi = rec.doi.toLowerCase();
      meta.doi = ids.doi;
    }
    return { outcome: "found", detail: `doi ${rec.doi ?? "-"}, pmcid ${rec.pmcid ?? "-"}` };
  },
  ends: () => null,
};

const crossref: ResolverStep = {
  name: "crossref",
  budgetMs: DEADLINES.step,
  applies: (ctx) => crossrefDoi(ctx) !== null,
  skipReason: noCrossrefDoi,
  async run(ctx, fetchDoc) {
    const { meta } = ctx;
    const work = await crossrefWork(ctx, crossrefDoi(ctx)!);
    if (!work) return { outcome: "none", detail: "not in Crossref" };
    applyCrossref(meta, work);
    if (isPersianDocument(meta)) return { outcome: "rejected", detail: `Persian-language (${meta.language ?? "title"})` };
    const candidates = crossrefCandidates(work);
    if (!candidates.length) return { outcome: "none", detail: `metadata: ${work.type ?? "?"}${work.isRetracted ? ", retracted" : ""}` };
    return tryOpen(ctx, candidates, fetchDoc);
  },
  ends: persianOrFound,
};

const unpaywall: ResolverStep = {
  name: "unpaywall",
  budgetMs: DEADLINES.step,
  applies: (ctx) => crossrefDoi(ctx) !== null,
  skipReason: noCrossrefDoi,
  async run(ctx, fetchDoc) {
    const { meta } = ctx;
    const doi = crossrefDoi(ctx)!;
    const client = createUnpaywallClient({ ...ctx.common, email: ctx.mail, rateLimiter: budget(ctx, "unpaywall") });
    const rec = (await sharedAnswer(ctx.answers, "unpaywall", doi.toLowerCase(), UnpaywallRecordSchema, Date.now(), () => client.getByDoi(doi))).value;
    if (!rec) return { outcome: "none", detail: "not in Unpaywall" };
    meta.title ??= rec.title;
    if (isPersianDocument(meta)) return { outcome: "rejected", detail: "Persian-language title" };
    const candidates = rec.locations.flatMap((l): Candidate[] => {
      const host = hostOf(l.urlForPdf ?? l.urlForLandingPage ?? l.url);
      const where = l.hostType === "repository" ? `مخزن ${l.repositoryInstitution ?? host}` : `ناشر (${host})`;
      const source = `Unpaywall — ${where}${versionLabel(l.version)}`;
      if (l.urlForPdf) return [{ url: l.urlForPdf, kind: "pdf" as const, source, license: l.license, version: l.version }];
      const landing = l.urlForLandingPage ?? l.url;
      return landing ? [{ url: landing, kind: "landing" as const, source, license: l.license, version: l.version }] : [];
    });
    if (!candidates.length) return { outcome: "none", detail: `no open location (${rec.oaStatus ?? "closed"})` };
    return withOtherVersion(meta, candidates, await tryOpen(ctx, candidates, fetchDoc));
  },
  ends: persianOrFound,
};

const openalex: ResolverStep = {
  name: "openalex",
  budgetMs: DEADLINES.step,
  applies: ({ ids }) => !!ids.doi,
  skipReason: () => "no DOI",
  async run(ctx, fetchDoc) {
    const { meta } = ctx;
    const apiKey = ctx.env.OPENALEX_API_KEY || undefined;
    if (!apiKey) noOpenAlexKey();
    const client = createOpenAlexClient({ ...ctx.common, mailto: ctx.mail, apiKey, rateLimiter: budget(ctx, apiKey ? "openalex" : "openalexNoKey") });
    const doi = ctx.ids.doi!;
    const work = (
      await sharedAnswer(
        ctx.answers,
        "openalex_work",
        doi.toLowerCase(),
        OpenAlexWorkSchema,
        Date.now(),
        () => client.getWorkByDoi(doi),
        (w): OpenAlexWork => ({ ...w, abstract: null, authors: w.authors.slice(0, 50) }),
      )
    ).value;
    if (!work) return { outcome: "none", detail: apiKey ? "not in OpenAlex" : "not in OpenAlex (no API key: $0.01 of use a day)" };
    meta.title ??= work.title;
    meta.type ??= work.type;
    meta.language ??= work.language;
    if (isPersianDocument(meta)) return { outcome: "rejected", detail: "Persian-language" };
    const candidates: Candidate[] = work.locations
      .filter((l) => l.isOa)
      .flatMap((l): Candidate[] => {
        const source = `OpenAlex — ${l.sourceName ?? hostOf(l.pdfUrl ?? l.landingPageUrl)}${versionLabel(l.version)}`;
        if (l.pdfUrl) return [{ url: l.pdfUrl, kind: "pdf" as const, source, license: l.license, version: l.version }];
        return l.landingPageUrl ? [{ url: l.landingPageUrl, kind: "landing" as const, source, license: l.license, version: l.version }] : [];
      });
    if (!candidates.length) return { outcome: "none", detail: "no open location" };
    return withOtherVersion(meta, candidates, await tryOpen(ctx, candidates, fetchDoc));
  },
  ends: persianOrFound,
};

const arxiv: ResolverStep = {
  name: "arxiv",
  budgetMs: DEADLINES.step,
  applies: ({ ids }) => !!ids.arxiv,
  skipReason: () => "no arXiv id",
  async run(ctx, fetchDoc) {
    const client = createArxivClient({ ...ctx.common, rateLimiter: budget(ctx, "arxiv") });
    const entry = await client.getById(ctx.ids.arxiv!);
    if (!entry) return { outcome: "none", detail: "not on arXiv" };
    ctx.meta.title ??= entry.title;
    if (isPersianDocument(ctx.meta)) return { outcome: "rejected", detail: "Persian-language title" };
    // By id: exact by construction (arXiv serves e-prints as submitted).
    return tryOpen(ctx, [{ url: entry.pdfUrl, kind: "pdf", source: `arXiv (${entry.id})`, license: null, version: "submittedVersion", exact: true }], fetchDoc);
  },
  ends: persianOrFound,
};

const pmc: ResolverStep = {
  name: "pmc",
  budgetMs: DEADLINES.step,
  // PubMed Central via Europe PMC.
  applies: (ctx) => !!ctx.ids.pmcid || crossrefDoi(ctx) !== null,
  skipReason: () => "no DOI or PMCID",
  async run(ctx, fetchDoc) {
    const { ids, meta } = ctx;
    const client = pmcClient(ctx);
    let pdfUrl: string | null;
    let label: string;
    if (ids.pmcid) {
      pdfUrl = await client.getFullTextPdfUrl(ids.pmcid);
      label = ids.pmcid;
    } else {
      const rec = await client.searchByDoi(crossrefDoi(ctx)!);
      meta.title ??= rec?.title ?? null;
      pdfUrl = rec?.pdfUrl ?? null;
      label = rec?.pmcid ?? "Europe PMC";
      ids.pmcid ??= rec?.pmcid ?? null;
    }
    if (!pdfUrl) return { outcome: "none", detail: "no open-access PDF in Europe PMC" };
    // PMC's rendering of one PMCID: exact by construction.
    return tryOpen(
      ctx,
      [{ url: pdfUrl, kind: "pdf", source: `Europe PMC — PubMed Central (${label})`, license: null, exact: label.startsWith("PMC") }],
      fetchDoc,
    );
  },
  ends: foundFile,
};

const licensed: ResolverStep = {
  name: "licensed",
  budgetMs: DEADLINES.licensed,
  applies: (ctx) => !!ctx.ids.doi && ctx.licensed.length > 0,
  skipReason: (ctx) => (ctx.ids.doi ? "none switched on" : "no DOI"),
  async run(ctx) {
    const { env, ids } = ctx;
    const doi = ids.doi!;
    const notes: string[] = [];
    let failedTransient = false;
    for (const resolver of ctx.licensed) {
      if (!resolver.configured(env)) {
        notes.push(`${resolver.name}: not configured`);
        continue;
      }
      if (ctx.tried.has(`licensed:${resolver.name}`)) {
        notes.push(`${resolver.name}: its copy was withdrawn`);
        continue;
      }
      try {
        const copy = await resolver.fetchByDoi(doi, env, ctx.deps.fetch, ctx.priority());
        if (!copy) {
          notes.push(`${resolver.name}: none`);
          continue;
        }
        if (ctx.withdrawn.sha256.size && ctx.withdrawn.sha256.has(await sha256HexOfBytes(copy.bytes))) {
          notes.push(`${resolver.name}: the bytes of a withdrawn file`);
          continue;
        }
        // A publisher's API by DOI is exact by construction, but its file is checked all the same.
        const checked = await checkPdfText(copy.bytes, ctx.expect(), true);
        if (!checked.accept) {
          notes.push(`${resolver.name}: ${checked.reason} (${checked.detail})`);
          continue;
        }
        return {
          outcome: "found",
          detail: `${resolver.name}: ${copy.bytes.length} bytes, ${checked.verification}`,
          hit: {
            bytes: copy.bytes,
            url: `licensed:${resolver.name}`,
            source: copy.source,
            license: copy.license,
            verification: checked.verification,
            version: honestVersion("publishedVersion", checked.pageVersion),
          },
          access: "licensed",
        };
      } catch (err) {
        const f = failureResult(err);
        if (f.transient) failedTransient = true;
        notes.push(`${resolver.name}: ${f.detail ?? "failed"}`);
      }
    }
    return failedTransient ? { outcome: "failed", transient: true, detail: notes.join("; ") } : { outcome: "none", detail: notes.join("; ") || "none" };
  },
  ends: foundFile,
};

/** The chain, in order. A new source is one more entry here. */
export const RESOLVER_STEPS: readonly ResolverStep[] = [openRecordStep, landing, pubmedIds, crossref, booksStep, unpaywall, openalex, arxiv, pmc, licensed];
/** With an OpenAlex key its work by DOI (free, unlimited) leads; Unpaywall follows only when it gave nothing. */
const OPENALEX_FIRST: readonly ResolverStep[] = [openRecordStep, landing, pubmedIds, crossref, booksStep, openalex, unpaywall, arxiv, pmc, licensed];

export function resolverSteps(env: Pick<Cloudflare.Env, "OPENALEX_API_KEY">): readonly ResolverStep[] {
  return env.OPENALEX_API_KEY ? OPENALEX_FIRST : RESOLVER_STEPS;
}

let toldNoKey = false;
/** Once per isolate: OpenAlex without a key answers $0.01 of use a day, then 429. */
function noOpenAlexKey(): void {
  if (toldNoKey) return;
  toldNoKey = true;
  createLogger("queue").warn("openalex.no_api_key", {
    detail: "OPENALEX_API_KEY is not set: OpenAlex allows $0.01 of use a day without one; the chain goes on without it when that is spent",
  });
}

/**
 * A published copy was served and the same source also names a manuscript (accepted or
 * submitted): the dialog offers that one too, as the source's own link (not fetched or verified).
 */
function withOtherVersion(meta: JobMeta, candidates: Candidate[], r: StepResult): StepResult {
  if (!r.hit || r.hit.version !== "publishedVersion" || meta.otherVersion) return r;
  const other = byVersion(candidates).find((c) => c.version === "acceptedVersion" || c.version === "submittedVersion");
  if (other) meta.otherVersion = { version: other.version!, url: other.url, host: hostOf(other.url) };
  return r;
}

/**
 * Crossref's update records as structured notices. `updated-by`: notices about this work.
 * `update-to`: this document is the notice, about another work; an `update-to` naming the work's
 * own DOI is a notice deposited on the work itself (it is then updated by it). The same notice
 * deposited twice (by the publisher and by Retraction Watch) is kept once, publisher first.
 */
export function noticesOf(work: Pick<CrossrefWork, "doi" | "updatedBy" | "updateTo">): UpdateNotice[] {
  const self = work.doi.toLowerCase();
  const all = [
    ...work.updatedBy.map((u) => ({ u, relation: "updated_by" as const })),
    ...work.updateTo.map((u) => ({ u, relation: u.doi.toLowerCase() === self ? ("updated_by" as const) : ("update_to" as const) })),
  ].sort((a, b) => Number(a.u.source === "retraction-watch") - Number(b.u.source === "retraction-watch"));
  const seen = new Set<string>();
  return all.flatMap(({ u, relation }): UpdateNotice[] => {
    const type = noticeTypeOf(u.type);
    const key = `${relation} ${type} ${u.doi.toLowerCase()}`;
    if (!type || seen.has(key)) return [];
    seen.add(key);
    return [
      {
        type,
        crossrefType: u.type
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, "_"),
        doi: u.doi.toLowerCase(),
        date: u.date,
        source: `crossref${u.source ? `/${u.source}` : ""}`,
        relation,
      },
    ];
  });
}

/** What Crossref's record tells the job: title (and a subtitle it keeps apart, which verification uses), type, language, notices. */
export function applyCrossref(meta: JobMeta, work: CrossrefWork): void {
  meta.title = work.title ?? meta.title;
  meta.subtitle = work.title ? work.subtitle : (meta.subtitle ?? null);
  meta.type = work.type ?? meta.type;
  meta.language = work.language ?? meta.language;
  // Retractions and corrections travel as data (the result's `notices`), shown as banners.
  meta.updates = noticesOf(work);
  // A book or chapter: its card (and a book's ISBNs, for the books step).
  meta.book ??= crossrefBookCard(work);
  meta.biblio = {
    authors: work.authors
      .map((a) => (a.family ? (a.given ? `${a.family}, ${a.given}` : a.family) : a.name))
      .filter(Boolean)
      .slice(0, 100),
    container: work.containerTitle,
    year: work.issuedYear === null ? null : String(work.issuedYear),
    volume: work.volume,
    issue: work.issue,
    pages: work.page,
    publisher: work.publisher,
  };
}

/** The publisher's own PDF links, only when the work is under a Creative Commons licence. */
function crossrefCandidates(work: CrossrefWork): Candidate[] {
  const cc = work.licenses.find((l) => /creativecommons\.org\/(licenses|publicdomain)\//i.test(l.url) && (l.delayInDays ?? 0) === 0);
  if (!cc) return [];
  return (
    work.links
      .filter((l) => l.contentType === "application/pdf" && l.intendedApplication !== "text-mining")
      // The publisher's own link in its DOI record: exact by construction.
      .map((l) => ({
        url: l.url,
        kind: "pdf" as const,
        source: `ناشر — ${work.publisher ?? hostOf(l.url)} (Crossref)`,
        license: cc.url,
        version: l.contentVersion === "am" ? "acceptedVersion" : "publishedVersion",
        exact: true,
      }))
  );
}

function hostOf(url: string | null | undefined): string {
  if (!url) return "?";
  try {
    return new URL(url).hostname;
  } catch {
    return "?";
  }
}

function versionLabel(version: string | null): string {
  switch (version) {
    case "publishedVersion":
      return "، نسخهٔ نهایی ناشر";
    case "acceptedVersion":
      return "، نسخهٔ پذیرفته‌شدهٔ نویسنده";
    case "submittedVersion":
      return "، پیش‌چاپ";
    default:
      return "";
  }
}
