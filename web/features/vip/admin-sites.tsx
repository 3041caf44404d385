import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminSite, AdminSiteInput } from "../../../contract/direct-access";
import { formatJalaliDate, formatNumber, formatToman } from "../../../lib/format";
import { toLatinDigits } from "../../../lib/digits";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { DataCell, DataRow, DataTable, HeaderCell } from "../../components/ui/data-table";
import { Dialog } from "../../components/ui/dialog";
import { QueryBoundary, QueryState } from "../../components/ui/query-state";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { ApiError } from "../../lib/api";
import { vipUi } from "./messages";
import {
  addCredentialsMutation,
  adminPoolQuery,
  adminSitesQuery,
  deleteCredentialMutation,
  rotateCredentialMutation,
  saveSiteMutation,
  vipKeys,
} from "./queries";

const t = vipUi.admin;

/** Sites tab: every site with its periods and pool; edit a site and its prices, manage its accounts. The route's loader reads the sites. */
export function AdminSites() {
  const [editing, setEditing] = useState<AdminSite | "new" | null>(null);
  const [pool, setPool] = useState<AdminSite | null>(null);
  return (
    <div className="vip-admin">
      <div>
        <Button variant="primary" onPress={() => setEditing("new")}>
          {t.newSite}
        </Button>
      </div>
      <QueryBoundary errorTitle={vipUi.profile.loadError}>
        <SitesTable onEdit={setEditing} onPool={setPool} />
      </QueryBoundary>
      {editing && <SiteDialog site={editing === "new" ? null : editing} close={() => setEditing(null)} />}
      {pool && <PoolDialog site={pool} close={() => setPool(null)} />}
    </div>
  );
}

function SitesTable({ onEdit, onPool }: { onEdit(site: AdminSite): void; onPool(site: AdminSite): void }) {
  const { data } = useSuspenseQuery(adminSitesQuery());
  return (
    <DataTable caption={t.tabs.sites}>
      <thead>
        <tr>
          <HeaderCell>{t.fields.name}</HeaderCell>
          <HeaderCell>{t.period}</HeaderCell>
          <HeaderCell>{t.pool}</HeaderCell>
          <HeaderCell>{vipUi.table.actions}</HeaderCell>
        </tr>
      </thead>
      <tbody>
        {data.sites.map((s) => (
          <DataRow key={s.id}>
            <DataCell>
              <bdi dir="ltr">{s.name}</bdi>
              {!s.active && <span className="vip-status vip-status--rejected">{t.fields.active} ✗</span>}
              <div className="vip-muted">{t.grantsRunning(formatNumber(s.active_grants))}</div>
            </DataCell>
            <DataCell>
              {s.periods.map((p) => (
                <div key={p.days}>
                  {vipUi.basket.days(formatNumber(p.days))}: {formatToman(p.price)}
                </div>
              ))}
            </DataCell>
            <DataCell>{t.poolSummary(formatNumber(s.pool.total), formatNumber(s.pool.free), formatNumber(s.pool.awaiting_rotation))}</DataCell>
            <DataCell>
              <div className="vip-table__buttons">
                <Button size="sm" variant="outline" onPress={() => onEdit(s)}>
                  {t.edit}
                </Button>
                <Button size="sm" variant="ghost" onPress={() => onPool(s)}>
                  {t.pool}
                </Button>
              </div>
            </DataCell>
          </DataRow>
        ))}
      </tbody>
    </DataTable>
  );
}

const pricesText = (s: AdminSite | null) => (s ? s.periods.map((p) => `${p.days}=${p.price}`).join("\n") : "30=100000");

function parsePrices(text: string): AdminSiteInput["prices"] {
  return toLatinDigits(text)
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [days, price] = l.split(/[=:\s]+/);
      return { days: Number(days), price: Number(String(price ?? "").replace(/[,٬]/g, "")) };
    });
}

function SiteDialog({ site, close }: { site: AdminSite | null; close(): void }) {
  const qc = useQueryClient();
  const [f, setF] = useState({
    name: site?.name ?? "",
    description: site?.description ?? "",
    url: site?.url ?? "",
    type: String(site?.type ?? 1),
    link: site?.link ?? "",
    link2: site?.link2 ?? "",
    expire: site?.expire ?? "",
    active: site?.active ?? true,
    thesis_database: site?.thesis_database ?? false,
    sort_order: String(site?.sort_order ?? 0),
    prices: pricesText(site),
  });
  const save = useMutation({
    ...saveSiteMutation(site?.id),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: vipKeys.all });
      toast.success(t.saved);
      close();
    },
  });
  const errs = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const err = (k: string) =>
    Object.entries(errs)
      .filter(([key]) => key === k || key.startsWith(`${k}.`))
      .flatMap(([, v]) => v)
      .join(" ") || undefined;
  const field = (k: keyof typeof f, label: string, extra: { multiline?: boolean; ltr?: boolean } = {}) => (
    <TextField label={label} value={String(f[k])} onChange={(v) => setF((o) => ({ ...o, [k]: v }))} isInvalid={!!err(k)} errorMessage={err(k)} {...extra} />
  );
  return (
    <Dialog title={site ? `${t.edit}: ${site.name}` : t.newSite} width={600} isOpen onOpenChange={(o) => !o && close()}>
      <form
        className="vip-form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ ...f, type: Number(toLatinDigits(f.type)), sort_order: Number(toLatinDigits(f.sort_order)), prices: parsePrices(f.prices) });
        }}
      >
        {field("name", t.fields.name)}
        {field("description", t.fields.description, { multiline: true })}
        {field("url", t.fields.url, { ltr: true })}
        {field("type", t.fields.type)}
        {field("link", t.fields.link, { ltr: true })}
        {field("link2", t.fields.link2, { ltr: true })}
        {field("expire", t.fields.expire)}
        {field("sort_order", t.fields.sort)}
        {field("prices", t.fields.prices, { multiline: true, ltr: true })}
        <Checkbox isSelected={f.active} onChange={(v) => setF((o) => ({ ...o, active: v }))}>
          {t.fields.active}
        </Checkbox>
        <Checkbox isSelected={f.thesis_database} onChange={(v) => setF((o) => ({ ...o, thesis_database: v }))}>
          {t.fields.thesisDatabase}
        </Checkbox>
        {save.error && !Object.keys(errs).length && <Alert tone="error">{save.error.message}</Alert>}
        <div className="vip-actions">
          <Button variant="ghost" onPress={close}>
            {t.cancel}
          </Button>
          <Button type="submit" isPending={save.isPending}>
            {t.save}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function PoolDialog({ site, close }: { site: AdminSite; close(): void }) {
  const qc = useQueryClient();
  const query = useQuery(adminPoolQuery(site.id));
  const [lines, setLines] = useState("");
  const refresh = () => void qc.invalidateQueries({ queryKey: vipKeys.all });
  const add = useMutation({
    ...addCredentialsMutation(site.id),
    onSuccess: () => {
      setLines("");
      refresh();
      toast.success(t.saved);
    },
  });
  const remove = useMutation({
    ...deleteCredentialMutation(),
    onSuccess: refresh,
    onError: (e) => toast.error(e.message),
  });
  return (
    <Dialog title={`${t.pool}: ${site.name}`} width={600} isOpen onOpenChange={(o) => !o && close()}>
      <QueryState query={query} errorTitle={vipUi.profile.loadError}>
        {() => (
          <ul className="vip-pool">
            {query.data!.credentials.map((c) => (
              <li key={c.id}>
                <bdi dir="ltr" className="vip-secret">
                  {c.username}
                </bdi>
                <span className="vip-muted">
                  {c.holder ? t.holder(c.holder.user_name, formatJalaliDate(c.holder.expires_at)) : c.needs_rotation ? t.needsRotation : t.free}
                </span>
                <Button size="sm" variant="ghost" isDisabled={!!c.holder || remove.isPending} onPress={() => remove.mutate(c.id)}>
                  {t.remove}
                </Button>
                {c.needs_rotation && <RotateForm id={c.id} onDone={refresh} />}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <TextField
        label={t.addCredentials}
        multiline
        ltr
        value={lines}
        onChange={setLines}
        isInvalid={!!(add.error as ApiError | null)?.fieldErrors?.["lines"]}
        errorMessage={(add.error as ApiError | null)?.message}
      />
      <div className="vip-actions">
        <Button isDisabled={!lines.trim()} isPending={add.isPending} onPress={() => add.mutate(lines)}>
          {t.add}
        </Button>
      </div>
    </Dialog>
  );
}

/** An ended grant's account: staff change its password at the provider, then record it here to return it to the pool. */
function RotateForm({ id, onDone }: { id: string; onDone(): void }) {
  const [password, setPassword] = useState("");
  const rotate = useMutation({
    ...rotateCredentialMutation(id),
    onSuccess: () => {
      setPassword("");
      onDone();
      toast.success(t.saved);
    },
  });
  const error = rotate.error as ApiError | null;
  return (
    <div className="vip-actions">
      <TextField
        label={t.newPassword}
        ltr
        value={password}
        onChange={setPassword}
        isInvalid={!!error}
        errorMessage={error?.fieldErrors?.["password"]?.[0] ?? error?.message}
      />
      <Button size="sm" isDisabled={!password.trim()} isPending={rotate.isPending} onPress={() => rotate.mutate(password)}>
        {t.rotate}
      </Button>
    </div>
  );
}
