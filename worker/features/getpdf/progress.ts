/**
 * A running job's step as people see it (the progress stream's events, a processing result's
 * msg2): the pipeline's step (which source) and what it is doing inside it (copies listed,
 * downloading, checking the file), in Persian.
 */
import type { GetPdfProgress, GetPdfStage } from "../../../contract/getpdf";
import type { JobState, StepName } from "../../../contract/jobs/job-state";
import { activityTexts, stepSources, stepTexts } from "./messages";

const STAGE_OF_STEP: Record<StepName, GetPdfStage> = {
  queued: "queued",
  open: "searching",
  landing: "identifying",
  ids: "identifying",
  crossref: "metadata",
  books: "searching",
  unpaywall: "searching",
  openalex: "searching",
  arxiv: "searching",
  pmc: "searching",
  licensed: "searching",
  retry: "retrying",
};

/** The step of a processing job (without the ticket, which the stream adds); null for a job that is not running. */
export function progressOf(state: JobState | null): Omit<GetPdfProgress, "id"> | null {
  if (!state || state.phase !== "processing") return null;
  const step = state.step ?? "queued";
  const source = stepSources[step] ?? null;
  const base: Omit<GetPdfProgress, "id"> = { stage: STAGE_OF_STEP[step], text: stepTexts[step], source, count: null, bytes: null, host: null };
  const a = state.activity;
  if (!a || step === "queued" || step === "retry") return base;
  switch (a.kind) {
    case "located":
      return { ...base, stage: "located", text: activityTexts.located(a.count, source), count: a.count };
    case "downloading":
      return { ...base, stage: "downloading", text: activityTexts.downloading(a.host, a.bytes), bytes: a.bytes, host: a.host };
    case "verifying":
      return { ...base, stage: "verifying", text: activityTexts.verifying(a.bytes), bytes: a.bytes, host: a.host };
  }
}
