import type { DocumentNotice } from "../../../contract/getpdf";
import { formatJalaliDate } from "../../../lib/format";
import { Alert } from "../../components/ui/alert";
import { getpdfUi } from "./messages";

const t = getpdfUi.notices;

/** Red for a retraction or withdrawal, amber for an expression of concern or a correction. */
const noticeTone = (type: DocumentNotice["type"]) => (type === "retraction" || type === "withdrawal" ? "error" : "warning");

/**
 * Retraction, withdrawal, concern and correction notices (Crossref) about the document, each a
 * banner linking the notice; or, when the pasted DOI is itself a notice, one saying so and
 * linking the work it is about. `compact` drops the advice (history table rows).
 */
export function NoticeBanners({ notices, compact = false }: { notices: DocumentNotice[] | undefined; compact?: boolean }) {
  if (!notices?.length) return null;
  return (
    <section className="getpdf-notices" aria-label={t.region}>
      {notices.map((n) => {
        const about = n.relation === "update_to";
        const date = n.date ? formatJalaliDate(n.date) : "";
        return (
          <Alert
            key={`${n.relation}:${n.type}:${n.doi}`}
            tone={noticeTone(n.type)}
            title={about ? t.isNotice[n.type] : ((n.crossref_type && t.subtypeTitles[n.crossref_type]) ?? t.titles[n.type])}
            className="getpdf-notice"
          >
            {!compact && !about && <p className="getpdf-notice__line">{t.advice}</p>}
            <p className="getpdf-notice__line">
              {date && <span>{t.dated(date)} · </span>}
              <a href={`https://doi.org/${n.doi}`} target="_blank" rel="noopener noreferrer" data-notice-type={n.type}>
                {about ? t.openWork : t.openNotice}
              </a>{" "}
              <bdi dir="ltr" className="getpdf-notice__doi">
                {n.doi}
              </bdi>
            </p>
          </Alert>
        );
      })}
    </section>
  );
}
