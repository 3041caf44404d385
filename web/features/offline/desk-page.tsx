import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { DeskHours, DeskItem, DeskQuery } from "../../../contract/offline";
import { formatJalaliDate, formatNumber, formatToman } from "../../../lib/format";
import { PageHeading } from "../../components/shell/page-heading";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { DataCell, DataRow, DataTable, HeaderCell } from "../../components/ui/data-table";
import { Pagination } from "../../components/ui/pagination";
import { Select } from "../../components/ui/select";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { ApiError } from "../../lib/api";
import { usePageData } from "../../lib/page-data-context";
import { DeskDetailPanel } from "./desk-detail";
import { offlineUi } from "./messages";
import { dashboardQuery, deskHoursQuery, deskListQuery, offlineKeys, saveDeskHoursMutation } from "./queries";
import { DocumentName, StatusBadge, timeLeft } from "./request-parts";
import "./offline.css";

const t = offlineUi.desk;

export type DeskMode = "articles" | "books" | "solver";

type Filters = { status: DeskQuery["status"]; kind: "" | "book" | "standard"; min_age_hours: string; q: string };
// What needs staff first (registered, paid, in progress); what waits on the user is a filter away.
const EMPTY: Filters = { status: "needs_staff", kind: "", min_age_hours: "", q: "" };

function queryOf(mode: DeskMode, f: Filters, page: number): Partial<DeskQuery> {
  const q: Partial<DeskQuery> = { status: f.status, page };
  if (mode === "articles") q.group = "articles";
  if (mode === "books") q.group = "books";
  // The solver's dashboard is solution manuals only, for an admin too.
  if (mode === "solver") q.group = "solutions";
  if (mode === "books" && f.kind) q.kind = f.kind;
  const age = Number(f.min_age_hours.replace(/[۰-۹]/g, (d) => String("۰۱۲۳۴۵۶۷۸۹".indexOf(d))));
  if (f.min_age_hours.trim() && Number.isInteger(age) && age >= 0) q.min_age_hours = age;
  if (f.q.trim()) q.q = f.q.trim();
  return q;
}

/**
 * Where "save and next" goes: the next request in the queue as shown that nobody else holds (after
 * `id`, then from the top), else nothing.
 */
function nextAfter(items: readonly DeskItem[], id: string, me: string | undefined, handled: readonly string[] = []): string | null {
  const free = (x: DeskItem) => x.id !== id && !handled.includes(x.id) && (x.assigned_to === null || x.assigned_to.id === me);
  const i = items.findIndex((x) => x.id === id);
  return items.slice(i + 1).find(free)?.id ?? items.slice(0, Math.max(i, 0)).find(free)?.id ?? null;
}

/** Tells staff, once per change, that users have paid since the queue was last seen. */
function usePaidAlert(paidWaiting: number | undefined) {
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (paidWaiting === undefined) return;
    if (seen.current !== undefined && paidWaiting > seen.current) toast.info(t.paidAlert(paidWaiting - seen.current));
    seen.current = paidWaiting;
  }, [paidWaiting]);
}

/** The delivery desk (ours to design): /admin/offlineArticles, /admin/offlineBooks and, for solvers, /solver. */
export function DeskPage({ mode }: { mode: DeskMode }) {
  const { isAdmin, isSolver } = usePageData();
  const title = mode === "articles" ? t.articlesTitle : mode === "books" ? t.booksTitle : t.solverTitle;
  const allowed = mode === "solver" ? isSolver || isAdmin : isAdmin;
  return (
    <div className="container page offline-page offline-desk">
      <PageHeading title={title} />
      {allowed ? <DeskBody mode={mode} isAdmin={isAdmin} /> : <Alert tone="warning">{t.forbidden}</Alert>}
    </div>
  );
}

function DeskBody({ mode, isAdmin }: { mode: DeskMode; isAdmin: boolean }) {
  const { userInfo } = usePageData();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const list = useQuery({ ...deskListQuery(queryOf(mode, filters, page)), placeholderData: keepPreviousData });
  usePaidAlert(list.data?.paid_waiting);
  // The queue as it was when the request was opened: "next" follows what staff saw.
  const shown = list.data?.items ?? [];

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
    setPage(1);
  };

  return (
    <>
      {isAdmin && mode !== "solver" && <Dashboard group={mode === "articles" ? "articles" : "books"} />}
      <form className="card offline-filters" onSubmit={apply} aria-label={t.filters}>
        <TextField label={t.search} value={draft.q} onChange={(v) => setDraft({ ...draft, q: v })} className="offline-filters__search" />
        <Select
          label={t.status}
          value={draft.status}
          options={[["needs_staff", t.statusNeedsStaff], ["open", t.statusOpen], ["all", t.statusAll], ...(Object.entries(offlineUi.statuses) as [Filters["status"], string][])]}
          onChange={(status) => setDraft({ ...draft, status })}
        />
        {mode === "books" && (
          <Select
            label={t.kind}
            value={draft.kind || "all"}
            options={[["all", t.kindAll], ["book", offlineUi.kinds.book], ["standard", offlineUi.kinds.standard]]}
            onChange={(k) => setDraft({ ...draft, kind: k === "all" ? "" : k })}
          />
        )}
        <TextField label={t.minAge} inputMode="numeric" value={draft.min_age_hours} onChange={(v) => setDraft({ ...draft, min_age_hours: v })} />
        <Button type="submit" variant="outline">
          {t.apply}
        </Button>
      </form>

      {list.data && list.data.paid_waiting > 0 && (
        <p className="offline-paid-waiting" role="status">
          {t.paidWaiting(list.data.paid_waiting)}
        </p>
      )}

      <div className="offline-desk__work" data-detail-open={selected ? "true" : undefined}>
      {list.isPending ? (
        <p className="offline-muted">…</p>
      ) : list.isError ? (
        <Alert
          tone="error"
          action={
            <Button variant="outline" onPress={() => void list.refetch()}>
              {offlineUi.pages.retry}
            </Button>
          }
        >
          {(list.error as ApiError).message}
        </Alert>
      ) : list.data.items.length === 0 ? (
        <p className="card offline-empty">{t.empty}</p>
      ) : (
        <section className="card offline-queue" aria-label={title(mode)} data-hidden-on-phone={selected ? "true" : undefined}>
          <p className="offline-muted">{t.total(list.data.total)}</p>
          <DataTable caption={title(mode)}>
            <thead>
              <tr>
                <HeaderCell>{t.timeLeft}</HeaderCell>
                <HeaderCell>{t.document}</HeaderCell>
                <HeaderCell>{t.requester}</HeaderCell>
                <HeaderCell>{t.status}</HeaderCell>
                <HeaderCell>{offlineUi.pages.price}</HeaderCell>
                <HeaderCell>{t.assignedTo}</HeaderCell>
                <HeaderCell>
                  <span className="visually-hidden">{t.open}</span>
                </HeaderCell>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((item) => (
                <QueueRow key={item.id} item={item} now={Date.parse(list.data.now)} onOpen={() => setSelected(item.id)} isSelected={selected === item.id} me={userInfo?.id} />
              ))}
            </tbody>
          </DataTable>
          <Pagination page={page} pages={Math.ceil(list.data.total / list.data.per_page)} onChange={setPage} label={t.filters} />
        </section>
      )}
      {selected && <DeskDetailPanel id={selected} isAdmin={isAdmin} onClose={() => setSelected(null)} onDone={(handled) => setSelected(nextAfter(shown, selected, userInfo?.id, handled))} />}
      </div>
    </>
  );
}

const title = (mode: DeskMode) => (mode === "articles" ? t.articlesTitle : mode === "books" ? t.booksTitle : t.solverTitle);

function TimeLeftCell({ item, now }: { item: Pick<DeskItem, "due_at" | "status">; now: number }) {
  if (!item.due_at) return <span className="offline-muted">{t.noPromise}</span>;
  const left = timeLeft(item.due_at, now);
  const which = item.status === "registered" ? t.dueAnswer : t.dueDelivery;
  return (
    <span className={left.past ? "offline-overdue" : left.hours < 3 ? "offline-soon" : undefined}>
      <small className="offline-muted">{which}</small> {left.past ? t.overdue(left.hours) : t.left(left.hours, left.minutes)}
    </span>
  );
}

function QueueRow({ item, now, onOpen, isSelected, me }: { item: DeskItem; now: number; onOpen(): void; isSelected: boolean; me: string | undefined }) {
  return (
    <DataRow>
      <DataCell>
        <TimeLeftCell item={item} now={now} />
      </DataCell>
      <DataCell className="offline-queue__doc">
        <span className="offline-kind">{offlineUi.kinds[item.kind]}</span>
        {item.is_solution && <span className="offline-kind offline-kind--solution">{t.solutionBadge}</span>} <DocumentName request={item} max={70} />
        {item.same_document_open > 0 && <small className="offline-group-hint">{t.sameDocument(item.same_document_open)}</small>}
        <small className="offline-muted">{formatJalaliDate(item.created_at, { withTime: true })}</small>
      </DataCell>
      <DataCell>
        {item.user.name}
        <small className="offline-muted">
          <bdi dir="ltr">{item.user.mobile ?? item.user.email}</bdi>
        </small>
      </DataCell>
      <DataCell>
        <StatusBadge status={item.status} />
      </DataCell>
      <DataCell>{item.price !== null ? formatToman(item.price) : "—"}</DataCell>
      <DataCell>{item.assigned_to ? item.assigned_to.id === me ? t.heldByYou : item.assigned_to.name : <span className="offline-muted">{t.nobody}</span>}</DataCell>
      <DataCell>
        <Button size="sm" variant={isSelected ? "primary" : "outline"} onPress={onOpen} aria-label={`${t.open}: ${item.title ?? item.url}`}>
          {t.open}
        </Button>
      </DataCell>
    </DataRow>
  );
}

function Dashboard({ group }: { group: "articles" | "books" }) {
  const q = useQuery(dashboardQuery(group));
  if (!q.data) return null;
  const d = q.data;
  const open = d.open.registered + d.open.priced + d.open.paid + d.open.in_progress;
  return (
    <section className="card offline-dashboard" aria-label={t.dashboard}>
      <h2>{t.dashboard}</h2>
      <dl>
        <div>
          <dt>{t.openNow}</dt>
          <dd>{formatNumber(open)}</dd>
        </div>
        <div>
          <dt>{t.medianAnswer}</dt>
          <dd>{t.minutes(d.median_minutes_to_answer)}</dd>
        </div>
        <div>
          <dt>{t.medianDeliver}</dt>
          <dd>{t.minutes(d.median_minutes_to_deliver)}</dd>
        </div>
        <div>
          <dt>{t.promiseMet}</dt>
          <dd>{formatNumber(d.promise.met)}</dd>
        </div>
        <div>
          <dt>{t.promiseBreached}</dt>
          <dd className={d.promise.breached ? "offline-overdue" : undefined}>{formatNumber(d.promise.breached)}</dd>
        </div>
        <div>
          <dt>{t.overdueNow}</dt>
          <dd className={d.promise.overdue_now ? "offline-overdue" : undefined} data-testid="overdue-now">
            {formatNumber(d.promise.overdue_now)}
          </dd>
        </div>
        <div>
          <dt>{t.deliveryMet}</dt>
          <dd>{formatNumber(d.delivery.met)}</dd>
        </div>
        <div>
          <dt>{t.deliveryBreached}</dt>
          <dd className={d.delivery.breached ? "offline-overdue" : undefined}>{formatNumber(d.delivery.breached)}</dd>
        </div>
        <div>
          <dt>{t.deliveryOverdueNow}</dt>
          <dd className={d.delivery.overdue_now ? "offline-overdue" : undefined}>{formatNumber(d.delivery.overdue_now)}</dd>
        </div>
      </dl>
      <HoursForm />
    </section>
  );
}

/** The operator's deadlines per kind (books' first answer is the spec's 12 hours and not here). */
function HoursForm() {
  const hours = useQuery(deskHoursQuery());
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Record<keyof DeskHours, string> | null>(null);
  const save = useMutation({
    ...saveDeskHoursMutation(),
    onSuccess: (saved) => {
      toast.success(t.hoursSaved);
      queryClient.setQueryData(offlineKeys.hours, saved);
      setDraft(null);
    },
    onError: (e) => toast.error(e.message),
  });
  if (!hours.data) return null;
  const value = draft ?? (Object.fromEntries(Object.entries(hours.data).map(([k, v]) => [k, formatNumber(v)])) as Record<keyof DeskHours, string>);
  const fields: [keyof DeskHours, string][] = [
    ["answer_standard", t.hoursAnswerStandard],
    ["deliver_book", t.hoursDeliverBook],
    ["deliver_standard", t.hoursDeliverStandard],
    ["deliver_article", t.hoursDeliverArticle],
  ];
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  return (
    <details className="offline-hours">
      <summary>{t.hours}</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(value);
        }}
      >
        {fields.map(([key, label]) => (
          <TextField key={key} label={label} inputMode="numeric" value={value[key]} onChange={(v) => setDraft({ ...value, [key]: v })} isInvalid={!!errors[key]} errorMessage={errors[key]?.join(" ")} />
        ))}
        <Button type="submit" variant="outline" isDisabled={save.isPending}>
          {t.hoursSave}
        </Button>
      </form>
    </details>
  );
}
