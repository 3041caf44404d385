/**
 * The resolver chain: one fetch job's document, tried in a fixed order with a deadline per
 * step and the result of each step recorded.
 *
 *   landing    only for a URL without an identifier: read citation_doi / dc.identifier
 *   ids        PubMed / PMC ids without a DOI: the NCBI ID converter
 *   crossref   metadata (title, type, licence, language), retraction and update notices,
 *              and the publisher's own PDF links when the work carries a Creative Commons licence
 *   unpaywall  every open-access location (a landing page is followed to its citation_pdf_url)
 *   openalex   every open-access location
 *   arxiv      e-prints
 *   pmc        PubMed Central through Europe PMC
 *   licensed   the operator's licensed resolvers (LICENSED_RESOLVERS)
 *
 * Lawful sourcing: a PDF is only ever taken from a location one of these sources names. A page
 * the user pasted is read for identifiers, never served itself.
 */
import { looksPersianLanguage } from "../lib/persian-detect";
import { createArxivClient } from "../clients/arxiv";
import { createCrossrefClient, type CrossrefWork } from "../clients/crossref";
import { isUpstreamError, type FetchFn } from "../clients/http";
import { createOpenAlexClient } from "../clients/openalex";
import { createPmcClient } from "../clients/pmc";
import { createUnpaywallClient } from "../clients/unpaywall";
import { emptyMeta, type FetchJobMessage, type FileAccess, type JobMeta, type StepName, type StepOutcome, type StepRecord, type UpdateNotice } from "../contract/jobs/job-state";
import { jobMessages } from "../contract/jobs/messages";
import { checkPdfText } from "./check-pdf";
import { HTML_TYPES, PDF_TYPES, byVersion, createDocumentFetcher, tryCandidates, type Attempt, type Candidate, type DocumentFetcher, type PdfHit } from "./documents";
import { readLandingPage } from "./landing";
import { enabledLicensedResolvers, type LicensedResolver } from "./licensed";
import { DEADLINES, MAX_LANDING_BYTES, providerLimiter } from "./limits";
import type { LeaseScope } from "./memory";
import { FetchRefused } from "./safe-fetch";
import type { Expectation } from "./verify";

export type ChainOutcome =
  | { kind: "found"; hit: PdfHit; access: FileAccess; meta: JobMeta; steps: StepRecord[] }
  | { kind: "not_found"; meta: JobMeta; steps: StepRecord[] }
  | { kind: "refused"; reason: "persian" | "invalid"; message: string; meta: JobMeta; steps: StepRecord[] }
  /** Nothing found, but some source failed in a way worth retrying. */
  | { kind: "transient"; meta: JobMeta; steps: StepRecord[]; detail: string }
  /** The job ended or moved on meanwhile (alarm, a newer run): stop quietly. */
  | { kind: "abandoned"; steps: StepRecord[] };

export type ResolveDeps = {
  fetch: FetchFn;
  /** Tells the job which step runs now; false: stop, the job moved on. */
  report(step: StepName, meta: JobMeta): Promise<boolean>;
  licensed?: readonly LicensedResolver[] | undefined;
  /** The message's share of the isolate's document memory budget (memory.ts). */
  leases?: LeaseScope | undefined;
};

type StepResult = { outcome: StepOutcome; detail?: string | undefined; transient?: boolean; hit?: PdfHit | undefined; access?: FileAccess };

class Abandoned extends Error {}
class StepDeadline extends Error {}

const PERSIAN_LANGUAGES = new Set(["fa", "fas", "per", "persian", "farsi", "fa-ir"]);

export function isPersianDocument(meta: Pick<JobMeta, "language" | "title">): boolean {
  if (meta.language && PERSIAN_LANGUAGES.has(meta.language.toLowerCase())) return true;
  return meta.title !== null && looksPersianLanguage(meta.title);
}

const ARXIV_DOI = /^10\.48550\/arxiv\.(.+)$/i;

export async function resolveDocument(msg: FetchJobMessage, env: Cloudflare.Env, deps: ResolveDeps): Promise<ChainOutcome> {
  const id = msg.input.identified;
  const meta: JobMeta = { ...emptyMeta(), doi: id.doi };
  const steps: StepRecord[] = [];
  const tried = new Set<string>();
  let transient = 0;
  const remaining = Math.min(DEADLINES.job, Math.max(0, msg.startedAt + DEADLINES.job - Date.now()));
  const deadlineAt = Date.now() + remaining;
  const jobAbort = new AbortController();
  const jobTimer = setTimeout(() => jobAbort.abort(new StepDeadline("job deadline")), remaining);

  const ids = { doi: id.doi, arxiv: id.arxiv ?? arxivFromDoi(id.doi), pmid: id.pmid, pmcid: id.pmcid, url: id.url };
  const common = { fetch: deps.fetch, upstreamBase: env.UPSTREAM_BASE, timeoutMs: DEADLINES.apiRequest };
  const mail = env.CONTACT_EMAIL || "support@daryaft.app";
  /** What a file must show to be accepted: read when the file arrives, after the metadata steps. */
  const expect = (): Expectation => ({ doi: ids.doi, title: meta.title, arxiv: ids.arxiv, pmcid: ids.pmcid });

  /** Runs one resolver with its deadline; `fetchDoc` inside it stops at the step's deadline. */
  async function step(name: StepName, budgetMs: number, run: (fetchDoc: DocumentFetcher) => Promise<StepResult>): Promise<StepResult> {
    if (!(await deps.report(name, meta))) throw new Abandoned();
    const started = Date.now();
    const budget = Math.min(budgetMs, deadlineAt - started);
    let result: StepResult;
    if (budget <= 0) {
      result = { outcome: "failed", transient: true, detail: "job deadline reached" };
    } else {
      const controller = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort(new StepDeadline(`${name} deadline`));
          reject(new StepDeadline(`${name}: no result within ${budget} ms`));
        }, budget);
      });
      try {
        const fetchDoc = createDocumentFetcher(env, deps.fetch, AbortSignal.any([jobAbort.signal, controller.signal]), deps.leases);
        result = await Promise.race([run(fetchDoc), expired]);
      } catch (err) {
        result = failureResult(err);
      } finally {
        if (timer !== undefined) clearTimeout(timer);
      }
    }
    if (result.outcome === "failed" && result.transient) transient++;
    const record: StepRecord = { step: name, outcome: result.outcome, ms: Date.now() - started, detail: result.detail?.slice(0, 500) };
    steps.push(record);
    return result;
  }

  const skip = (name: StepName, why: string) => {
    const record: StepRecord = { step: name, outcome: "skipped", ms: 0, detail: why };
    steps.push(record);
  };

  const persianStop = (): ChainOutcome | null =>
    isPersianDocument(meta) ? { kind: "refused", reason: "persian", message: jobMessages.persian, meta, steps } : null;

  const found = (r: StepResult): ChainOutcome | null => (r.hit ? { kind: "found", hit: r.hit, access: r.access ?? "open", meta, steps } : null);

  try {
    // 1. landing page: only a URL that carried no identifier.
    if (id.kind === "url" && ids.url) {
      const r = await step("landing", DEADLINES.document, async (fetchDoc) => {
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
          return { outcome: "found", detail: `doi ${info.doi}${info.pdfUrl ? `; citation_pdf_url ${info.pdfUrl}` : ""}` };
        }
        meta.notices.push(jobMessages.noIdentifier);
        return { outcome: "none", detail: info.pdfUrl ? `no DOI (citation_pdf_url ${info.pdfUrl} not used without one)` : "no DOI" };
      });
      const stop = persianStop();
      if (stop) return stop;
      if (!ids.doi) return r.outcome === "failed" && r.transient ? { kind: "transient", meta, steps, detail: r.detail ?? "landing" } : { kind: "not_found", meta, steps };
    }

    // 2. PubMed / PMC ids: find the DOI (and the PMCID) first.
    if (!ids.doi && (ids.pmid || ids.pmcid)) {
      await step("ids", DEADLINES.apiRequest, async () => {
        const pmc = createPmcClient({ ...common, tool: "daryaft", email: mail, rateLimiter: providerLimiter(env, "ncbi"), europePmcRateLimiter: providerLimiter(env, "europepmc") });
        const res = await pmc.convert(ids.pmcid ?? ids.pmid!, ids.pmcid ? "pmcid" : "pmid");
        const rec = res.records.find((r) => !r.error);
        if (!rec) return { outcome: "none", detail: res.records[0]?.error ?? "no record" };
        ids.pmcid ??= rec.pmcid;
        ids.pmid ??= rec.pmid ?? null;
        if (rec.doi) {
          ids.doi = rec.doi.toLowerCase();
          meta.doi = ids.doi;
        }
        return { outcome: "found", detail: `doi ${rec.doi ?? "-"}, pmcid ${rec.pmcid ?? "-"}` };
      });
    }

    const crossrefDoi = ids.doi && !ARXIV_DOI.test(ids.doi) ? ids.doi : null;

    // 3. Crossref metadata.
    if (crossrefDoi) {
      const r = await step("crossref", DEADLINES.step, async (fetchDoc) => {
        const crossref = createCrossrefClient({ ...common, mailto: mail, rateLimiter: providerLimiter(env, "crossref") });
        const work = await crossref.getWork(crossrefDoi);
        if (!work) return { outcome: "none", detail: "not in Crossref" };
        applyCrossref(meta, work);
        if (isPersianDocument(meta)) return { outcome: "rejected", detail: `Persian-language (${meta.language ?? "title"})` };
        const candidates = crossrefCandidates(work);
        if (!candidates.length) return { outcome: "none", detail: `metadata: ${work.type ?? "?"}${work.isRetracted ? ", retracted" : ""}` };
        return fromAttempts(await tryCandidates(candidates, fetchDoc, tried, expect()), "open");
      });
      const stop = persianStop();
      if (stop) return stop;
      const done = found(r);
      if (done) return done;
    } else {
      skip("crossref", ids.doi ? "DataCite DOI (arXiv)" : "no DOI");
    }

    // 4. Unpaywall: every OA location.
    if (crossrefDoi) {
      const r = await step("unpaywall", DEADLINES.step, async (fetchDoc) => {
        const unpaywall = createUnpaywallClient({ ...common, email: mail, rateLimiter: providerLimiter(env, "unpaywall") });
        const rec = await unpaywall.getByDoi(crossrefDoi);
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
        return withOtherVersion(meta, candidates, fromAttempts(await tryCandidates(candidates, fetchDoc, tried, expect()), "open"));
      });
      const stop = persianStop();
      if (stop) return stop;
      const done = found(r);
      if (done) return done;
    } else {
      skip("unpaywall", ids.doi ? "DataCite DOI (arXiv)" : "no DOI");
    }

    // 5. OpenAlex: every OA location.
    if (ids.doi) {
      const doi = ids.doi;
      const r = await step("openalex", DEADLINES.step, async (fetchDoc) => {
        const openalex = createOpenAlexClient({ ...common, mailto: mail, rateLimiter: providerLimiter(env, "openalex") });
        const work = await openalex.getWorkByDoi(doi);
        if (!work) return { outcome: "none", detail: "not in OpenAlex" };
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
        return withOtherVersion(meta, candidates, fromAttempts(await tryCandidates(candidates, fetchDoc, tried, expect()), "open"));
      });
      const stop = persianStop();
      if (stop) return stop;
      const done = found(r);
      if (done) return done;
    } else {
      skip("openalex", "no DOI");
    }

    // 6. arXiv.
    if (ids.arxiv) {
      const arxivId = ids.arxiv;
      const r = await step("arxiv", DEADLINES.step, async (fetchDoc) => {
        const arxiv = createArxivClient({ ...common, rateLimiter: providerLimiter(env, "arxiv") });
        const entry = await arxiv.getById(arxivId);
        if (!entry) return { outcome: "none", detail: "not on arXiv" };
        meta.title ??= entry.title;
        if (isPersianDocument(meta)) return { outcome: "rejected", detail: "Persian-language title" };
        // By id: exact by construction (arXiv serves e-prints as submitted).
        return fromAttempts(await tryCandidates([{ url: entry.pdfUrl, kind: "pdf", source: `arXiv (${entry.id})`, license: null, version: "submittedVersion", exact: true }], fetchDoc, tried, expect()), "open");
      });
      const stop = persianStop();
      if (stop) return stop;
      const done = found(r);
      if (done) return done;
    } else {
      skip("arxiv", "no arXiv id");
    }

    // 7. PubMed Central via Europe PMC.
    if (ids.pmcid || crossrefDoi) {
      const r = await step("pmc", DEADLINES.step, async (fetchDoc) => {
        const pmc = createPmcClient({ ...common, tool: "daryaft", email: mail, rateLimiter: providerLimiter(env, "ncbi"), europePmcRateLimiter: providerLimiter(env, "europepmc") });
        let pdfUrl: string | null;
        let label: string;
        if (ids.pmcid) {
          pdfUrl = await pmc.getFullTextPdfUrl(ids.pmcid);
          label = ids.pmcid;
        } else {
          const rec = await pmc.searchByDoi(crossrefDoi!);
          meta.title ??= rec?.title ?? null;
          pdfUrl = rec?.pdfUrl ?? null;
          label = rec?.pmcid ?? "Europe PMC";
          ids.pmcid ??= rec?.pmcid ?? null;
        }
        if (!pdfUrl) return { outcome: "none", detail: "no open-access PDF in Europe PMC" };
        // PMC's rendering of one PMCID: exact by construction.
        return fromAttempts(await tryCandidates([{ url: pdfUrl, kind: "pdf", source: `Europe PMC — PubMed Central (${label})`, license: null, exact: label.startsWith("PMC") }], fetchDoc, tried, expect()), "open");
      });
      const done = found(r);
      if (done) return done;
    } else {
      skip("pmc", "no DOI or PMCID");
    }

    // 8. Licensed resolvers.
    const licensed = deps.licensed ?? enabledLicensedResolvers(env);
    if (ids.doi && licensed.length) {
      const doi = ids.doi;
      const r = await step("licensed", DEADLINES.licensed, async () => {
        const notes: string[] = [];
        let failedTransient = false;
        for (const resolver of licensed) {
          if (!resolver.configured(env)) {
            notes.push(`${resolver.name}: not configured`);
            continue;
          }
          try {
            const copy = await resolver.fetchByDoi(doi, env, deps.fetch);
            if (!copy) {
              notes.push(`${resolver.name}: none`);
              continue;
            }
            // A publisher's API by DOI is exact by construction, but its file is checked all the same.
            const checked = await checkPdfText(copy.bytes, expect(), true);
            if (!checked.accept) {
              notes.push(`${resolver.name}: ${checked.reason} (${checked.detail})`);
              continue;
            }
            return {
              outcome: "found",
              detail: `${resolver.name}: ${copy.bytes.length} bytes, ${checked.verification}`,
              hit: { bytes: copy.bytes, url: `licensed:${resolver.name}`, source: copy.source, license: copy.license, verification: checked.verification, version: "publishedVersion" },
              access: "licensed",
            };
          } catch (err) {
            const f = failureResult(err);
            if (f.transient) failedTransient = true;
            notes.push(`${resolver.name}: ${f.detail ?? "failed"}`);
          }
        }
        return failedTransient ? { outcome: "failed", transient: true, detail: notes.join("; ") } : { outcome: "none", detail: notes.join("; ") || "none" };
      });
      const done = found(r);
      if (done) return done;
    } else {
      skip("licensed", ids.doi ? "none switched on" : "no DOI");
    }

    if (transient > 0) return { kind: "transient", meta, steps, detail: `${transient} step(s) failed` };
    return { kind: "not_found", meta, steps };
  } catch (err) {
    if (err instanceof Abandoned) return { kind: "abandoned", steps };
    throw err;
  } finally {
    clearTimeout(jobTimer);
  }
}

function failureResult(err: unknown): StepResult {
  if (err instanceof StepDeadline) return { outcome: "failed", transient: true, detail: err.message };
  if (err instanceof FetchRefused) return { outcome: "rejected", detail: err.message };
  if (isUpstreamError(err)) {
    // auth/config problems (a bad key, a refused e-mail) will not heal by retrying
    return { outcome: "failed", transient: err.retryable, detail: err.message };
  }
  if (err instanceof RangeError) return { outcome: "rejected", detail: err.message };
  return { outcome: "failed", transient: true, detail: String(err) };
}

function fromAttempts(r: { hit: PdfHit | null; attempts: Attempt[] }, access: FileAccess): StepResult {
  const detail = r.attempts.map((a) => `${a.outcome} ${a.url} (${a.detail})`).join("; ");
  if (r.hit) return { outcome: "found", detail, hit: r.hit, access };
  const transient = r.attempts.some((a) => a.transient);
  if (transient) return { outcome: "failed", transient: true, detail };
  if (r.attempts.some((a) => a.outcome === "mismatch")) return { outcome: "mismatch", detail };
  return { outcome: r.attempts.length ? "rejected" : "none", detail: detail || "every location already tried" };
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

const NOTICE_TYPES: Record<string, UpdateNotice["type"]> = {
  retraction: "retraction",
  partial_retraction: "retraction",
  withdrawal: "withdrawal",
  removal: "withdrawal",
  expression_of_concern: "expression_of_concern",
  correction: "correction",
  erratum: "correction",
  corrigendum: "correction",
  addendum: "correction",
};

/** Crossref's update records as structured notices (`updated-by`: about this work; `update-to`: this is the notice). */
export function noticesOf(work: Pick<CrossrefWork, "updatedBy" | "updateTo">): UpdateNotice[] {
  const map =
    (relation: UpdateNotice["relation"]) =>
    (u: CrossrefWork["updatedBy"][number]): UpdateNotice[] => {
      const type = NOTICE_TYPES[u.type.replace(/[\s-]+/g, "_")];
      return type ? [{ type, doi: u.doi, date: u.date, source: `crossref${u.source ? `/${u.source}` : ""}`, relation }] : [];
    };
  return [...work.updatedBy.flatMap(map("updated_by")), ...work.updateTo.flatMap(map("update_to"))];
}

function applyCrossref(meta: JobMeta, work: CrossrefWork): void {
  meta.title = work.title ?? meta.title;
  meta.type = work.type ?? meta.type;
  meta.language = work.language ?? meta.language;
  // Retractions and corrections travel as data (the result's `notices`), shown as banners.
  meta.updates = noticesOf(work);
}

/** The publisher's own PDF links, only when the work is under a Creative Commons licence. */
function crossrefCandidates(work: CrossrefWork): Candidate[] {
  const cc = work.licenses.find((l) => /creativecommons\.org\/(licenses|publicdomain)\//i.test(l.url) && (l.delayInDays ?? 0) === 0);
  if (!cc) return [];
  return work.links
    .filter((l) => l.contentType === "application/pdf" && l.intendedApplication !== "text-mining")
    // The publisher's own link in its DOI record: exact by construction.
    .map((l) => ({ url: l.url, kind: "pdf" as const, source: `ناشر — ${work.publisher ?? hostOf(l.url)} (Crossref)`, license: cc.url, version: l.contentVersion === "am" ? "acceptedVersion" : "publishedVersion", exact: true }));
}

function arxivFromDoi(doi: string | null): string | null {
  const m = doi ? ARXIV_DOI.exec(doi) : null;
  return m ? m[1]!.toLowerCase() : null;
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
