import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { DataTable } from "../../components/ui/data-table";
import { Pagination } from "../../components/ui/pagination";
import { QueryState } from "../../components/ui/query-state";
import { panelMessages as m } from "./messages";

/** A page of a panel list as the server sends it. */
type ListPage<Row> = { data: Row[]; page: number; per_page: number; total: number };

/** A paged panel list: loading and error states, a note when empty, else the table in a card with its pager. */
export function PanelTable<Row>({
  query,
  title,
  empty,
  head,
  row,
  onPage,
}: {
  query: UseQueryResult<ListPage<Row>>;
  title: string;
  empty: string;
  head: ReactNode;
  row(r: Row, i: number): ReactNode;
  onPage(page: number): void;
}) {
  return (
    <QueryState query={query} label={title}>
      {(list) =>
        list.data.length === 0 ? (
          <p className="panel-muted">{empty}</p>
        ) : (
          <section className="card panel-section">
            <DataTable caption={title}>
              <thead>
                <tr>{head}</tr>
              </thead>
              <tbody>{list.data.map(row)}</tbody>
            </DataTable>
            <Pagination page={list.page} pages={Math.ceil(list.total / list.per_page)} onChange={onPage} label={m.pager.label} />
          </section>
        )
      }
    </QueryState>
  );
}
