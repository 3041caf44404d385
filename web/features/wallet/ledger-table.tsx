import type { ReactNode } from "react";
import type { LedgerRow } from "../../../contract/wallet";
import { formatJalaliDate } from "../../../lib/format";
import { DataCell, DataRow, DataTable, HeaderCell } from "../../components/ui/data-table";
import { Amount } from "./ledger-amount";
import { walletUi as t } from "./messages";

/**
 * Ledger rows as a table: date and time, whose row (staff's view only), account, the signed change, and
 * the reason followed by the row's note where `showNote` allows it.
 */
export function LedgerTable<R extends LedgerRow>({
  caption,
  rows,
  who,
  showNote,
}: {
  caption: string;
  rows: R[];
  who?: { heading: string; cell(row: R): ReactNode };
  showNote(row: R): boolean;
}) {
  return (
    <DataTable caption={caption}>
      <thead>
        <tr>
          <HeaderCell>{t.financial.date}</HeaderCell>
          {who && <HeaderCell>{who.heading}</HeaderCell>}
          <HeaderCell>{t.financial.account}</HeaderCell>
          <HeaderCell>{t.financial.change}</HeaderCell>
          <HeaderCell>{t.financial.reason}</HeaderCell>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <DataRow key={r.id}>
            <DataCell>{formatJalaliDate(r.created_at, { withTime: true })}</DataCell>
            {who && <DataCell>{who.cell(r)}</DataCell>}
            <DataCell>{t.accounts[r.account] ?? r.account}</DataCell>
            <DataCell>
              <Amount row={r} />
            </DataCell>
            <DataCell>
              {r.reason_title}
              {r.note && showNote(r) ? ` — ${r.note}` : ""}
            </DataCell>
          </DataRow>
        ))}
      </tbody>
    </DataTable>
  );
}
