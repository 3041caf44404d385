import { useSuspenseQuery, type QueryKey, type UseSuspenseQueryOptions } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { DataTable } from "../../components/ui/data-table";
import { Pagination } from "../../components/ui/pagination";
import { QueryBoundary } from "../../components/ui/query-state";
import { panelMessages as m } from "./messages";

/** A page of a panel list as the server sends it. */
type ListPage = { data: unknown[]; page: number; per_page: number; total: number };

type PanelTableProps<Page extends ListPage, Key extends QueryKey> = {
  /** The list's query (the feature's `queryOptions`); its route's loader has usually read the first page. */
  query: UseSuspenseQueryOptions<Page, Error, Page, Key>;
  title: string;
  empty: string;
  head: ReactNode;
  row(r: Page["data"][number], i: number): ReactNode;
  onPage(page: number): void;
};

/** A paged panel list: loading and error states, a note when empty, else the table in a card with its pager. */
export function PanelTable<Page extends ListPage, Key extends QueryKey>(props: PanelTableProps<Page, Key>) {
  return (
    <QueryBoundary label={props.title}>
      <PanelRows {...props} />
    </QueryBoundary>
  );
}

function PanelRows<Page extends ListPage, Key extends QueryKey>({ query, title, empty, head, row, onPage }: PanelTableProps<Page, Key>) {
  const { data: list } = useSuspenseQuery(query);
  return list.data.length === 0 ? (
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
  );
}
