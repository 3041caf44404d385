import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatJalaliDate, truncateTitle } from "../../../lib/format";
import { toPersianDigits } from "../../../lib/digits";
import { Alert } from "../../components/ui/alert";
import { NativeButton } from "../../components/ui/native-button";
import { Icon } from "../../components/ui/icon";
import { ExternalLink } from "../../components/ui/link";
import { ProgressBar } from "../../components/ui/progress-bar";
import { DataCell, DataRow, DataTable, HeaderCell } from "../../components/ui/data-table";
import { Pagination } from "../../components/ui/pagination";
import { messages } from "../../lib/messages";
import { breakpoints, useMediaQuery } from "../../lib/use-media-query";
import { homeMessages as m } from "./messages";
import { lastListQuery, type LastArticleRow, type LastListKind } from "./queries";
import { httpUrl } from "../../../lib/link-url";

export const LAST_LIST_PAGE_SIZE = 10;

const isLink = (s: string) => httpUrl(s) !== null;

/** Link or title, left-to-right inside the right-to-left table; long titles shortened (search spec §9). */
function LinkOrTitle({ value, medium }: { value: string; medium: boolean }) {
  const shown = medium ? truncateTitle(value, 20, 30) : truncateTitle(value, 70, 85);
  return (
    <bdi dir="ltr" title={shown !== value ? value : undefined}>
      {isLink(value) ? <ExternalLink href={value}>{shown}</ExternalLink> : shown}
    </bdi>
  );
}

/** One of the home page's latest-data lists: date, link or title, row number (hidden on extra-small screens); retry on error. */
export function LastList({ kind, label }: { kind: LastListKind; label: string }) {
  const query = useQuery(lastListQuery(kind));
  const [page, setPage] = useState(1);
  const medium = useMediaQuery(`(min-width: ${breakpoints.sm}px) and (max-width: ${breakpoints.md - 1}px)`);

  if (query.isPending) return <ProgressBar isIndeterminate aria-label={m.table.loading} />;
  if (query.isError) {
    const status = (query.error as { status?: number }).status ?? 0;
    return (
      <Alert
        tone="error"
        action={
          <NativeButton variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            <Icon name="refresh" size={18} />
            {messages.retry}
          </NativeButton>
        }
      >
        {status ? messages.errorCode(status) : messages.network}
      </Alert>
    );
  }
  const rows = Array.isArray(query.data) ? query.data : [];
  if (rows.length === 0) return <p className="last-list__empty">{m.table.empty}</p>;

  const pages = Math.max(1, Math.ceil(rows.length / LAST_LIST_PAGE_SIZE));
  const current = Math.min(page, pages);
  const start = (current - 1) * LAST_LIST_PAGE_SIZE;
  const visible = rows.slice(start, start + LAST_LIST_PAGE_SIZE);

  return (
    <div className="last-list">
      <DataTable caption={label}>
        <thead>
          <DataRow>
            <HeaderCell className="last-list__row-col">{m.table.row}</HeaderCell>
            <HeaderCell className="last-list__date-col">{m.table.date}</HeaderCell>
            <HeaderCell>{m.table.link}</HeaderCell>
          </DataRow>
        </thead>
        <tbody>
          {visible.map((r, i) => {
            // Numbering continues across pages (search spec §2).
            const n = start + i + 1;
            const link = (r as LastArticleRow).download_link;
            return (
              <DataRow key={`${n}-${r.created_at}`}>
                <DataCell className="last-list__row-col">{toPersianDigits(n)}</DataCell>
                <DataCell className="last-list__date-col">{formatJalaliDate(r.created_at)}</DataCell>
                <DataCell>
                  <LinkOrTitle value={r.url} medium={medium} />
                  {link && isLink(link) ? (
                    <ExternalLink href={link} className="last-list__download" aria-label={`${m.table.download} ${r.url}`}>
                      <Icon name="download" size={18} />
                    </ExternalLink>
                  ) : null}
                </DataCell>
              </DataRow>
            );
          })}
        </tbody>
      </DataTable>
      <Pagination page={current} pages={pages} onChange={setPage} label={m.table.pagination} />
    </div>
  );
}
