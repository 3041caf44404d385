/**
 * The resolver chain: one fetch job's document, tried source by source (resolver-steps.ts, in
 * their fixed order) with a deadline per step and the result of each step recorded.
 */
import type { FetchJobMessage, JobMeta, StepName, StepRecord } from "../contract/jobs/job-state";
import { emptyMeta } from "../contract/jobs/job-state";
import { StepDeadline, failureResult, type ChainOutcome, type ResolveContext, type ResolveDeps, type ResolverStep, type StepResult } from "./chain";
import { createDocumentFetcher } from "./documents";
import { enabledLicensedResolvers } from "./licensed";
import { DEADLINES } from "./limits";
import { arxivFromDoi, resolverSteps } from "./resolver-steps";
import { loadWithdrawn, refuseWithdrawn } from "./withdrawn";

export type { ChainOutcome, ResolveDeps } from "./chain";

class Abandoned extends Error {}

export async function resolveDocument(msg: FetchJobMessage, env: Cloudflare.Env, deps: ResolveDeps): Promise<ChainOutcome> {
  const id = msg.input.identified;
  // A book the Worker resolved (an ISBN, a book link or reference): its edition is what the file must show.
  const book = msg.input.book;
  const meta: JobMeta = { ...emptyMeta(), doi: id.doi ?? book?.doi ?? null, ...(book ? { book, title: book.title, subtitle: book.subtitle } : {}) };
  const steps: StepRecord[] = [];
  let transient = 0;
  const remaining = Math.min(DEADLINES.job, Math.max(0, msg.startedAt + DEADLINES.job - Date.now()));
  const deadlineAt = Date.now() + remaining;
  const jobAbort = new AbortController();
  const jobTimer = setTimeout(() => jobAbort.abort(new StepDeadline("job deadline")), remaining);

  const ids = { doi: meta.doi, arxiv: id.arxiv ?? arxivFromDoi(id.doi), pmid: id.pmid, pmcid: id.pmcid, url: id.url };
  const withdrawn = await loadWithdrawn(env.DB, msg.key, ids.doi);
  let withdrawnFor = ids.doi;
  const ctx: ResolveContext = {
    env,
    deps,
    identified: id,
    ids,
    meta,
    steps,
    tried: new Set(withdrawn.urls),
    withdrawn,
    common: { fetch: deps.fetch, upstreamBase: env.UPSTREAM_BASE, timeoutMs: DEADLINES.apiRequest },
    priority: deps.priority ?? (() => (msg.lane === "list" ? "list" : "paste")),
    answers: deps.answers ?? null,
    mail: env.CONTACT_EMAIL || "support@daryaft.app",
    licensed: deps.licensed ?? enabledLicensedResolvers(env),
    expect: () => ({
      doi: ids.doi,
      title: meta.title,
      subtitle: meta.subtitle,
      arxiv: ids.arxiv,
      pmcid: ids.pmcid,
      // A book, report or standard the Worker or a collection resolved: its front matter, ISBNs, number and authors.
      ...(meta.book
        ? { kind: meta.book.kind === "chapter" ? null : meta.book.kind, isbn: meta.book.isbns, reportNumber: meta.book.number, authors: meta.book.authors }
        : {}),
      // Its own copy may be stamped "RETRACTED" / "WITHDRAWN" (Crossref's updates about it).
      retracted: (meta.updates ?? []).some((u) => u.relation === "updated_by" && (u.type === "retraction" || u.type === "withdrawal")),
    }),
  };

  /** Runs one resolver with its deadline; `fetchDoc` inside it stops at the step's deadline. */
  async function runStep({ name, budgetMs, run }: ResolverStep): Promise<StepResult> {
    if (!(await deps.report(name, meta))) throw new Abandoned();
    if (ids.doi && ids.doi !== withdrawnFor) {
      // A DOI learnt on the way (a landing page's): its withdrawn files too.
      withdrawnFor = ids.doi;
      const more = await loadWithdrawn(env.DB, msg.key, ids.doi);
      for (const url of more.urls) {
        withdrawn.urls.add(url);
        ctx.tried.add(url);
      }
      for (const hash of more.sha256) withdrawn.sha256.add(hash);
    }
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
        const fetchDoc = refuseWithdrawn(
          createDocumentFetcher(env, deps.fetch, AbortSignal.any([jobAbort.signal, controller.signal]), deps.leases, ctx.priority, deps.activity),
          withdrawn,
        );
        result = await Promise.race([run(ctx, fetchDoc), expired]);
      } catch (err) {
        result = failureResult(err);
      } finally {
        if (timer !== undefined) clearTimeout(timer);
      }
    }
    if (result.outcome === "failed" && result.transient) transient++;
    steps.push({ step: name, outcome: result.outcome, ms: Date.now() - started, detail: result.detail?.slice(0, 500) });
    return result;
  }

  const skip = (name: StepName, why: string) => steps.push({ step: name, outcome: "skipped", ms: 0, detail: why });

  try {
    for (const s of resolverSteps(env)) {
      if (!s.applies(ctx)) {
        if (s.skipReason) skip(s.name, s.skipReason(ctx));
        continue;
      }
      const end = s.ends(ctx, await runStep(s));
      if (end) return end;
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
