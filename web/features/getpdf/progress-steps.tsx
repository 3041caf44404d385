import type { GetPdfResult } from "../../../contract/getpdf";
import { Icon } from "../../components/ui/icon";
import { ProgressBar } from "../../components/ui/progress-bar";
import { getpdfUi as t } from "./messages";

/** One line of the job's progress: its stage (or its text, when only a text is known) and what it says. */
export type StepLine = { key: string; text: string };

/**
 * Adds what the job is doing now: the same stage as the last line replaces it (the file's size
 * arrived, another source is asked), a new stage is a new line; the same text again changes nothing.
 */
export function withStep(lines: StepLine[], key: string, text: string): StepLine[] {
  const last = lines.at(-1);
  if (last && last.text === text) return lines;
  if (last && last.key === key) return [...lines.slice(0, -1), { key, text }];
  return [...lines, { key, text }];
}

/** The lines a dialog starts with: the request is on its way and the link or DOI is being identified. */
export const firstSteps = (): StepLine[] => [{ key: "identifying", text: t.identifying }];

/**
 * While the job runs: each step it has reached, in order, as it happens (the progress stream's
 * events, or each new step a check answers). Done steps carry a check; the current one is
 * announced (aria-live) and marked aria-current.
 */
export function ProgressSteps({ lines, result }: { lines: StepLine[]; result: GetPdfResult | null }) {
  const current = lines.at(-1)?.text ?? result?.msg2 ?? t.starting;
  return (
    <div className="getpdf-progress">
      <ProgressBar isIndeterminate aria-label={current} />
      <ol className="getpdf-steps" aria-label={t.stepsLabel}>
        {lines.map((line, i) => {
          const done = i < lines.length - 1;
          return (
            <li
              key={`${i}-${line.key}`}
              className={done ? "getpdf-steps__done" : "getpdf-steps__now"}
              data-stage={line.key}
              aria-current={done ? undefined : "step"}
            >
              {done ? <Icon name="check" size={16} label={t.stepDone} /> : <span className="getpdf-steps__dot" aria-hidden="true" />}
              <span>{line.text}</span>
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {current}
      </p>
    </div>
  );
}
