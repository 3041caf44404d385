import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from "react";
import { MAX_OFFLINE_FILE_BYTES, offlineMessages, rejectTemplates, type DeskDetail, type RejectTemplate } from "../../../contract/offline";
import { formatJalaliDate, formatToman } from "../../../lib/format";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Dialog } from "../../components/ui/dialog";
import { ExternalLink } from "../../components/ui/link";
import { Select } from "../../components/ui/select";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { ApiError } from "../../lib/api";
import { usePageData } from "../../lib/page-data-context";
import { offlineUi } from "./messages";
import { deskActionMutation, deskDetailQuery, offlineKeys, solversQuery, type DeskAction, type DeskPayload as Payload } from "./queries";
import { DocumentName, fileSizeMb, History, Latin, StatusBadge } from "./request-parts";

const t = offlineUi.desk;
const OPEN = new Set(["registered", "priced", "paid", "in_progress"]);
/** A dropped or chosen file is delivered after this long, unless staff press undo. */
const DELIVER_UNDO_MS = 5_000;

/**
 * One request on the desk, beside the queue: what was asked, by whom, its history, and what staff can
 * do with it now. The cursor starts in the first field of the first action; a price, a rejection or a
 * delivery moves on to the next request in the queue ("save and next").
 */
export function DeskDetailPanel({ id, isAdmin, onClose, onDone }: { id: string; isAdmin: boolean; onClose(): void; onDone(handled: string[]): void }) {
  const q = useQuery(deskDetailQuery(id));
  const panel = useRef<HTMLElement>(null);
  const focusedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!q.data || focusedFor.current === id) return;
    focusedFor.current = id;
    // The first field of the first action (a selector list would return the wrapper itself first).
    const root = panel.current;
    const first = root?.querySelector<HTMLElement>("[data-first-field] input") ?? root?.querySelector<HTMLElement>("[data-first-field] button") ?? root?.querySelector<HTMLElement>("input[data-first-field]");
    (first ?? root)?.focus();
  }, [id, q.data]);
  return (
    <section ref={panel} tabIndex={-1} className="card offline-detail" aria-label={t.open} data-testid="desk-detail">
      <div className="offline-detail__top">
        <Button variant="ghost" size="sm" onPress={onClose}>
          {t.backToQueue}
        </Button>
      </div>
      {q.isPending ? (
        <p className="offline-muted">…</p>
      ) : q.isError ? (
        <Alert tone="error">{(q.error as ApiError).message}</Alert>
      ) : (
        <DetailBody key={id} detail={q.data} isAdmin={isAdmin} onDone={onDone} />
      )}
    </section>
  );
}


function withTakeOver(p: Payload): Payload {
  if (p.form) {
    const form = new FormData();
    for (const [k, v] of p.form.entries()) form.append(k, v);
    form.set("take_over", "1");
    return { form };
  }
  return { body: { ...p.body, take_over: true } };
}

const heldByOther = (e: unknown): string | null => {
  if (!(e instanceof ApiError) || e.status !== 409) return null;
  const body = e.body as { code?: string; holder?: { name?: string } } | null;
  return body?.code === "held_by" ? (body.holder?.name ?? "") : null;
};

/**
 * A desk action. Whoever acts holds the request; when a colleague holds it, the server refuses (409)
 * and this asks once whether to take it over, then sends the same action with `take_over`.
 */
function useDeskMutation(id: string, action: DeskAction, success: string, onDone?: (handled: string[]) => void) {
  const queryClient = useQueryClient();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [takeOver, setTakeOver] = useState<{ holder: string; payload: Payload } | null>(null);
  const m = useMutation({
    ...deskActionMutation(id, action),
    onMutate: () => setFieldErrors({}),
    onSuccess: (res) => {
      toast.success(success);
      void queryClient.invalidateQueries({ queryKey: offlineKeys.desk });
      // The whole group may have been handled at once: "next" skips all of it.
      onDone?.(res.affected);
    },
    onError: (e, payload) => {
      const holder = heldByOther(e);
      if (holder !== null) setTakeOver({ holder, payload });
      else if (e instanceof ApiError && e.status === 422) setFieldErrors(e.fieldErrors);
      else toast.error(e.message);
    },
  });
  const confirm = takeOver && (
    <Dialog
      title={t.takeOverTitle}
      role="alertdialog"
      width={400}
      isOpen
      onOpenChange={(open) => !open && setTakeOver(null)}
      actions={({ close }) => (
        <>
          <Button
            autoFocus
            onPress={() => {
              m.mutate(withTakeOver(takeOver.payload));
              close();
            }}
          >
            {t.takeOverConfirm}
          </Button>
          <Button variant="ghost" onPress={close}>
            {t.cancel}
          </Button>
        </>
      )}
    >
      <p>{t.takeOverText(takeOver.holder)}</p>
    </Dialog>
  );
  return { ...m, fieldErrors, confirm };
}

function DetailBody({ detail, isAdmin, onDone }: { detail: DeskDetail; isAdmin: boolean; onDone(handled: string[]): void }) {
  const { userInfo } = usePageData();
  const r = detail.request;
  const open = OPEN.has(r.status);
  const canPrice = r.kind !== "article" && (r.status === "registered" || r.status === "priced");
  const canDeliver = r.status === "registered" || r.status === "paid" || r.status === "in_progress";
  const hasGroup = detail.group.length > 0;
  const mine = r.assigned_to?.id === userInfo?.id;
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
          {r.code && (
            <div>
              <dt>{t.code}</dt>
              <dd>
                <Latin text={r.code} />
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
              <dt>{t.userDescription}</dt>
              {/* Users write in English as often as in Persian: each text takes its own direction. */}
              <dd dir="auto" className="offline-more">
                {r.more}
              </dd>
            </div>
          )}
          {r.price !== null && (
            <div>
              <dt>{offlineUi.pages.price}</dt>
              <dd>{formatToman(r.price)}</dd>
            </div>
          )}
          {r.due_at && (
            <div>
              <dt>{r.status === "registered" ? t.dueAnswer : t.dueDelivery}</dt>
              <dd>{formatJalaliDate(r.due_at, { withTime: true })}</dd>
            </div>
          )}
          <div>
            <dt>{t.assignedTo}</dt>
            <dd>{r.assigned_to ? (mine ? t.heldByYou : t.heldBy(r.assigned_to.name)) : t.nobody}</dd>
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
            {canPrice && <PriceAction id={r.id} current={r.price} hasGroup={hasGroup} onDone={onDone} first />}
            {canDeliver && <DeliverAction id={r.id} hasGroup={hasGroup} onDone={onDone} first={!canPrice} />}
            <RejectAction id={r.id} onDone={onDone} first={!canPrice && !canDeliver} />
            <div className="offline-actions__minor">
              {!mine && <ClaimAction id={r.id} />}
              {isAdmin && <AssignAction id={r.id} current={r.assigned_to?.id ?? null} />}
            </div>
          </div>
        )}
      </div>
      <aside className="offline-detail__side">
        {hasGroup && (
          <>
            <h3>{t.group}</h3>
            <ul className="offline-group">
              {detail.group.map((g) => (
                <li key={g.id}>
                  <StatusBadge status={g.status} /> {g.user_name} <small>{formatJalaliDate(g.created_at, { withTime: true })}</small>
                  {g.price !== null && <small> — {formatToman(g.price)}</small>}
                  <small className="offline-group__as">
                    <Latin text={g.url.length > 80 ? `${g.url.slice(0, 77)}…` : g.url} />
                  </small>
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

/** Optional: any first action claims the request; this only says "mine" without doing anything else. */
function ClaimAction({ id }: { id: string }) {
  const m = useDeskMutation(id, "claim", t.claimed);
  return (
    <>
      <Button variant="ghost" size="sm" onPress={() => m.mutate({})} isDisabled={m.isPending}>
        {t.claim}
      </Button>
      {m.confirm}
    </>
  );
}

function PriceAction({ id, current, hasGroup, onDone, first }: { id: string; current: number | null; hasGroup: boolean; onDone(handled: string[]): void; first: boolean }) {
  const m = useDeskMutation(id, "price", t.priced, onDone);
  const [price, setPrice] = useState(current ? String(current) : "");
  // The same document for other users is usually the same price: on by default, visible to untick.
  const [group, setGroup] = useState(hasGroup);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    m.mutate({ body: { price, apply_to_group: group } });
  };
  return (
    <form className="offline-action" onSubmit={submit}>
      <div {...(first ? { "data-first-field": "" } : {})}>
        <TextField label={t.priceLabel} inputMode="numeric" value={price} onChange={setPrice} isInvalid={!!m.fieldErrors["price"]} errorMessage={m.fieldErrors["price"]?.join(" ")} />
      </div>
      {hasGroup && (
        <Checkbox isSelected={group} onChange={setGroup}>
          {t.applyToGroup}
        </Checkbox>
      )}
      <Button type="submit" isDisabled={m.isPending || !price.trim()}>
        {t.saveAndNext}
      </Button>
      {m.confirm}
    </form>
  );
}

function RejectAction({ id, onDone, first }: { id: string; onDone(handled: string[]): void; first: boolean }) {
  const m = useDeskMutation(id, "reject", t.rejected, onDone);
  const [confirming, setConfirming] = useState<{ template?: RejectTemplate; reason?: string } | null>(null);
  const [reason, setReason] = useState("");
  const templates = Object.keys(rejectTemplates) as RejectTemplate[];
  return (
    <div className="offline-action offline-reject-action">
      <span className="ui-field__label" id={`reject-label-${id}`}>
        {t.rejectWith}
      </span>
      <div className="offline-reject-templates" role="group" aria-labelledby={`reject-label-${id}`} {...(first ? { "data-first-field": "" } : {})}>
        {templates.map((key) => (
          <Button key={key} variant="outline" size="sm" onPress={() => setConfirming({ template: key })} isDisabled={m.isPending}>
            {t.rejectShort[key]}
          </Button>
        ))}
      </div>
      <form
        className="offline-reject-other"
        onSubmit={(e) => {
          e.preventDefault();
          if (reason.trim()) setConfirming({ reason: reason.trim() });
        }}
      >
        <TextField label={t.rejectOther} value={reason} onChange={setReason} isInvalid={!!m.fieldErrors["reason"]} errorMessage={m.fieldErrors["reason"]?.join(" ")} />
        <Button type="submit" variant="ghost" size="sm" isDisabled={m.isPending || !reason.trim()}>
          {t.reject}
        </Button>
      </form>
      {confirming && (
        <Dialog
          title={t.rejectConfirmTitle}
          role="alertdialog"
          width={400}
          isOpen
          onOpenChange={(open) => !open && setConfirming(null)}
          actions={({ close }) => (
            <>
              <Button
                variant="danger"
                autoFocus
                onPress={() => {
                  m.mutate({ body: confirming });
                  close();
                }}
              >
                {t.reject}
              </Button>
              <Button variant="ghost" onPress={close}>
                {t.cancel}
              </Button>
            </>
          )}
        >
          <p>{t.rejectConfirmText}</p>
          <blockquote className="offline-reject">{confirming.template ? rejectTemplates[confirming.template] : confirming.reason}</blockquote>
        </Dialog>
      )}
      {m.confirm}
    </div>
  );
}

/**
 * Choosing or dropping a PDF delivers it after a few seconds, with an undo meanwhile; a link is
 * delivered with its button.
 */
function DeliverAction({ id, hasGroup, onDone, first }: { id: string; hasGroup: boolean; onDone(handled: string[]): void; first: boolean }) {
  const m = useDeskMutation(id, "deliver", t.delivered, onDone);
  const [link, setLink] = useState("");
  const [group, setGroup] = useState(hasGroup);
  const [localError, setLocalError] = useState<string | null>(null);
  const [pending, setPending] = useState<{ file: File; left: number } | null>(null);
  const groupRef = useRef(group);
  groupRef.current = group;

  useEffect(() => {
    if (!pending) return;
    if (pending.left <= 0) {
      const form = new FormData();
      form.set("file", pending.file);
      if (groupRef.current) form.set("apply_to_group", "1");
      setPending(null);
      m.mutate({ form });
      return;
    }
    const timer = setTimeout(() => setPending((p) => (p ? { ...p, left: p.left - 1 } : p)), 1_000);
    return () => clearTimeout(timer);
  }, [pending, m]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_OFFLINE_FILE_BYTES) return setLocalError(offlineMessages.fileTooLarge);
    if (file.size === 0) return setLocalError(offlineMessages.fileEmpty);
    if (!/\.pdf$/i.test(file.name) && file.type !== "application/pdf") return setLocalError(offlineMessages.fileNotPdf);
    setLocalError(null);
    setPending({ file, left: Math.round(DELIVER_UNDO_MS / 1000) });
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    choose(e.dataTransfer.files?.[0]);
  };
  const fileError = localError ?? m.fieldErrors["file"]?.join(" ");
  return (
    <div className="offline-action offline-deliver" onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
      <span className="ui-field__label" id={`deliver-file-label-${id}`}>
        {t.deliverFile}
      </span>
      <p className="offline-muted offline-deliver__hint">{t.dropHere}</p>
      {/* The native input stays focusable (keyboard) but hidden; its label is drawn as a button in Persian. */}
      <input
        id={`deliver-file-${id}`}
        className="visually-hidden offline-file-input"
        type="file"
        accept="application/pdf,.pdf"
        aria-labelledby={`deliver-file-label-${id}`}
        onChange={(e) => {
          choose(e.target.files?.[0]);
          e.target.value = "";
        }}
        aria-invalid={!!fileError || undefined}
        {...(first ? { "data-first-field": "" } : {})}
      />
      <span className="offline-file-pick">
        <label htmlFor={`deliver-file-${id}`} className="ui-button ui-button--primary ui-button--sm">
          {t.chooseFile}
        </label>
      </span>
      {pending && (
        <div className="offline-deliver__pending" role="status">
          <span>{t.deliveringIn(pending.file.name, pending.left)}</span>
          <Button
            variant="outline"
            size="sm"
            onPress={() => {
              setPending(null);
              toast.info(t.undone);
            }}
          >
            {t.undo}
          </Button>
        </div>
      )}
      {fileError && (
        <span className="ui-field__error" role="alert">
          {fileError}
        </span>
      )}
      {hasGroup && (
        <Checkbox isSelected={group} onChange={setGroup}>
          {t.applyToGroup}
        </Checkbox>
      )}
      <form
        className="offline-deliver__link"
        onSubmit={(e) => {
          e.preventDefault();
          m.mutate({ body: { link, apply_to_group: group } });
        }}
      >
        <TextField label={t.deliverLink} ltr value={link} onChange={setLink} isDisabled={!!pending} isInvalid={!!m.fieldErrors["link"]} errorMessage={m.fieldErrors["link"]?.join(" ")} />
        <Button type="submit" variant="outline" size="sm" isDisabled={m.isPending || !link.trim()}>
          {t.deliver}
        </Button>
      </form>
      {m.confirm}
    </div>
  );
}

function AssignAction({ id, current }: { id: string; current: string | null }) {
  const solvers = useQuery(solversQuery());
  const m = useDeskMutation(id, "assign", t.assigned);
  const [solver, setSolver] = useState<string>(current ?? "");
  if (!solvers.data?.solvers.length) return null;
  return (
    <form
      className="offline-action offline-assign"
      onSubmit={(e) => {
        e.preventDefault();
        m.mutate({ body: { solver_id: solver } });
      }}
    >
      <Select
        label={t.solver}
        placeholder={t.chooseSolver}
        value={solver || null}
        options={solvers.data.solvers.map((s) => [s.id, s.name] as const)}
        onChange={setSolver}
        isInvalid={!!m.fieldErrors["solver_id"]}
        errorMessage={m.fieldErrors["solver_id"]?.join(" ")}
      />
      <Button type="submit" variant="ghost" size="sm" isDisabled={m.isPending || !solver}>
        {t.assign}
      </Button>
    </form>
  );
}
