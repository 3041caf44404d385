import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { SolverList } from "../../../../contract/admin";
import { formatNumber } from "../../../../lib/format";
import { PageHeading } from "../../../components/shell/page-heading";
import { Button } from "../../../components/ui/button";
import { DataCell, DataRow, DataTable, HeaderCell } from "../../../components/ui/data-table";
import { QueryBoundary } from "../../../components/ui/query-state";
import { TextField } from "../../../components/ui/text-field";
import { toast } from "../../../components/ui/toast";
import { adminUi as t } from "../messages";
import { AdminPage, ConfirmButton, FormError, fieldErrorProps } from "../parts";
import { addSolverMutation, adminKeys, removeSolverMutation, solversQuery } from "../queries";

/** /admin/solvers: who solves, their open and delivered requests on the offline desk; add or remove the role. */
export default function AdminSolvers() {
  const qc = useQueryClient();
  const [user, setUser] = useState("");
  const onSuccess = (list: SolverList) => {
    qc.setQueryData(adminKeys.solvers, list);
    void qc.invalidateQueries({ queryKey: adminKeys.users });
  };
  const add = useMutation({
    ...addSolverMutation(),
    onSuccess: (list) => {
      setUser("");
      toast.success(t.common.saved);
      onSuccess(list);
    },
  });
  const remove = useMutation({ ...removeSolverMutation(), onSuccess, onError: (e) => toast.error(e.message) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(user);
  };
  return (
    <AdminPage heading={<PageHeading title={t.solvers.title} />}>
      <form className="card admin-card admin-form" onSubmit={submit} aria-label={t.solvers.add}>
        <TextField label={t.solvers.user} value={user} onChange={setUser} ltr isRequired {...fieldErrorProps(add.error, "user")} />
        <Button type="submit" isPending={add.isPending}>
          {t.solvers.add}
        </Button>
        <FormError error={add.error} shown={["user"]} />
      </form>
      <section className="card admin-card" aria-labelledby="solvers-list">
        <h2 id="solvers-list">{t.solvers.title}</h2>
        <QueryBoundary>
          <SolversTable onRemove={(id) => remove.mutate(id)} />
        </QueryBoundary>
      </section>
    </AdminPage>
  );
}

function SolversTable({ onRemove }: { onRemove(id: string): void }) {
  const { data } = useSuspenseQuery(solversQuery());
  return data.data.length === 0 ? (
    <p className="admin-muted">{t.common.empty}</p>
  ) : (
    <DataTable caption={t.solvers.title}>
      <thead>
        <tr>
          <HeaderCell>{t.users.name}</HeaderCell>
          <HeaderCell className="admin-hide-xs">{t.users.email}</HeaderCell>
          <HeaderCell>{t.solvers.open}</HeaderCell>
          <HeaderCell>{t.solvers.delivered}</HeaderCell>
          <HeaderCell>{t.common.actions}</HeaderCell>
        </tr>
      </thead>
      <tbody>
        {data.data.map((s) => (
          <DataRow key={s.id}>
            <DataCell>{s.name}</DataCell>
            <DataCell className="admin-hide-xs">
              <bdi dir="ltr">{s.email}</bdi>
            </DataCell>
            <DataCell>{formatNumber(s.open)}</DataCell>
            <DataCell>{formatNumber(s.delivered)}</DataCell>
            <DataCell>
              <ConfirmButton
                label={t.solvers.remove}
                ariaLabel={`${t.solvers.remove}: ${s.name}`}
                question={t.solvers.confirmRemove(s.name)}
                onConfirm={() => onRemove(s.id)}
              />
            </DataCell>
          </DataRow>
        ))}
      </tbody>
    </DataTable>
  );
}
