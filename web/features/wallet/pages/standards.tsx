import { useSuspenseQuery } from "@tanstack/react-query";
import { formatJalaliDate } from "../../../../lib/format";
import { PageHeading } from "../../../components/shell/page-heading";
import { DataCell, DataRow, DataTable, HeaderCell } from "../../../components/ui/data-table";
import { ExternalLink } from "../../../components/ui/link";
import { QueryBoundary } from "../../../components/ui/query-state";
import { walletUi as t } from "../messages";
import { myStandardsQuery } from "../queries";
import "../wallet.css";

/** /profile/standards: the standards the user paid for, with their files (opened in a new tab); its route's loader reads them. */
export default function Standards() {
  return (
    <div className="container wallet-page">
      <PageHeading title={t.standards.title} />
      <section className="card wallet-card">
        <QueryBoundary label={t.standards.title}>
          <StandardsTable />
        </QueryBoundary>
      </section>
    </div>
  );
}

function StandardsTable() {
  const query = useSuspenseQuery(myStandardsQuery());
  return query.data.data.length === 0 ? (
    <p className="wallet-muted">{t.standards.empty}</p>
  ) : (
    <DataTable caption={t.standards.caption}>
      <thead>
        <tr>
          <HeaderCell>{t.standards.name}</HeaderCell>
          <HeaderCell>{t.standards.number}</HeaderCell>
          <HeaderCell>{t.standards.org}</HeaderCell>
          <HeaderCell>{t.standards.date}</HeaderCell>
          <HeaderCell>{t.standards.file}</HeaderCell>
        </tr>
      </thead>
      <tbody>
        {query.data.data.map((s) => (
          <DataRow key={s.id}>
            <DataCell>
              <bdi dir="ltr">{s.title}</bdi>
            </DataCell>
            <DataCell>
              <bdi dir="ltr">{s.standard_number ?? "—"}</bdi>
            </DataCell>
            <DataCell>{s.organization ?? "—"}</DataCell>
            <DataCell>{formatJalaliDate(s.created_at)}</DataCell>
            <DataCell>{s.download_link ? <ExternalLink href={s.download_link}>{t.download}</ExternalLink> : t.standards.waiting}</DataCell>
          </DataRow>
        ))}
      </tbody>
    </DataTable>
  );
}
