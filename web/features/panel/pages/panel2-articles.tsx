import { useState, useTransition } from "react";
import { formatJalaliDate, truncateTitle } from "../../../../lib/format";
import { PageHeading } from "../../../components/shell/page-heading";
import { DataCell, DataRow, HeaderCell } from "../../../components/ui/data-table";
import { panelMessages as m } from "../messages";
import { PanelNav } from "../panel-nav";
import { PanelTable } from "../panel-table";
import { articlesQuery } from "../queries";
import "../panel.css";

/** /panel2/articles: members' downloads and offline requests, newest first. Its route's loader reads the first page. */
export default function Panel2Articles() {
  const [page, setPage] = useState(1);
  // The next page replaces this one when it arrives (no loading state in between).
  const [paging, startPaging] = useTransition();
  return (
    <div className="container stack panel-page" aria-busy={paging}>
      <PageHeading title={m.articles.title} />
      <PanelNav />
      <PanelTable
        query={articlesQuery(page)}
        title={m.articles.title}
        empty={m.articles.empty}
        onPage={(p) => startPaging(() => setPage(p))}
        head={
          <>
            <HeaderCell>{m.articles.date}</HeaderCell>
            <HeaderCell>{m.articles.user}</HeaderCell>
            <HeaderCell>{m.articles.document}</HeaderCell>
            <HeaderCell className="panel-hide-xs">{m.articles.kind}</HeaderCell>
            <HeaderCell>{m.articles.status}</HeaderCell>
          </>
        }
        row={(r, i) => (
          <DataRow key={`${r.created_at}-${i}`}>
            <DataCell>{formatJalaliDate(r.created_at, { withTime: true })}</DataCell>
            <DataCell>{r.user_name}</DataCell>
            <DataCell>
              <bdi dir="ltr">{truncateTitle(r.title ?? r.doi ?? r.url ?? "—")}</bdi>
            </DataCell>
            <DataCell className="panel-hide-xs">{m.articles.kinds[r.kind] ?? r.kind}</DataCell>
            <DataCell>
              <span className={`panel-badge panel-badge--${r.outcome}`}>{m.articles.statuses[r.outcome] ?? r.outcome}</span>
            </DataCell>
          </DataRow>
        )}
      />
    </div>
  );
}
