import type { RequestMeta } from "../../../contract/offline";
import type { ReactNode } from "react";
import { toPersianDigits } from "../../../lib/digits";
import { ExternalLinkButton } from "../../components/ui/link";
import { offlineUi } from "./messages";
import { Latin } from "./request-parts";
import { searchLinks } from "./search-links";

const t = offlineUi.desk;

/**
 * What the request was resolved to at registration (Crossref, the catalogue, the book resolver, or
 * the user's own words read into parts), and one-press look-ups of it elsewhere.
 */
export function DocumentMeta({ meta, typed }: { meta: RequestMeta; typed: string }) {
  const links = searchLinks(meta, typed);
  const rows: [string, ReactNode][] = [];
  if (meta.title) rows.push([t.metaTitle, <Latin key="t" text={meta.title} />]);
  if (meta.authors.length) rows.push([t.metaAuthors, <Latin key="a" text={meta.authors.slice(0, 6).join("، ")} />]);
  if (meta.edition) rows.push([t.metaEdition, t.editionNumber(meta.edition)]);
  if (meta.year) rows.push([t.metaYear, toPersianDigits(meta.year)]);
  if (meta.publisher) rows.push([t.metaPublisher, <Latin key="p" text={meta.publisher} />]);
  if (meta.isbns.length) rows.push(["ISBN", <Latin key="i" text={meta.isbns.join(" · ")} />]);
  return (
    <section className="desk-meta" aria-label={t.metaHeading}>
      <h3>
        {t.metaHeading}
        {meta.source && <small className="offline-muted"> — {t.metaSource[meta.source]}</small>}
      </h3>
      <div className="desk-meta__body">
        {meta.cover && <img className="desk-meta__cover" src={meta.cover} alt={t.metaCover} width={72} height={108} loading="lazy" />}
        {rows.length ? (
          <dl className="desk-meta__facts">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="offline-muted">{t.metaNone}</p>
        )}
      </div>
      {links.length > 0 && (
        <p className="desk-meta__links">
          <span className="offline-muted">{t.lookUp}</span>
          {links.map((l) => (
            <ExternalLinkButton key={l.label} href={l.href} variant="ghost" size="sm">
              {l.label}
            </ExternalLinkButton>
          ))}
        </p>
      )}
    </section>
  );
}
