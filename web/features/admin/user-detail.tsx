/** One user in the admin console: balances and credits, the ledger adjustment form, roles, block, recent activity. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { AdminUserDetail } from "../../../contract/admin";
import { ledgerAccounts } from "../../../contract/wallet";
import { toLatinDigits } from "../../../lib/digits";
import { formatJalaliDate, formatNumber, formatToman } from "../../../lib/format";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { DataCell, DataRow, DataTable, HeaderCell } from "../../components/ui/data-table";
import { Figures } from "../../components/ui/figures";
import { QueryState } from "../../components/ui/query-state";
import { Select } from "../../components/ui/select";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { adminUi as t } from "./messages";
import { FormError, fieldErrorProps } from "./parts";
import { adjustCreditsMutation, adminKeys, blockMutation, contractsQuery, setRolesMutation, userQuery } from "./queries";

type Detail = AdminUserDetail;
const amountText = (account: string, n: number) => (account === "balance" ? formatToman(n) : formatNumber(n));
const signed = (account: string, n: number) => `${n > 0 ? "+" : n < 0 ? "−" : ""}${amountText(account, Math.abs(n))}`;

function useRefresh(id: string) {
  const qc = useQueryClient();
  return (detail?: Detail) => {
    if (detail) qc.setQueryData(adminKeys.user(id), detail);
    void qc.invalidateQueries({ queryKey: adminKeys.users });
  };
}

function Balances({ d }: { d: Detail }) {
  return (
    <Figures
      className="admin-balances"
      label={t.users.balances}
      figures={ledgerAccounts.map((a) => ({ id: a, label: t.accounts[a], value: amountText(a, d.balances[a] ?? 0), testId: `admin-balance-${a}` }))}
    />
  );
}

/** Credits and cash change only through wallet's ledger endpoint (one row with the admin's reason). */
function AdjustForm({ id }: { id: string }) {
  const refresh = useRefresh(id);
  const [account, setAccount] = useState<(typeof ledgerAccounts)[number]>("unlimited_article_credit");
  const [delta, setDelta] = useState("");
  const [reason, setReason] = useState("");
  const adjust = useMutation({
    // The amount may be typed with Persian digits and a Persian minus sign.
    ...adjustCreditsMutation(id),
    onSuccess: () => {
      toast.success(t.users.adjustDone);
      setDelta("");
      setReason("");
      refresh();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    adjust.mutate({ account, delta: toLatinDigits(delta).replace(/[−–]/g, "-").trim(), reason });
  };
  return (
    <form className="admin-form--stack" onSubmit={submit} aria-labelledby="admin-adjust">
      <h3 id="admin-adjust">{t.users.adjust}</h3>
      <p className="admin-muted">{t.users.adjustHint}</p>
      <div className="admin-form">
        <Select
          label={t.users.account}
          value={account}
          options={ledgerAccounts.map((a) => [a, t.accounts[a]] as const)}
          onChange={(k) => setAccount(k as typeof account)}
        />
        <TextField label={t.users.delta} value={delta} onChange={setDelta} ltr inputMode="numeric" isRequired {...fieldErrorProps(adjust.error, "delta")} />
        <TextField label={t.users.reason} value={reason} onChange={setReason} isRequired {...fieldErrorProps(adjust.error, "reason")} />
        <Button type="submit" isPending={adjust.isPending}>
          {t.users.adjustSubmit}
        </Button>
      </div>
      <FormError error={adjust.error} shown={["delta", "reason"]} />
    </form>
  );
}

const NO_INSTITUTION = "none";

function RolesForm({ d }: { d: Detail }) {
  const refresh = useRefresh(d.user.id);
  const [roles, setRoles] = useState({ admin: d.user.roles.admin, solver: d.user.roles.solver, partner: d.user.roles.partner });
  const [institution, setInstitution] = useState(d.user.university_id ?? NO_INSTITUTION);
  const contracts = useQuery({ ...contractsQuery(), enabled: roles.partner });
  const save = useMutation({
    ...setRolesMutation(d.user.id),
    onSuccess: (detail) => {
      toast.success(t.common.saved);
      refresh(detail);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ ...roles, ...(roles.partner && institution !== NO_INSTITUTION ? { university_id: institution } : {}) });
  };
  return (
    <form className="admin-form--stack" onSubmit={submit} aria-labelledby="admin-roles">
      <h3 id="admin-roles">{t.users.rolesTitle}</h3>
      <div className="admin-checks">
        {(["admin", "solver", "partner"] as const).map((r) => (
          <Checkbox key={r} isSelected={roles[r]} onChange={(v) => setRoles((x) => ({ ...x, [r]: v }))}>
            {t.users.roles[r]}
          </Checkbox>
        ))}
      </div>
      {roles.partner && (
        <Select
          label={t.users.institution}
          value={institution}
          options={[{ id: NO_INSTITUTION, name: t.users.noInstitution }, ...(contracts.data?.data ?? [])].map((c) => [c.id, c.name] as const)}
          onChange={setInstitution}
          {...fieldErrorProps(save.error, "university_id")}
        />
      )}
      <div className="admin-actions">
        <Button type="submit" variant="outline" isPending={save.isPending}>
          {t.users.saveRoles}
        </Button>
      </div>
      <FormError error={save.error} shown={["university_id"]} />
    </form>
  );
}

function BlockForm({ d }: { d: Detail }) {
  const refresh = useRefresh(d.user.id);
  const [reason, setReason] = useState("");
  const blocked = !!d.user.blocked_at;
  const save = useMutation({
    ...blockMutation(d.user.id),
    onSuccess: (detail) => {
      toast.success(t.common.saved);
      setReason("");
      refresh(detail);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ blocked: !blocked, reason });
  };
  return (
    <form className="admin-form--stack" onSubmit={submit} aria-labelledby="admin-block">
      <h3 id="admin-block">{t.users.blockTitle}</h3>
      <p className="admin-muted">{blocked ? t.users.blockedSince(formatJalaliDate(d.user.blocked_at!, { withTime: true })) : t.users.blockHint}</p>
      <div className="admin-form">
        <TextField label={t.users.reason} value={reason} onChange={setReason} isRequired {...fieldErrorProps(save.error, "reason")} />
        <Button type="submit" variant={blocked ? "outline" : "danger"} isPending={save.isPending}>
          {blocked ? t.users.unblock : t.users.block}
        </Button>
      </div>
      <FormError error={save.error} shown={["reason"]} />
    </form>
  );
}

function Recent({ d }: { d: Detail }) {
  return (
    <>
      {d.ledger.length > 0 && (
        <DataTable caption={t.users.ledger}>
          <thead>
            <tr>
              <HeaderCell className="admin-hide-xs">{t.common.date}</HeaderCell>
              <HeaderCell>{t.users.account}</HeaderCell>
              <HeaderCell>{t.users.delta}</HeaderCell>
              <HeaderCell>{t.users.reason}</HeaderCell>
            </tr>
          </thead>
          <tbody>
            {d.ledger.map((l) => (
              <DataRow key={l.id}>
                <DataCell className="admin-hide-xs">{formatJalaliDate(l.created_at, { withTime: true })}</DataCell>
                <DataCell>{t.accounts[l.account]}</DataCell>
                <DataCell>
                  <bdi>{signed(l.account, l.delta)}</bdi>
                </DataCell>
                <DataCell>{l.note ?? l.reason}</DataCell>
              </DataRow>
            ))}
          </tbody>
        </DataTable>
      )}
      {d.downloads.length > 0 && (
        <DataTable caption={t.users.downloads}>
          <thead>
            <tr>
              <HeaderCell>{t.common.date}</HeaderCell>
              <HeaderCell>{t.users.downloads}</HeaderCell>
              <HeaderCell>{t.users.status}</HeaderCell>
            </tr>
          </thead>
          <tbody>
            {d.downloads.map((x) => (
              <DataRow key={x.id}>
                <DataCell>{formatJalaliDate(x.created_at, { withTime: true })}</DataCell>
                <DataCell className="admin-cell-title">
                  <bdi dir="ltr">{x.title ?? x.doi ?? x.url ?? t.common.none}</bdi>
                </DataCell>
                <DataCell>{t.users.outcome[x.outcome] ?? x.outcome}</DataCell>
              </DataRow>
            ))}
          </tbody>
        </DataTable>
      )}
      {d.requests.length > 0 && (
        <DataTable caption={t.users.requests}>
          <thead>
            <tr>
              <HeaderCell>{t.common.date}</HeaderCell>
              <HeaderCell>{t.users.requests}</HeaderCell>
              <HeaderCell>{t.users.status}</HeaderCell>
              <HeaderCell className="admin-hide-xs">{t.users.amount}</HeaderCell>
            </tr>
          </thead>
          <tbody>
            {d.requests.map((r) => (
              <DataRow key={r.id}>
                <DataCell>{formatJalaliDate(r.created_at)}</DataCell>
                <DataCell className="admin-cell-title">
                  {t.users.kind[r.kind]}: <bdi dir="ltr">{r.title ?? r.url}</bdi>
                </DataCell>
                <DataCell>{r.status}</DataCell>
                <DataCell className="admin-hide-xs">{r.price === null ? t.common.none : formatToman(r.price)}</DataCell>
              </DataRow>
            ))}
          </tbody>
        </DataTable>
      )}
      {(d.orders.length > 0 || d.payments.length > 0) && (
        <DataTable caption={`${t.users.orders} / ${t.users.payments}`}>
          <thead>
            <tr>
              <HeaderCell>{t.common.date}</HeaderCell>
              <HeaderCell>{t.users.orders}</HeaderCell>
              <HeaderCell>{t.users.amount}</HeaderCell>
              <HeaderCell>{t.users.status}</HeaderCell>
            </tr>
          </thead>
          <tbody>
            {d.orders.map((o) => (
              <DataRow key={o.id}>
                <DataCell>{formatJalaliDate(o.created_at, { withTime: true })}</DataCell>
                <DataCell>{t.users.orders}</DataCell>
                <DataCell>{formatToman(o.total)}</DataCell>
                <DataCell>{o.status}</DataCell>
              </DataRow>
            ))}
            {d.payments.map((p) => (
              <DataRow key={p.id}>
                <DataCell>{formatJalaliDate(p.created_at, { withTime: true })}</DataCell>
                <DataCell>
                  {t.users.payments} (<bdi dir="ltr">{p.gateway}</bdi>)
                </DataCell>
                <DataCell>{formatToman(p.amount)}</DataCell>
                <DataCell>{p.status}</DataCell>
              </DataRow>
            ))}
          </tbody>
        </DataTable>
      )}
    </>
  );
}

export function UserDetail({ id, onClose }: { id: string; onClose(): void }) {
  const query = useQuery(userQuery(id));
  const d = query.data;
  return (
    <section className="card admin-card admin-detail" aria-labelledby="admin-user-title">
      <div className="admin-actions" style={{ justifyContent: "space-between" }}>
        <h2 id="admin-user-title" tabIndex={-1}>
          {t.users.detail(d?.user.name ?? "")}
        </h2>
        <Button size="sm" variant="ghost" onPress={onClose}>
          {t.users.close}
        </Button>
      </div>
      <QueryState query={query} />
      {d && (
        <>
          <p className="admin-muted">
            <bdi dir="ltr">{d.user.email}</bdi>
            {d.user.mobile && (
              <>
                {" · "}
                <bdi dir="ltr">{d.user.mobile}</bdi>
              </>
            )}
            {" · "}
            {t.users.sessions(formatNumber(d.user.active_sessions))}
            {d.user.university_name && ` · ${t.users.universityMember(d.user.university_name)}`}
          </p>
          <Balances d={d} />
          <AdjustForm id={d.user.id} />
          <RolesForm key={`roles-${d.user.id}`} d={d} />
          <BlockForm key={`block-${d.user.id}`} d={d} />
          <Recent d={d} />
        </>
      )}
    </section>
  );
}
