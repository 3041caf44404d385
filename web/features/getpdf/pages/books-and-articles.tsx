import { useSuspenseQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import type { LibraryFilter, ProfileDownload } from "../../../../contract/getpdf";
import { getpdfApi } from "../../../../contract/endpoints/getpdf";
import { formatJalaliDate } from "../../../../lib/format";
import { PageHeading } from "../../../components/shell/page-heading";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClass } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { Select } from "../../../components/ui/select";
import { TextField } from "../../../components/ui/text-field";
import { DataCell, DataRow, DataTable, HeaderCell } from "../../../components/ui/data-table";
import { Icon } from "../../../components/ui/icon";
import { Pagination } from "../../../components/ui/pagination";
import { QueryBoundary } from "../../../components/ui/query-state";
import { getpdfUi } from "../messages";
import { NoticeBanners } from "../notice-banners";
import { downloadsQuery } from "../queries";
import { CitationExportMenu, citationOf } from "../../../components/citations/citation-export";
import { LibraryNotices } from "../library-notices";
import { ReportFile } from "../../file-reports/report-file";
import "../getpdf.css";

const t = getpdfUi.page;

function DocumentCell({ row }: { row: ProfileDownload }) {
  const label = row.title ?? row.doi ?? row.url ?? "—";
  return (
    <div className="getpdf-doc">
      <bdi dir="ltr" className="getpdf-doc__title">
        {label}
      </bdi>
      {row.doi && row.title && (
        <bdi dir="ltr" className="getpdf-doc__doi">
          {row.doi}
        </bdi>
      )}
      <NoticeBanners notices={row.notices} compact />
    </div>
  );
}

const STATUS_OPTIONS = ["all", "ok", "buy", "offline", "error"] as const;
type StatusOption = (typeof STATUS_OPTIONS)[number];

/** Narrow the library (words, status, notices) and export what it shows, whole, from the server. */
function LibraryFilters({ filter, onChange }: { filter: LibraryFilter; onChange: (f: LibraryFilter) => void }) {
  const [words, setWords] = useState(filter.q ?? "");
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.status) params.set("status", filter.status);
  if (filter.notices) params.set("notices", "1");
  const exportHref = (format: string) => `${getpdfApi.exportLibrary.path}?${new URLSearchParams([...params, ["format", format]])}`;
  return (
    <section className="card stack library-filters" aria-label={t.filters}>
      <form
        className="library-filters__row"
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ ...filter, q: words.trim() || undefined });
        }}
      >
        <TextField label={t.search} value={words} onChange={setWords} maxLength={200} />
        <Button type="submit" variant="outline">
          {t.searchButton}
        </Button>
        <Select<StatusOption>
          label={t.statusFilter}
          value={filter.status ?? "all"}
          options={STATUS_OPTIONS.map((s) => [s, s === "all" ? t.anyStatus : (t.statuses[s] ?? s)] as const)}
          onChange={(s) => onChange({ ...filter, status: s === "all" ? undefined : s })}
        />
        <Checkbox isSelected={!!filter.notices} onChange={(on) => onChange({ ...filter, notices: on || undefined })}>
          {t.withNotices}
        </Checkbox>
      </form>
      <div className="getpdf-actions__export" role="group" aria-label={t.exportLabel}>
        <span>{t.exportLabel}:</span>
        {(["bibtex", "ris", "csljson"] as const).map((format) => (
          <a key={format} className={buttonClass({ variant: "ghost", size: "sm" })} href={exportHref(format)} download>
            {format === "bibtex" ? "BibTeX" : format === "ris" ? "RIS" : "CSL-JSON"}
          </a>
        ))}
      </div>
    </section>
  );
}

/** /profile/booksAndArticles: the user's link/DOI downloads, with fresh 24-hour links. Its route's loader reads the first page and the library's notices. */
export default function BooksAndArticles() {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<LibraryFilter>({});
  // The filters show what was chosen at once; the table shows the rows it has until the chosen ones
  // arrive (no loading state in between).
  const shownPage = useDeferredValue(page);
  const shownFilter = useDeferredValue(filter);
  const applyFilter = (next: LibraryFilter) => {
    setFilter(next);
    setPage(1);
  };
  return (
    <div className="container stack getpdf-page" aria-busy={page !== shownPage || filter !== shownFilter}>
      <PageHeading title={t.title}>
        <p className="getpdf-muted">{t.intro}</p>
      </PageHeading>
      <LibraryFilters filter={filter} onChange={applyFilter} />
      <QueryBoundary label={t.title} errorTitle={t.failed}>
        <Downloads page={shownPage} filter={shownFilter} onPage={setPage} />
      </QueryBoundary>
      <LibraryNotices />
    </div>
  );
}

function Downloads({ page, filter, onPage }: { page: number; filter: LibraryFilter; onPage(page: number): void }) {
  const { data } = useSuspenseQuery(downloadsQuery(page, filter));
  const narrowed = !!(filter.q || filter.status || filter.notices);
  if (data.data.length === 0) return <Alert tone="info">{narrowed ? t.noneFound : t.empty}</Alert>;
  return (
    <section className="card getpdf-page__card">
      <DataTable caption={t.caption}>
        <thead>
          <tr>
            <HeaderCell>{t.date}</HeaderCell>
            <HeaderCell>{t.document}</HeaderCell>
            <HeaderCell>{t.status}</HeaderCell>
            <HeaderCell className="getpdf-page__source">{t.source}</HeaderCell>
            <HeaderCell>{t.action}</HeaderCell>
          </tr>
        </thead>
        <tbody>
          {data.data.map((row) => (
            <DataRow key={row.id}>
              <DataCell>{formatJalaliDate(row.created_at, { withTime: true })}</DataCell>
              <DataCell>
                <DocumentCell row={row} />
              </DataCell>
              <DataCell>
                <span className={`getpdf-badge getpdf-badge--${row.status}`}>{t.statuses[row.status] ?? row.status}</span>
              </DataCell>
              <DataCell className="getpdf-page__source">{row.source ?? "—"}</DataCell>
              <DataCell>
                <div className="getpdf-actions">
                  {row.download_link ? (
                    <a className={buttonClass({ variant: "outline", size: "sm" })} href={row.download_link} download>
                      <Icon name="download" size={16} />
                      {getpdfUi.download}
                    </a>
                  ) : (
                    !row.doi && "—"
                  )}
                  {row.doi && <CitationExportMenu citation={citationOf({ doi: row.doi, title: row.title })} />}
                  {row.file_report && <ReportFile receipt={{ download: row.id }} state={row.file_report} />}
                </div>
              </DataCell>
            </DataRow>
          ))}
        </tbody>
      </DataTable>
      <Pagination page={data.current_page} pages={data.total_pages} onChange={onPage} label={t.caption} />
    </section>
  );
}
