import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatJalaliDate, truncateTitle } from "../../../../lib/format";
import { PageHeading } from "../../../components/shell/page-heading";
import { DataCell, DataRow, DataTable, HeaderCell } from "../../../components/ui/data-table";
import { Pagination } from "../../../components/ui/pagination";
import { QueryState } from "../../../components/ui/query-state";
import { panelMessages as m } from "../messages";
import { PanelNav } from "../panel-nav";
import { articlesQuery } from "../queries";
import "../panel.css";

/** /panel2/articles: members' downloads and offline requests, newest first. */
export default function Panel2Articles() {
  const [page, setPage] = useState(1);
  const query = useQuery({ ...articlesQuery(page), placeholderData: keepPreviousData });
  return (
    <div className="container stack panel-page">
      <PageHeading title={m.articles.title} />
      <PanelNav />
      <QueryState query={query} label={m.articles.title}>
        {(list) =>
          list.data.length === 0 ? (
            <p className="panel-muted">{m.articles.empty}</p>
          ) : (
            <section className="card panel-section">
              <DataTable caption={m.articles.title}>
                <thead>
                  <tr>
                    <HeaderCell>{m.articles.date}</HeaderCell>
                    <HeaderCell>{m.articles.user}</HeaderCell>
                    <HeaderCell>{m.articles.document}</HeaderCell>
                    <HeaderCell className="panel-hide-xs">{m.articles.kind}</HeaderCell>
                    <HeaderCell>{m.articles.status}</HeaderCell>
                  </tr>
                </thead>
                <tbody>
                  {list.data.map((r, i) => (
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
                  ))}
                </tbody>
              </DataTable>
              <Pagination page={list.page} pages={Math.ceil(list.total / list.per_page)} onChange={setPage} label={m.pager.label} />
            </section>
          )
        }
      </QueryState>
    </div>
  );
}
