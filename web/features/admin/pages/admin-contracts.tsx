import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { universityAccessKeys, type Contract } from "../../../../contract/admin";
import { toLatinDigits } from "../../../../lib/digits";
import { formatNumber } from "../../../../lib/format";
import { PageHeading } from "../../../components/shell/page-heading";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { DataCell, DataRow, DataTable, HeaderCell } from "../../../components/ui/data-table";
import { QueryBoundary } from "../../../components/ui/query-state";
import { TextField } from "../../../components/ui/text-field";
import { toast } from "../../../components/ui/toast";
import { adminUi as t } from "../messages";
import { AdminPage, ConfirmButton, FormActions, FormError, fieldErrorProps, useOnSaved } from "../parts";
import { addPartnerMutation, adminKeys, contractsQuery, removePartnerMutation, saveContractMutation } from "../queries";

const c = t.contracts;
type Draft = {
  name: string;
  logo: string;
  domains: string;
  access: Record<string, boolean>;
  quotas: Record<string, string>;
  newAccess: string;
  active: boolean;
};

function draftOf(x?: Contract): Draft {
  return {
    name: x?.name ?? "",
    logo: x?.logo ?? "",
    domains: x?.domains.join("\n") ?? "",
    access: Object.fromEntries(universityAccessKeys.map((k) => [k, x?.access.includes(k) ?? false])),
    quotas: Object.fromEntries(universityAccessKeys.map((k) => [k, x?.quotas[k] !== undefined ? String(x.quotas[k]) : ""])),
    newAccess: (x?.new_access ?? []).map((p) => `${p.key}=${p.description}`).join("\n"),
    active: x?.active ?? true,
  };
}

/** The form's text fields become the contract's JSON: lines and commas split domains; key=description lines. */
function bodyOf(d: Draft) {
  const access = universityAccessKeys.filter((k) => d.access[k]);
  const quotas = Object.fromEntries(access.filter((k) => d.quotas[k]!.trim() !== "").map((k) => [k, toLatinDigits(d.quotas[k]!.trim())]));
  const pairs = d.newAccess
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const i = l.indexOf("=");
      return i < 0 ? { key: l, description: "" } : { key: l.slice(0, i).trim(), description: l.slice(i + 1).trim() };
    });
  return {
    name: d.name,
    logo: d.logo,
    domains: d.domains.split(/[\n,،\s]+/).filter(Boolean),
    access,
    quotas,
    new_access: pairs.length ? pairs : null,
    active: d.active,
  };
}

function ContractForm({ item, onDone }: { item?: Contract; onDone(): void }) {
  const [d, setD] = useState<Draft>(() => draftOf(item));
  const save = useMutation({ ...saveContractMutation(item?.id), onSuccess: useOnSaved(adminKeys.contracts, onDone) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(bodyOf(d));
  };
  const err = (f: string) => fieldErrorProps(save.error, f);
  /** A text field bound to the draft: its value, its change, and the server's message for it (under `errorKey`, the body's name). */
  const bind = (key: "name" | "logo" | "domains" | "newAccess", errorKey: string = key) => ({
    value: d[key],
    onChange: (v: string) => setD({ ...d, [key]: v }),
    ...err(errorKey),
  });
  return (
    <form className="card admin-card admin-detail" onSubmit={submit} aria-labelledby="contract-form">
      <h2 id="contract-form">{item ? c.editTitle(item.name) : c.newTitle}</h2>
      <div className="admin-form">
        <TextField label={c.name} isRequired {...bind("name")} />
        <TextField label={c.logo} ltr placeholder="https://…" {...bind("logo")} />
      </div>
      <TextField label={c.domains} description={c.domainsHint} multiline rows={2} ltr isRequired {...bind("domains")} />
      <fieldset className="admin-form--stack" style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className="ui-field__label">{c.access}</legend>
        <div className="admin-access">
          {universityAccessKeys.map((k) => (
            <div key={k} className="admin-access__row">
              <Checkbox isSelected={d.access[k]} onChange={(v) => setD({ ...d, access: { ...d.access, [k]: v } })}>
                {c.accessNames[k]}
              </Checkbox>
              <TextField
                aria-label={`${c.quota}: ${c.accessNames[k]}`}
                placeholder={c.quotaHint}
                ltr
                inputMode="numeric"
                isDisabled={!d.access[k]}
                value={d.quotas[k]}
                onChange={(v) => setD({ ...d, quotas: { ...d.quotas, [k]: v } })}
                {...err(`quotas.${k}`)}
              />
            </div>
          ))}
        </div>
      </fieldset>
      <TextField label={c.newAccess} description={c.newAccessHint} multiline rows={2} {...bind("newAccess", "new_access")} />
      <Checkbox isSelected={d.active} onChange={(active) => setD({ ...d, active })}>
        {c.active}
      </Checkbox>
      <FormError error={save.error} shown={["name", "logo", "domains", "new_access", ...universityAccessKeys.map((k) => `quotas.${k}`)]} />
      <FormActions isPending={save.isPending} onCancel={onDone} />
    </form>
  );
}

function Partners({ item }: { item: Contract }) {
  const qc = useQueryClient();
  const [user, setUser] = useState("");
  const onSuccess = () => {
    setUser("");
    void qc.invalidateQueries({ queryKey: adminKeys.contracts });
  };
  const add = useMutation({ ...addPartnerMutation(item.id), onSuccess });
  const remove = useMutation({ ...removePartnerMutation(item.id), onSuccess, onError: (e) => toast.error(e.message) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(user);
  };
  return (
    <div className="admin-form--stack">
      {item.partners.map((p) => (
        <div key={p.id} className="admin-actions">
          <span>
            {p.name}{" "}
            <bdi dir="ltr" className="admin-muted">
              {p.email}
            </bdi>
          </span>
          <ConfirmButton label="×" ariaLabel={c.removePartner(p.name)} question={`${c.removePartner(p.name)}؟`} onConfirm={() => remove.mutate(p.id)} />
        </div>
      ))}
      <form className="admin-actions" onSubmit={submit}>
        <TextField
          aria-label={`${c.partnerUser} (${item.name})`}
          placeholder={c.partnerUser}
          ltr
          value={user}
          onChange={setUser}
          {...fieldErrorProps(add.error, "user")}
        />
        <Button type="submit" size="sm" variant="outline" isPending={add.isPending}>
          {c.addPartner}
        </Button>
      </form>
    </div>
  );
}

/** /admin/contracts: institutions with e-mail domains, access list, quotas and their partner users. Its route's loader reads them. */
export default function AdminContracts() {
  const [editing, setEditing] = useState<Contract | "new" | null>(null);
  return (
    <AdminPage heading={<PageHeading title={c.title} />}>
      {editing ? (
        <ContractForm key={editing === "new" ? "new" : editing.id} item={editing === "new" ? undefined : editing} onDone={() => setEditing(null)} />
      ) : (
        <div className="admin-actions">
          <Button onPress={() => setEditing("new")}>{c.add}</Button>
        </div>
      )}
      <section className="card admin-card" aria-labelledby="contracts-list">
        <h2 id="contracts-list">{c.title}</h2>
        <QueryBoundary>
          <ContractsTable onEdit={setEditing} />
        </QueryBoundary>
      </section>
    </AdminPage>
  );
}

function ContractsTable({ onEdit }: { onEdit(item: Contract): void }) {
  const { data } = useSuspenseQuery(contractsQuery());
  return (
    <DataTable caption={c.title}>
      <thead>
        <tr>
          <HeaderCell>{c.name}</HeaderCell>
          <HeaderCell className="admin-hide-xs">{c.domains}</HeaderCell>
          <HeaderCell className="admin-hide-xs">{c.access}</HeaderCell>
          <HeaderCell>{c.members}</HeaderCell>
          <HeaderCell>{c.partners}</HeaderCell>
          <HeaderCell>{t.common.actions}</HeaderCell>
        </tr>
      </thead>
      <tbody>
        {data.data.map((x) => (
          <DataRow key={x.id}>
            <DataCell>
              {x.logo && <img className="admin-logo" src={x.logo} alt="" onError={(e) => (e.currentTarget.style.display = "none")} />}
              {x.name} {!x.active && <span className="admin-badge admin-badge--muted">{c.inactive}</span>}
            </DataCell>
            <DataCell className="admin-hide-xs">
              {x.domains.map((dm) => (
                <bdi key={dm} dir="ltr" className="admin-badge admin-badge--muted">
                  {dm}
                </bdi>
              ))}
            </DataCell>
            <DataCell className="admin-hide-xs">
              {x.access.map((k) => (
                <span key={k} className="admin-badge">
                  {c.accessNames[k] ?? k}
                  {x.quotas[k] !== undefined && ` (${formatNumber(x.quotas[k])})`}
                </span>
              ))}
              {x.new_access?.map((p) => (
                <span key={p.key} className="admin-badge admin-badge--muted">
                  {p.description}
                </span>
              ))}
            </DataCell>
            <DataCell>{formatNumber(x.members)}</DataCell>
            <DataCell>
              <Partners item={x} />
            </DataCell>
            <DataCell>
              <Button size="sm" variant="outline" onPress={() => onEdit(x)} aria-label={`${t.common.edit} ${x.name}`}>
                {t.common.edit}
              </Button>
            </DataCell>
          </DataRow>
        ))}
      </tbody>
    </DataTable>
  );
}
