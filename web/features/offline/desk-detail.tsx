import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { MAX_OFFLINE_FILE_BYTES, offlineMessages, rejectTemplates, type DeskDetail, type RejectTemplate } from "../../../contract/offline";
import { formatJalaliDate, formatToman } from "../../../lib/format";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { ExternalLink } from "../../components/ui/link";
import { Select, SelectItem } from "../../components/ui/select";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { ApiError } from "../../lib/api";
import { offlineUi } from "./messages";
import { deskAction, deskDetailQuery, offlineKeys, solversQuery, type DeskAction } from "./queries";
import { DocumentName, fileSizeMb, History, Latin, StatusBadge } from "./request-parts";

const t = offlineUi.desk;
const OPEN = new Set(["registered", "priced", "paid", "in_progress"]);

/** One request on the desk: what was asked, by whom, its history and audit trail, and what staff can do with it now. */
export function DeskDetailPanel({ id, isAdmin, onClose }: { id: string; isAdmin: boolean; onClose(): void }) {
  const q = useQuery(deskDetailQuery(id));
  // The panel renders above the queue: focus moves to it on opening, or keyboard users would have to
  // tab backwards through the whole page to reach what they just opened.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, [id]);
  return (
    <section ref={panel} tabIndex={-1} className="card offline-detail" aria-label={t.open} data-testid="desk-detail">
      <div className="offline-detail__top">
        <Button variant="ghost" size="sm" onPress={onClose}>
          {t.close}
        </Button>
      </div>
      {q.isPending ? (
        <p className="offline-muted">…</p>
      ) : q.isError ? (
        <Alert tone="error">{(q.error as ApiError).message}</Alert>
      ) : (
        <DetailBody detail={q.data} isAdmin={isAdmin} />
      )}
    </section>
  );
}

function useDeskMutation(id: string, action: DeskAction, success: string) {
  const queryClient = useQueryClient();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const m = useMutation({
    mutationFn: (payload: { body?: unknown; form?: FormData }) => deskAction(id, action, payload),
    onMutate: () => setFieldErrors({}),
    onSuccess: () => {
      toast.success(success);
      void queryClient.invalidateQueries({ queryKey: offlineKeys.desk });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 422) setFieldErrors(e.fieldErrors);
      else toast.error(e.message);
    },
  });
  return { ...m, fieldErrors };
}

function DetailBody({ detail, isAdmin }: { detail: DeskDetail; isAdmin: boolean }) {
  const r = detail.request;
  const open = OPEN.has(r.status);
  return (
    <div className="offline-detail__grid">
      <div className="offline-detail__main">
        <header className="offline-card__header">
          <span className="offline-kind">{offlineUi.kinds[r.kind]}</span>
          {r.is_solution && <span className="offline-kind offline-kind--solution">{t.solutionBadge}</span>}
          <StatusBadge status={r.status} />
          <h2 className="offline-card__title">
            <DocumentName request={r} max={200} />
          </h2>
        </header>
        <dl className="offline-facts">
          {r.title && (
            <div>
              <dt>{offlineUi.dialog.url}</dt>
              <dd>
                <Latin text={r.url} />
              </dd>
            </div>
          )}
          {r.doi && (
            <div>
              <dt>DOI</dt>
              <dd>
                <ExternalLink href={`https://doi.org/${r.doi}`}>
                  <Latin text={r.doi} />
                </ExternalLink>
              </dd>
            </div>
          )}
          <div>
            <dt>{t.requester}</dt>
            <dd>
              {r.user.name} — <bdi dir="ltr">{r.user.email}</bdi> {r.user.mobile && <bdi dir="ltr">{r.user.mobile}</bdi>}
            </dd>
          </div>
          {r.more && (
            <div>
              <dt>{offlineUi.pages.description}</dt>
              <dd>{r.more}</dd>
            </div>
          )}
          {r.price !== null && (
            <div>
              <dt>{offlineUi.pages.price}</dt>
              <dd>{formatToman(r.price)}</dd>
            </div>
          )}
          <div>
            <dt>{t.assignedTo}</dt>
            <dd>{r.assigned_to?.name ?? t.nobody}</dd>
          </div>
          {r.reject_reason && (
            <div>
              <dt>{offlineUi.pages.rejectReason}</dt>
              <dd className="offline-reject">{r.reject_reason}</dd>
            </div>
          )}
        </dl>
        {r.file && (
          <a className="ui-button ui-button--outline ui-button--sm" href={r.file.download_url} download>
            {offlineUi.pages.download} ({offlineUi.pages.size(fileSizeMb(r.file.size))})
          </a>
        )}
        {r.delivered_link && <ExternalLink href={r.delivered_link}>{offlineUi.pages.openLink}</ExternalLink>}

        {open && (
          <div className="offline-actions">
            <ClaimAction id={r.id} />
            {r.kind !== "article" && (r.status === "registered" || r.status === "priced") && <PriceAction id={r.id} current={r.price} hasGroup={detail.group.length > 0} />}
            {(r.status === "registered" || r.status === "paid" || r.status === "in_progress") && <DeliverAction id={r.id} hasGroup={detail.group.length > 0} />}
            <RejectAction id={r.id} />
            {isAdmin && <AssignAction id={r.id} current={r.assigned_to?.id ?? null} />}
          </div>
        )}
      </div>
      <aside className="offline-detail__side">
        {detail.group.length > 0 && (
          <>
            <h3>{t.group}</h3>
            <ul className="offline-group">
              {detail.group.map((g) => (
                <li key={g.id}>
                  <StatusBadge status={g.status} /> {g.user_name} <small>{formatJalaliDate(g.created_at, { withTime: true })}</small>
                  {g.price !== null && <small> — {formatToman(g.price)}</small>}
                </li>
              ))}
            </ul>
          </>
        )}
        <h3>{t.history}</h3>
        <History events={detail.history} renderActor />
        <details>
          <summary>{t.audit}</summary>
          <ol className="offline-audit">
            {detail.audit.map((a, i) => (
              <li key={i}>
                <time dateTime={a.at}>{formatJalaliDate(a.at, { withTime: true })}</time> <code dir="ltr">{a.action}</code> {a.actor && t.by(a.actor.name)}
              </li>
            ))}
          </ol>
        </details>
      </aside>
    </div>
  );
}

function ClaimAction({ id }: { id: string }) {
  const m = useDeskMutation(id, "claim", t.claimed);
  return (
    <div className="offline-action">
      <Button variant="secondary" onPress={() => m.mutate({})} isDisabled={m.isPending}>
        {t.claim}
      </Button>
    </div>
  );
}

function PriceAction({ id, current, hasGroup }: { id: string; current: number | null; hasGroup: boolean }) {
  const m = useDeskMutation(id, "price", t.priced);
  const [price, setPrice] = useState(current ? String(current) : "");
  const [group, setGroup] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    m.mutate({ body: { price, apply_to_group: group } });
  };
  return (
    <form className="offline-action" onSubmit={submit}>
      <TextField label={t.priceLabel} inputMode="numeric" value={price} onChange={setPrice} isInvalid={!!m.fieldErrors["price"]} errorMessage={m.fieldErrors["price"]?.join(" ")} />
      {hasGroup && (
        <Checkbox isSelected={group} onChange={setGroup}>
          {t.applyToGroup}
        </Checkbox>
      )}
      <Button type="submit" isDisabled={m.isPending || !price.trim()}>
        {t.setPrice}
      </Button>
    </form>
  );
}

function RejectAction({ id }: { id: string }) {
  const m = useDeskMutation(id, "reject", t.rejected);
  const [template, setTemplate] = useState<RejectTemplate | "">("");
  const [reason, setReason] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    m.mutate({ body: { ...(template ? { template } : {}), ...(reason.trim() ? { reason } : {}) } });
  };
  return (
    <form className="offline-action" onSubmit={submit}>
      <Select label={t.rejectTemplate} selectedKey={template || "none"} onSelectionChange={(k) => setTemplate(k === "none" ? "" : (k as RejectTemplate))}>
        <SelectItem id="none">{t.rejectTemplateNone}</SelectItem>
        {Object.entries(rejectTemplates).map(([key, text]) => (
          <SelectItem key={key} id={key} textValue={text}>
            {text}
          </SelectItem>
        ))}
      </Select>
      {!template && <TextField label={t.rejectReason} value={reason} onChange={setReason} multiline rows={2} isInvalid={!!m.fieldErrors["reason"]} errorMessage={m.fieldErrors["reason"]?.join(" ")} />}
      <Button type="submit" variant="danger" isDisabled={m.isPending || (!template && !reason.trim())}>
        {t.reject}
      </Button>
    </form>
  );
}

function DeliverAction({ id, hasGroup }: { id: string; hasGroup: boolean }) {
  const m = useDeskMutation(id, "deliver", t.delivered);
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [link, setLink] = useState("");
  const [group, setGroup] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (file && file.size > MAX_OFFLINE_FILE_BYTES) return setLocalError(offlineMessages.fileTooLarge);
    setLocalError(null);
    if (file) {
      const form = new FormData();
      form.set("file", file);
      if (group) form.set("apply_to_group", "1");
      m.mutate({ form });
    } else m.mutate({ body: { link, apply_to_group: group } });
  };
  const fileError = localError ?? m.fieldErrors["file"]?.join(" ");
  return (
    <form className="offline-action" onSubmit={submit}>
      <div className="ui-field">
        <span className="ui-field__label" id={`deliver-file-label-${id}`}>
          {t.deliverFile}
        </span>
        {/* The native input stays focusable (keyboard) but hidden; its label is drawn as a button in Persian. */}
        <input
          ref={fileInput}
          id={`deliver-file-${id}`}
          className="visually-hidden offline-file-input"
          type="file"
          accept="application/pdf,.pdf"
          aria-labelledby={`deliver-file-label-${id}`}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setLocalError(null);
          }}
          aria-invalid={!!fileError || undefined}
        />
        <span className="offline-file-pick">
          <label htmlFor={`deliver-file-${id}`} className="ui-button ui-button--outline ui-button--sm">
            {t.chooseFile}
          </label>
          <small className="offline-muted">{file ? <bdi>{file.name}</bdi> : t.noFile}</small>
        </span>
        {fileError && (
          <span className="ui-field__error" role="alert">
            {fileError}
          </span>
        )}
      </div>
      <TextField label={t.deliverLink} ltr value={link} onChange={setLink} isDisabled={!!file} isInvalid={!!m.fieldErrors["link"]} errorMessage={m.fieldErrors["link"]?.join(" ")} />
      {hasGroup && (
        <Checkbox isSelected={group} onChange={setGroup}>
          {t.applyToGroup}
        </Checkbox>
      )}
      <Button type="submit" isDisabled={m.isPending || (!file && !link.trim())}>
        {t.deliver}
      </Button>
    </form>
  );
}

function AssignAction({ id, current }: { id: string; current: string | null }) {
  const solvers = useQuery(solversQuery());
  const m = useDeskMutation(id, "assign", t.assigned);
  const [solver, setSolver] = useState<string>(current ?? "");
  if (!solvers.data?.solvers.length) return null;
  return (
    <form
      className="offline-action"
      onSubmit={(e) => {
        e.preventDefault();
        m.mutate({ body: { solver_id: solver } });
      }}
    >
      <Select label={t.solver} placeholder={t.chooseSolver} selectedKey={solver || null} onSelectionChange={(k) => setSolver(String(k))} isInvalid={!!m.fieldErrors["solver_id"]} errorMessage={m.fieldErrors["solver_id"]?.join(" ")}>
        {solvers.data.solvers.map((s) => (
          <SelectItem key={s.id} id={s.id}>
            {s.name}
          </SelectItem>
        ))}
      </Select>
      <Button type="submit" variant="outline" isDisabled={m.isPending || !solver}>
        {t.assign}
      </Button>
    </form>
  );
}
