import type { MatchedWork } from "../../../contract/getpdf";
import { Button } from "../../components/ui/button";
import { matchUi as t } from "./match-messages";
import { useRequestOfflineForText } from "./request-offline";

/** One work's title, authors, journal and year; Latin text isolated left-to-right (GLOSSARY). */
export function WorkCitation({ work }: { work: MatchedWork }) {
  const byline = [work.authors?.join(", "), work.container].filter(Boolean).join(" — ");
  return (
    <span className="getpdf-work">
      <bdi dir="ltr" className="getpdf-work__title">
        {work.title}
      </bdi>
      {(byline || work.year !== null) && (
        <span className="getpdf-work__meta">
          {byline && <bdi dir="ltr">{byline}</bdi>}
          {work.year !== null && (
            <span>
              {byline ? "، " : ""}
              {t.year(work.year)}
            </span>
          )}
        </span>
      )}
    </span>
  );
}

/**
 * The work a pasted title or reference was matched to, with "not this one": that closes the
 * dialog and opens the offline request prefilled with the user's own text.
 */
export function MatchedWorkNote({ match, input, onLeave }: { match: MatchedWork; input: string; onLeave(): void }) {
  const requestOffline = useRequestOfflineForText();
  return (
    <section className="getpdf-match" aria-label={t.foundLabel}>
      <p className="getpdf-match__lead">{t.found}</p>
      <WorkCitation work={match} />
      <div className="getpdf-match__actions">
        <Button
          variant="outline"
          size="sm"
          aria-describedby="getpdf-match-hint"
          onPress={() => {
            onLeave();
            requestOffline(input);
          }}
        >
          {t.notThis}
        </Button>
        <span id="getpdf-match-hint" className="getpdf-muted getpdf-match__hint">
          {t.notThisHint}
        </span>
      </div>
    </section>
  );
}
