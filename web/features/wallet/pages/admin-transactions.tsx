import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ledgerReasonLabel, ledgerReasons } from "../../../../contract/labels";
import { ledgerAccounts, type TransactionsQuery } from "../../../../contract/wallet";
import { formatNumber, formatToman } from "../../../../lib/format";
import { PageHeading } from "../../../components/shell/page-heading";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { DataCell, DataRow, DataTable, HeaderCell } from "../../../components/ui/data-table";
import { Pagination } from "../../../components/ui/pagination";
import { QueryBoundary } from "../../../components/ui/query-state";
import { Select } from "../../../components/ui/select";
import { TextField } from "../../../components/ui/text-field";
import { toast } from "../../../components/ui/toast";
import { walletUi as t } from "../messages";
import { LedgerTable } from "../ledger-table";
import { adjustMutation, transactionsPageQuery, walletKeys } from "../queries";
import "../wallet.css";
import { useListSearch } from "../../../lib/use-list-search";

const ANY = "any";
const amountText = (account: string, n: number) => (account === "balance" ? formatToman(n) : formatNumber(n));

type Filters = { user: string; account: string; reason: string; from: string; to: string };

function AdjustForm({ user }: { user: string }) {
  const queryClient = useQueryClient();
  const [account, setAccount] = useState<(typeof ledgerAccounts)[number]>("balance");
  const [delta, setDelta] = useState("");
  const [reason, setReason] = useState("");
  const adjust = useMutation({
    ...adjustMutation(),
    onSuccess: () => {
      toast.success(t.admin.adjustDone);
      setDelta("");
      setReason("");
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    adjust.mutate({ user, account, delta, reason });
  };
  return (
    <form className="card wallet-card" onSubmit={submit} aria-labelledby="wallet-adjust">
      <h2 id="wallet-adjust">{t.admin.adjust}</h2>
      <div className="wallet-filters">
        <Select
          label={t.admin.account}
          value={account}
          options={ledgerAccounts.map((a) => [a, t.accounts[a]] as const)}
          onChange={(k) => setAccount(k as typeof account)}
        />
        <TextField label={t.admin.delta} value={delta} onChange={setDelta} ltr inputMode="numeric" />
        <TextField label={t.admin.adjustReason} value={reason} onChange={setReason} isRequired />
        <Button type="submit" variant="primary" isPending={adjust.isPending}>
          {t.admin.adjustSubmit}
        </Button>
      </div>
      {adjust.isError && <Alert tone="error">{adjust.error.message}</Alert>}
    </form>
  );
}

/** /admin/transactions: ledger rows by user, kind and date, with totals over every match and current balances. Its route's loader reads the first page. */
export default function AdminTransactions() {
  const { draft, setDraft, filters, page, searching, search, goTo } = useListSearch<Filters>({ user: "", account: ANY, reason: ANY, from: "", to: "" });
  const q = {
    user: filters.user || undefined,
    account: filters.account === ANY ? undefined : (filters.account as TransactionsQuery["account"]),
    reason: filters.reason === ANY ? undefined : filters.reason,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
  const set = (k: keyof Filters) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));
  return (
    <div className="container wallet-page">
      <PageHeading title={t.admin.title} />
      <form className="card wallet-card" onSubmit={search} role="search">
        <div className="wallet-filters">
          <TextField label={t.admin.user} value={draft.user} onChange={set("user")} ltr />
          <Select
            label={t.admin.account}
            value={draft.account}
            options={[ANY, ...ledgerAccounts].map((a) => [a, a === ANY ? t.admin.any : t.accounts[a]] as const)}
            onChange={set("account")}
          />
          <Select
            label={t.admin.reason}
            value={draft.reason}
            options={[ANY, ...ledgerReasons].map((r) => [r, r === ANY ? t.admin.any : ledgerReasonLabel(r)] as const)}
            onChange={set("reason")}
          />
          <TextField label={t.admin.from} value={draft.from} onChange={set("from")} ltr placeholder="2025-03-21" />
          <TextField label={t.admin.to} value={draft.to} onChange={set("to")} ltr placeholder="2025-04-20" />
          <Button type="submit" variant="primary" isPending={searching}>
            {t.admin.search}
          </Button>
        </div>
      </form>
      <QueryBoundary label={t.admin.title}>
        <Results q={q} page={page} onPage={goTo} user={filters.user} />
      </QueryBoundary>
    </div>
  );
}

function Results({ q, page, onPage, user }: { q: Omit<TransactionsQuery, "page" | "per_page">; page: number; onPage(page: number): void; user: string }) {
  const { data } = useSuspenseQuery(transactionsPageQuery(q, page));
  return (
    <>
      <section className="card wallet-card" aria-labelledby="wallet-totals">
        <h2 id="wallet-totals">{t.admin.totals}</h2>
        <DataTable caption={t.admin.totals}>
          <thead>
            <tr>
              <HeaderCell>{t.admin.account}</HeaderCell>
              <HeaderCell>{t.admin.credited}</HeaderCell>
              <HeaderCell>{t.admin.debited}</HeaderCell>
              <HeaderCell>{t.admin.net}</HeaderCell>
              <HeaderCell>{t.admin.currentBalances}</HeaderCell>
            </tr>
          </thead>
          <tbody>
            {ledgerAccounts.map((a) => (
              <DataRow key={a}>
                <DataCell>{t.accounts[a]}</DataCell>
                <DataCell>{amountText(a, data.totals[a].credited)}</DataCell>
                <DataCell>{amountText(a, data.totals[a].debited)}</DataCell>
                <DataCell>{amountText(a, data.totals[a].net)}</DataCell>
                <DataCell>{amountText(a, data.balances[a])}</DataCell>
              </DataRow>
            ))}
          </tbody>
        </DataTable>
        <p className="wallet-muted">{t.admin.paidPayments(formatNumber(data.payments.paid_count), formatToman(data.payments.paid_amount))}</p>
      </section>
      {user && <AdjustForm user={user} />}
      <section className="card wallet-card" aria-labelledby="wallet-rows">
        <h2 id="wallet-rows">
          {t.admin.rows} ({formatNumber(data.total)})
        </h2>
        <LedgerTable
          caption={t.admin.rows}
          rows={data.data}
          who={{
            heading: t.admin.who,
            cell: (r) => (
              <>
                {r.user_name}{" "}
                <bdi dir="ltr" className="wallet-muted">
                  {r.user_email}
                </bdi>
              </>
            ),
          }}
          showNote={() => true}
        />
        <Pagination page={page} pages={data.total_pages} onChange={onPage} label={t.admin.rows} />
      </section>
    </>
  );
}
