import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { Invoice } from "../../../../contract/wallet";
import { formatJalaliDate, formatToman } from "../../../../lib/format";
import { PageHeading } from "../../../components/shell/page-heading";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { DataCell, DataRow, DataTable, HeaderCell } from "../../../components/ui/data-table";
import { QueryBoundary } from "../../../components/ui/query-state";
import { TextField } from "../../../components/ui/text-field";
import { ApiError } from "../../../lib/api";
import { walletUi as t } from "../messages";
import { createInvoiceMutation, invoicesQuery, walletKeys } from "../queries";
import "../wallet.css";
import { serverFieldProps } from "../../../lib/field-errors";

const payLink = (inv: Invoice) => `${window.location.origin}${inv.pay_url}`;

/** /admin/createInvoice: an invoice with a payment link for a user or an institution (paid through the gateway). Its route's loader reads the invoices. */
export default function CreateInvoice() {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ user: "", university_id: "", title: "", amount: "" });
  const create = useMutation({
    ...createInvoiceMutation(),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: walletKeys.invoices }),
  });
  const errors = create.error instanceof ApiError ? create.error.fieldErrors : {};
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ user: form.user || undefined, university_id: form.university_id || undefined, title: form.title, amount: form.amount });
  };
  return (
    <div className="container wallet-page">
      <PageHeading title={t.invoice.title} />
      <form className="card wallet-card" onSubmit={submit}>
        <div className="wallet-filters">
          <TextField label={t.invoice.user} value={form.user} onChange={set("user")} ltr {...serverFieldProps(errors.user)} />
          <TextField label={t.invoice.university} value={form.university_id} onChange={set("university_id")} ltr {...serverFieldProps(errors.university_id)} />
          <TextField label={t.invoice.name} value={form.title} onChange={set("title")} isRequired {...serverFieldProps(errors.title)} />
          <TextField
            label={t.invoice.amount}
            value={form.amount}
            onChange={set("amount")}
            ltr
            inputMode="numeric"
            isRequired
            {...serverFieldProps(errors.amount)}
          />
          <Button type="submit" variant="primary" isPending={create.isPending}>
            {t.invoice.submit}
          </Button>
        </div>
        {create.isError && !Object.keys(errors).length && <Alert tone="error">{create.error.message}</Alert>}
        {create.data && (
          <Alert tone="success" title={t.invoice.created}>
            <bdi dir="ltr" className="wallet-link" data-testid="invoice-link">
              {payLink(create.data)}
            </bdi>
          </Alert>
        )}
      </form>
      <section className="card wallet-card" aria-labelledby="wallet-invoices">
        <h2 id="wallet-invoices">{t.invoice.list}</h2>
        <QueryBoundary label={t.invoice.list}>
          <Invoices />
        </QueryBoundary>
      </section>
    </div>
  );
}

function Invoices() {
  const { data: list } = useSuspenseQuery(invoicesQuery());
  return (
    <DataTable caption={t.invoice.list}>
      <thead>
        <tr>
          <HeaderCell>{t.financial.date}</HeaderCell>
          <HeaderCell>{t.invoice.name}</HeaderCell>
          <HeaderCell>{t.payment.payee}</HeaderCell>
          <HeaderCell>{t.invoice.amount}</HeaderCell>
          <HeaderCell>{t.invoice.state}</HeaderCell>
          <HeaderCell>{t.invoice.link}</HeaderCell>
        </tr>
      </thead>
      <tbody>
        {list.data.map((inv) => (
          <DataRow key={inv.id}>
            <DataCell>{formatJalaliDate(inv.created_at)}</DataCell>
            <DataCell>{inv.title}</DataCell>
            <DataCell>{inv.payee}</DataCell>
            <DataCell>{formatToman(inv.amount)}</DataCell>
            <DataCell>{t.invoice.status[inv.status]}</DataCell>
            <DataCell>
              <bdi dir="ltr" className="wallet-link">
                {inv.pay_url}
              </bdi>
            </DataCell>
          </DataRow>
        ))}
      </tbody>
    </DataTable>
  );
}
