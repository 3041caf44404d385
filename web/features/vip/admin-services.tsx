import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminServiceOrder } from "../../../contract/vip";
import { formatJalaliDate } from "../../../lib/format";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { QueryState } from "../../components/ui/query-state";
import { Select } from "../../components/ui/select";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { ApiError } from "../../lib/api";
import { FilePicker } from "./file-picker";
import { vipUi } from "./messages";
import { adminServicesQuery, serviceActionMutation, vipKeys } from "./queries";
import { StatusBadge } from "./pages/vip-services";

const t = vipUi.admin;
const STATUSES = ["submitted", "in_progress", "awaiting_upload", "done", "rejected", "all"] as const;

/** Service-desk tab: take an order, upload its report or issue the SciFinder account, or reject it (refunded). */
export function AdminServices() {
  const [status, setStatus] = useState<string>("submitted");
  const query = useQuery(adminServicesQuery(status));
  return (
    <div className="vip-admin">
      <Select
        label={t.filterStatus}
        value={status}
        options={STATUSES.map((s) => [s, s === "all" ? t.all : vipUi.statuses[s]] as const)}
        onChange={setStatus}
        className="vip-direct__size"
      />
      <QueryState query={query} errorTitle={vipUi.profile.loadError}>
        {() =>
          query.data!.orders.length === 0 ? (
            <p className="vip-muted">{t.empty}</p>
          ) : (
            <ul className="vip-list">
              {query.data!.orders.map((o) => (
                <ServiceCard key={o.id} order={o} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}

function ServiceCard({ order: o }: { order: AdminServiceOrder }) {
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState("");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [reason, setReason] = useState("");
  const act = useMutation({
    ...serviceActionMutation(o.id),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: vipKeys.all });
      toast.success(t.saved);
    },
  });
  const open = o.status === "submitted" || o.status === "in_progress";
  const err = act.error instanceof ApiError ? act.error.message : null;
  return (
    <li className="card vip-order" data-testid="desk-order">
      <div className="vip-order__head">
        <h3>{o.title}</h3>
        <StatusBadge status={o.status} />
      </div>
      <p className="vip-muted">
        {o.user.name} — <bdi dir="ltr">{o.user.email}</bdi> — {formatJalaliDate(o.created_at, { withTime: true })}
        {o.paid_by_contract ? ` — ${vipUi.profile.byContract}` : ""}
      </p>
      <div className="vip-card__actions">
        {o.file_link && (
          <a className="ui-button ui-button--outline ui-button--sm" href={o.file_link}>
            {t.userFile}: <bdi dir="ltr">{o.file_name}</bdi>
          </a>
        )}
        {o.report_link && (
          <a className="ui-button ui-button--ghost ui-button--sm" href={o.report_link}>
            {vipUi.profile.report}
          </a>
        )}
        {o.status === "submitted" && (
          <Button size="sm" onPress={() => act.mutate({ action: "take" })}>
            {t.take}
          </Button>
        )}
      </div>
      {open && o.kind !== "scifinder" && (
        <form
          className="vip-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!file) return;
            const form = new FormData();
            form.set("file", file);
            if (note.trim()) form.set("note", note);
            act.mutate({ action: "report", form });
          }}
        >
          <FilePicker label={t.reportFile} accept=".pdf,.doc,.docx" file={file} onChange={setFile} />
          <TextField label={t.note} value={note} onChange={setNote} />
          <Button type="submit" isDisabled={!file} isPending={act.isPending}>
            {t.report}
          </Button>
        </form>
      )}
      {open && o.kind === "scifinder" && (
        <form
          className="vip-form"
          onSubmit={(e) => {
            e.preventDefault();
            act.mutate({ action: "account", body: { username, password, note } });
          }}
        >
          <TextField label={vipUi.profile.username} ltr value={username} onChange={setUsername} />
          <TextField label={vipUi.profile.password} ltr value={password} onChange={setPassword} />
          <Button type="submit" isDisabled={!username.trim() || !password.trim()} isPending={act.isPending}>
            {t.account}
          </Button>
        </form>
      )}
      {(open || o.status === "awaiting_upload") && (
        <form
          className="vip-form vip-form--inline"
          onSubmit={(e) => {
            e.preventDefault();
            act.mutate({ action: "reject", body: { reason } });
          }}
        >
          <TextField label={t.reason} value={reason} onChange={setReason} />
          <Button type="submit" variant="danger" isDisabled={!reason.trim()}>
            {t.reject}
          </Button>
        </form>
      )}
      {err && <Alert tone="error">{err}</Alert>}
    </li>
  );
}
