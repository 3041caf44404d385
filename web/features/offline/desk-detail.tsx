import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from "react";
import { MAX_OFFLINE_FILE_BYTES, offlineMessages, rejectTemplates, type DeskDetail, type DeskItem, type RejectTemplate } from "../../../contract/offline";
import { formatJalaliDate, formatNumber, formatToman } from "../../../lib/format";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Dialog } from "../../components/ui/dialog";
import { ExternalLink } from "../../components/ui/link";
import { Select } from "../../components/ui/select";
import { TextField } from "../../components/ui/text-field";
import { ApiError } from "../../lib/api";
import { usePageData } from "../../lib/page-data-context";
import { taskOf, type DeskTask } from "./desk-queue";
import { DocumentMeta } from "./document-meta";
import { GroupBox } from "./group-box";
import { offlineUi } from "./messages";
import { deskDetailQuery, solversQuery } from "./queries";
import { useDeskMutation, type Say } from "./use-desk-mutation";
import { DocumentName, fileSizeMb, History, Latin, StatusBadge } from "./request-parts";
import { serverFieldProps } from "../../lib/field-errors";

const t = offlineUi.desk;
const OPEN = new Set(["registered", "priced", "paid", "in_progress"]);
/** A dropped or chosen file is delivered after this long, unless staff press undo. */
const DELIVER_UNDO_MS = 5_000;

/**
 * One request on the desk, beside the queue: what was asked, by whom, what it was resolved to, its
 * group, its history, and what staff can do with it now. The cursor starts in the first field of the
 * first action; a price, a rejection or a delivery moves on to the next request ("save and next"),
 * and the panel says so when the next one asks for another kind of work.
 */
export function DeskDetailPanel({
  id,
  isAdmin,
  previousTask,
  nextTask,
  onClose,
  onDone,
  onNotice,
}: {
  id: string;
  isAdmin: boolean;
  previousTask: DeskTask | null;
  nextTask: DeskTask | null;
  onClose(): void;
  onDone(handled: string[]): void;
  onNotice: Say;
}) {
  const q = useQuery(deskDetailQuery(id));
  const panel = useRef<HTMLElement>(null);
  const focusedFor = useRef<string | null>(null);
  // Only this request's own answer is drawn: never the previous request's while this one loads.
  const data = q.data?.request.id === id ? q.data : undefined;
  useEffect(() => {
    if (!data || focusedFor.current === id) return;
    focusedFor.current = id;
    // The first field of the first action (a selector list would return the wrapper itself first).
    const root = panel.current;
    const first =
      root?.querySelector<HTMLElement>("[data-first-field] input") ??
      root?.querySelector<HTMLElement>("[data-first-field] button") ??
      root?.querySelector<HTMLElement>("input[data-first-field]");
    (first ?? root)?.focus();
    // A price that starts filled (the group's, the catalogue's, the list price) is replaced by typing.
    if (first instanceof HTMLInputElement && first.type !== "file") first.select();
  }, [id, data]);
  return (
    <section ref={panel} tabIndex={-1} className="card desk-detail offline-detail" aria-label={t.open} data-testid="desk-detail" data-request={id}>
      <div className="offline-detail__top">
        <Button variant="ghost" size="sm" onPress={onClose}>
          {t.backToQueue}
        </Button>
      </div>
      {q.isError ? (
        <Alert tone="error">{(q.error as ApiError).message}</Alert>
      ) : !data ? (
        <p className="offline-muted" aria-busy="true">
          …
        </p>
      ) : (
        <DetailBody detail={data} isAdmin={isAdmin} previousTask={previousTask} nextTask={nextTask} onDone={onDone} onNotice={onNotice} />
      )}
    </section>
  );
}

/** "Save and next", saying which work comes next when it is not the same kind. */
const saveAndNext = (next: DeskTask | null, now: DeskTask) =>
  next && next !== "none" && next !== now ? `${t.saveAndNext} — ${t.nextIs(t.tasks[next])}` : t.saveAndNext;

function DetailBody({
  detail,
  isAdmin,
  previousTask,
  nextTask,
  onDone,
  onNotice,
}: {
  detail: DeskDetail;
  isAdmin: boolean;
  previousTask: DeskTask | null;
  nextTask: DeskTask | null;
  onDone(handled: string[]): void;
  onNotice: Say;
}) {
  const { userInfo } = usePageData();
  const r = detail.request;
  const open = OPEN.has(r.status);
  const task = taskOf(r);
  const canPrice = r.kind !== "article" && (r.status === "registered" || r.status === "priced");
  const canDeliver = r.status === "registered" || r.status === "paid" || r.status === "in_progress";
  const hasGroup = detail.group.some((g) => OPEN.has(g.status));
  const mine = r.assigned_to?.id === userInfo?.id;
  const changed = previousTask !== null && previousTask !== "none" && task !== "none" && previousTask !== task;
  return (
    <div className="offline-detail__grid" data-task={task}>
      <div className="offline-detail__main">
        {changed && (
          <p className="desk-task-change" role="status">
            {t.taskChanged(t.tasks[previousTask], t.tasks[task])}
          </p>
        )}
        <header className="offline-card__header">
          <span className="offline-kind">{offlineUi.kinds[r.kind]}</span>
          {r.is_solution && <span className="offline-kind offline-kind--solution">{t.solutionBadge}</span>}
          <StatusBadge status={r.status} />
          {task !== "none" && <span className={`desk-task desk-task--${task}`}>{t.tasks[task]}</span>}
          <h2 className="offline-card__title">
            <DocumentName request={r} max={200} />
          </h2>
        </header>
        <Facts r={r} mine={mine} />
        {r.meta && <DocumentMeta meta={r.meta} typed={r.url} />}
        {!r.meta && (
          <DocumentMeta
            meta={{ title: null, authors: [], edition: null, year: null, publisher: null, cover: null, isbns: [], doi: r.doi, standard: r.code, source: null }}
            typed={r.url}
          />
        )}
        {r.file && (
          <a className="ui-button ui-button--outline ui-button--sm" href={r.file.download_url} download>
            {offlineUi.pages.download} ({offlineUi.pages.size(fileSizeMb(r.file.size))})
          </a>
        )}
        {r.delivered_link && <ExternalLink href={r.delivered_link}>{offlineUi.pages.openLink}</ExternalLink>}
        {r.prepared && (
          <p className="desk-prepared">
            {t.preparedIs}{" "}
            {r.prepared.file ? (
              <a href={r.prepared.file.download_url} download>
                <Latin text={r.prepared.file.name} />
              </a>
            ) : (
              r.prepared.link && <ExternalLink href={r.prepared.link}>{t.preparedLink}</ExternalLink>
            )}
          </p>
        )}

        {open && (
          <div className="offline-actions">
            {canPrice && <PriceAction detail={detail} hasGroup={hasGroup} label={saveAndNext(nextTask, "price")} onDone={onDone} onNotice={onNotice} first />}
            {canDeliver && canPrice ? (
              // A book or standard found free: delivered without a price (rare beside pricing, so folded).
              <details className="offline-action desk-free-delivery">
                <summary>{t.deliverFree}</summary>
                <DeliverAction detail={detail} hasGroup={hasGroup} onDone={onDone} onNotice={onNotice} first={false} />
              </details>
            ) : (
              canDeliver && <DeliverAction detail={detail} hasGroup={hasGroup} onDone={onDone} onNotice={onNotice} first={!canPrice} />
            )}
            <RejectAction id={r.id} onDone={onDone} onNotice={onNotice} first={!canPrice && !canDeliver} />
            <div className="offline-actions__minor">
              {!mine && <ClaimAction id={r.id} onNotice={onNotice} />}
              {isAdmin && <AssignAction id={r.id} current={r.assigned_to?.id ?? null} onNotice={onNotice} />}
            </div>
          </div>
        )}
        <NoteForm id={r.id} note={r.staff_note} onNotice={onNotice} />
      </div>
      <aside className="offline-detail__side">
        <GroupBox detail={detail} onNotice={onNotice} />
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

function Facts({ r, mine }: { r: DeskItem; mine: boolean }) {
  return (
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
      {r.status === "delivered" && r.on_time.delivery && (
        <div>
          <dt>{t.dueDelivery}</dt>
          <dd className={r.on_time.delivery === "broken" ? "offline-overdue" : undefined}>{offlineUi.pages.onTime[r.on_time.delivery]}</dd>
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
  );
}

/** Optional: any first action claims the request; this only says "mine" without doing anything else. */
function ClaimAction({ id, onNotice }: { id: string; onNotice: Say }) {
  const m = useDeskMutation(id, "claim", t.claimed, onNotice);
  return (
    <>
      <Button variant="ghost" size="sm" onPress={() => m.mutate({})} isDisabled={m.isPending}>
        {t.claim}
      </Button>
      {m.confirm}
    </>
  );
}

/** A PDF the browser can send: the size limits and the type, checked before the upload. */
function checkPdf(file: File): string | null {
  if (file.size > MAX_OFFLINE_FILE_BYTES) return offlineMessages.fileTooLarge;
  if (file.size === 0) return offlineMessages.fileEmpty;
  if (!/\.pdf$/i.test(file.name) && file.type !== "application/pdf") return offlineMessages.fileNotPdf;
  return null;
}

/**
 * Pricing, with what the payment will deliver. The price starts as the group's, the catalogue's or
 * the list price; choosing (or dropping) a PDF saves the price with the file at once; Enter saves the
 * price alone, or with the group's file when one is there (ticked by default).
 */
function PriceAction({
  detail,
  hasGroup,
  label,
  onDone,
  onNotice,
  first,
}: {
  detail: DeskDetail;
  hasGroup: boolean;
  label: string;
  onDone(handled: string[]): void;
  onNotice: Say;
  first: boolean;
}) {
  const r = detail.request;
  const m = useDeskMutation(r.id, "price", t.priced, onNotice, onDone);
  const start = r.price ?? detail.suggested_price?.amount ?? null;
  const [price, setPrice] = useState(start ? formatNumber(start) : "");
  const [group, setGroup] = useState(hasGroup);
  const [useGroupFile, setUseGroupFile] = useState(!!detail.group_file && !r.prepared);
  const [link, setLink] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const priceField = useRef<HTMLDivElement>(null);
  const id = `price-file-${r.id}`;

  const send = (attach: { file?: File | null; link?: string }) => {
    if (attach.file) {
      const form = new FormData();
      form.set("price", price);
      form.set("file", attach.file);
      if (group) form.set("apply_to_group", "1");
      m.mutate({ form });
      return;
    }
    const extra = attach.link ? { link: attach.link } : useGroupFile && detail.group_file ? { file_from: detail.group_file.from } : {};
    m.mutate({ body: { price, apply_to_group: group, ...extra } });
  };
  const choose = (f: File | undefined) => {
    if (!f) return;
    const error = checkPdf(f);
    setLocalError(error);
    if (error) return;
    if (price.trim()) send({ file: f });
    else {
      // No price yet: keep the file, and the price field takes the cursor; Enter saves both.
      setFile(f);
      priceField.current?.querySelector("input")?.focus();
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(file ? { file } : link.trim() ? { link: link.trim() } : {});
  };
  const errors = m.fieldErrors;
  const fileError = localError ?? errors["file"]?.join(" ") ?? errors["file_from"]?.join(" ");
  return (
    <form
      className="offline-action desk-price"
      onSubmit={submit}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e: DragEvent) => {
        e.preventDefault();
        choose(e.dataTransfer.files?.[0]);
      }}
    >
      <div ref={priceField} {...(first ? { "data-first-field": "" } : {})}>
        <TextField
          label={t.priceLabel}
          inputMode="numeric"
          value={price}
          onChange={setPrice}
          {...serverFieldProps(errors["price"])}
          description={detail.suggested_price && !r.price ? t.suggestedFrom[detail.suggested_price.source] : undefined}
        />
      </div>
      <fieldset className="desk-attach">
        <legend>{t.attachLegend}</legend>
        {detail.group_file && !file && (
          <Checkbox isSelected={useGroupFile} onChange={setUseGroupFile}>
            {t.withGroupFile(detail.group_file.name ?? detail.group_file.link ?? "")}
          </Checkbox>
        )}
        <input
          id={id}
          className="visually-hidden ui-file-input"
          type="file"
          accept="application/pdf,.pdf"
          aria-label={t.attachFile}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = "";
          }}
          aria-invalid={!!fileError || undefined}
        />
        <span className="ui-file-pick">
          <label htmlFor={id} className="ui-button ui-button--outline ui-button--sm">
            {t.attachFile}
          </label>
          {file && <Latin text={file.name} />}
        </span>
        {fileError && (
          <span className="ui-field__error" role="alert">
            {fileError}
          </span>
        )}
        <TextField label={t.attachLink} ltr value={link} onChange={setLink} {...serverFieldProps(errors["link"])} />
      </fieldset>
      {hasGroup && (
        <Checkbox isSelected={group} onChange={setGroup}>
          {t.applyToGroup}
        </Checkbox>
      )}
      <Button type="submit" isDisabled={m.isPending || !price.trim()}>
        {label}
      </Button>
      {m.isPending && <span className="offline-muted">{t.saving}</span>}
      {m.confirm}
    </form>
  );
}

function RejectAction({ id, onDone, onNotice, first }: { id: string; onDone(handled: string[]): void; onNotice: Say; first: boolean }) {
  const m = useDeskMutation(id, "reject", t.rejected, onNotice, onDone);
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
        <TextField label={t.rejectOther} value={reason} onChange={setReason} {...serverFieldProps(m.fieldErrors["reason"])} />
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
 * Choosing or dropping a PDF delivers it after a few seconds, with an undo meanwhile (a delivery
 * cannot be taken back); a link, or the group's file, is delivered with its button.
 */
function DeliverAction({
  detail,
  hasGroup,
  onDone,
  onNotice,
  first,
}: {
  detail: DeskDetail;
  hasGroup: boolean;
  onDone(handled: string[]): void;
  onNotice: Say;
  first: boolean;
}) {
  const id = detail.request.id;
  const m = useDeskMutation(id, "deliver", t.delivered, onNotice, onDone);
  const [link, setLink] = useState("");
  const [group, setGroup] = useState(hasGroup);
  const [localError, setLocalError] = useState<string | null>(null);
  const [pending, setPending] = useState<{ file: File; left: number } | null>(null);
  const groupRef = useRef(group);
  groupRef.current = group;
  const groupFile = detail.group_file;

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
    const error = checkPdf(file);
    setLocalError(error);
    if (!error) setPending({ file, left: Math.round(DELIVER_UNDO_MS / 1000) });
  };
  const fileError = localError ?? m.fieldErrors["file"]?.join(" ");
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a shortcut; the file input inside is the keyboard path
    <div
      className="offline-action offline-deliver"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e: DragEvent) => {
        e.preventDefault();
        choose(e.dataTransfer.files?.[0]);
      }}
    >
      <span className="ui-field__label" id={`deliver-file-label-${id}`}>
        {t.deliverFile}
      </span>
      <p className="offline-muted offline-deliver__hint">{t.dropHere}</p>
      {/* The native input stays focusable (keyboard) but hidden; its label is drawn as a button in Persian. */}
      <input
        id={`deliver-file-${id}`}
        className="visually-hidden ui-file-input"
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
      <span className="ui-file-pick">
        <label htmlFor={`deliver-file-${id}`} className="ui-button ui-button--primary ui-button--sm">
          {t.chooseFile}
        </label>
        {groupFile && !pending && (
          <Button variant="outline" size="sm" onPress={() => m.mutate({ body: { file_from: groupFile.from, apply_to_group: group } })} isDisabled={m.isPending}>
            {t.deliverGroupFile(groupFile.name ?? groupFile.link ?? "")}
          </Button>
        )}
      </span>
      {pending && (
        <div className="offline-deliver__pending" role="status">
          <span>{t.deliveringIn(pending.file.name, pending.left)}</span>
          <Button
            variant="outline"
            size="sm"
            onPress={() => {
              setPending(null);
              onNotice({ kind: "info", text: t.undone });
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
        <TextField label={t.deliverLink} ltr value={link} onChange={setLink} isDisabled={!!pending} {...serverFieldProps(m.fieldErrors["link"])} />
        <Button type="submit" variant="outline" size="sm" isDisabled={m.isPending || !link.trim()}>
          {t.deliver}
        </Button>
      </form>
      {m.isPending && <span className="offline-muted">{t.saving}</span>}
      {m.confirm}
    </div>
  );
}

function AssignAction({ id, current, onNotice }: { id: string; current: string | null; onNotice: Say }) {
  const solvers = useQuery(solversQuery());
  const m = useDeskMutation(id, "assign", t.assigned, onNotice);
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
        {...serverFieldProps(m.fieldErrors["solver_id"])}
      />
      <Button type="submit" variant="ghost" size="sm" isDisabled={m.isPending || !solver}>
        {t.assign}
      </Button>
    </form>
  );
}

/** Staff's own note on the request: kept with it to delivery, never shown to the user. */
function NoteForm({ id, note, onNotice }: { id: string; note: string | null; onNotice: Say }) {
  const m = useDeskMutation(id, "note", t.noteSaved, onNotice);
  const [text, setText] = useState(note ?? "");
  return (
    <form
      className="desk-note"
      onSubmit={(e) => {
        e.preventDefault();
        m.mutate({ body: { note: text } });
      }}
    >
      <TextField label={t.note} description={t.noteHint} multiline rows={2} value={text} onChange={setText} {...serverFieldProps(m.fieldErrors["note"])} />
      <Button type="submit" variant="ghost" size="sm" isDisabled={m.isPending || text === (note ?? "")}>
        {t.noteSave}
      </Button>
    </form>
  );
}
