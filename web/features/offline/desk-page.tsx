import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, useTransition, type FormEvent } from "react";
import type { DeskItem } from "../../../contract/offline";
import { PageHeading } from "../../components/shell/page-heading";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Pagination } from "../../components/ui/pagination";
import { QueryBoundary } from "../../components/ui/query-state";
import { Select } from "../../components/ui/select";
import { TextField } from "../../components/ui/text-field";
import { usePageData } from "../../lib/page-data-context";
import { DeskDetailPanel } from "./desk-detail";
import { DeskFigures } from "./desk-figures";
import { DeskNotice, type Notice } from "./desk-notice";
import { QueueCard, taskOf, type DeskTask } from "./desk-queue";
import { offlineUi } from "./messages";
import { deskQueueQuery, EMPTY, type DeskMode, type Filters } from "./desk-queue-query";
import { deskDetailQuery } from "./queries";
import "./offline.css";
import "./desk.css";

const t = offlineUi.desk;

/**
 * Where "save and next" goes: the next request in the queue as shown that nobody else holds (after
 * `id`, then from the top), else nothing.
 */
export function nextAfter(items: readonly DeskItem[], id: string, me: string | undefined, handled: readonly string[] = []): DeskItem | null {
  const free = (x: DeskItem) => x.id !== id && !handled.includes(x.id) && (x.assigned_to === null || x.assigned_to.id === me);
  const i = items.findIndex((x) => x.id === id);
  return items.slice(i + 1).find(free) ?? items.slice(0, Math.max(i, 0)).find(free) ?? null;
}

/** Tells staff, once per change, that users have paid since the queue was last seen (in the page, never over it). */
function usePaidNotice(paidWaiting: number | undefined, say: (n: Notice) => void) {
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (paidWaiting === undefined) return;
    if (seen.current !== undefined && paidWaiting > seen.current) say({ kind: "info", text: t.paidAlert(paidWaiting - seen.current) });
    seen.current = paidWaiting;
  }, [paidWaiting, say]);
}

/** The delivery desk (ours to design): /admin/offlineArticles, /admin/offlineBooks and, for solvers, /solver. Their routes' loaders read the queue's first page. */
export function DeskPage({ mode }: { mode: DeskMode }) {
  const { isAdmin, isSolver } = usePageData();
  const allowed = mode === "solver" ? isSolver || isAdmin : isAdmin;
  return (
    <div className="container page offline-page offline-desk">
      <PageHeading title={title(mode)} />
      {allowed ? (
        <QueryBoundary label={title(mode)}>
          <DeskBody mode={mode} isAdmin={isAdmin} />
        </QueryBoundary>
      ) : (
        <Alert tone="warning">{t.forbidden}</Alert>
      )}
    </div>
  );
}

function DeskBody({ mode, isAdmin }: { mode: DeskMode; isAdmin: boolean }) {
  const { userInfo } = usePageData();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  // The task of the request that was open before "next" moved on: the panel says when it changes.
  const [previousTask, setPreviousTask] = useState<DeskTask | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Other filters or another page replace the queue when it arrives (no loading state in between).
  const [changing, startChange] = useTransition();
  const { data: list } = useSuspenseQuery(deskQueueQuery(mode, filters, page));
  usePaidNotice(list.paid_waiting, setNotice);
  const shown = list.items;
  const now = Date.parse(list.now);
  const current = shown.find((x) => x.id === selected) ?? null;
  const upcoming = selected ? nextAfter(shown, selected, userInfo?.id) : null;

  // The next request's details are fetched while staff work on this one: "next" opens it at once.
  useEffect(() => {
    if (upcoming) void queryClient.prefetchQuery(deskDetailQuery(upcoming.id));
  }, [upcoming?.id, queryClient, upcoming]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    startChange(() => {
      setFilters(draft);
      setPage(1);
    });
  };
  const open = (id: string) => {
    setPreviousTask(null);
    setSelected(id);
  };
  const onDone = (handled: string[]) => {
    const next = selected ? nextAfter(shown, selected, userInfo?.id, handled) : null;
    setPreviousTask(current ? taskOf(current) : null);
    setSelected(next?.id ?? null);
  };

  return (
    <>
      <form className="card offline-filters" onSubmit={apply} aria-label={t.filters}>
        <TextField label={t.search} value={draft.q} onChange={(v) => setDraft({ ...draft, q: v })} className="offline-filters__search" />
        <Select
          label={t.status}
          value={draft.status}
          options={[
            ["needs_staff", t.statusNeedsStaff],
            ["open", t.statusOpen],
            ["all", t.statusAll],
            ...(Object.entries(offlineUi.statuses) as [Filters["status"], string][]),
          ]}
          onChange={(status) => setDraft({ ...draft, status })}
        />
        {mode === "books" && (
          <Select
            label={t.kind}
            value={draft.kind || "all"}
            options={[
              ["all", t.kindAll],
              ["book", offlineUi.kinds.book],
              ["standard", offlineUi.kinds.standard],
            ]}
            onChange={(k) => setDraft({ ...draft, kind: k === "all" ? "" : k })}
          />
        )}
        <TextField label={t.minAge} inputMode="numeric" value={draft.min_age_hours} onChange={(v) => setDraft({ ...draft, min_age_hours: v })} />
        <Button type="submit" variant="outline" isPending={changing}>
          {t.apply}
        </Button>
      </form>

      <DeskNotice notice={notice} paidWaiting={list.paid_waiting} onClear={() => setNotice(null)} />

      <div className="desk-work" data-detail-open={selected ? "true" : undefined}>
        <section className="card desk-queue" aria-label={title(mode)} aria-busy={changing} data-hidden-on-phone={selected ? "true" : undefined}>
          {list.items.length === 0 ? (
            <p className="offline-empty">{t.empty}</p>
          ) : (
            <>
              <p className="offline-muted desk-queue__total">{t.total(list.total)}</p>
              <ul className="desk-queue__list">
                {list.items.map((item) => (
                  <QueueCard key={item.id} item={item} now={now} onOpen={() => open(item.id)} isSelected={selected === item.id} me={userInfo?.id} />
                ))}
              </ul>
              <Pagination page={page} pages={Math.ceil(list.total / list.per_page)} onChange={(p) => startChange(() => setPage(p))} label={t.filters} />
            </>
          )}
        </section>
        {selected && (
          <DeskDetailPanel
            key={selected}
            id={selected}
            isAdmin={isAdmin}
            previousTask={previousTask}
            nextTask={upcoming ? taskOf(upcoming) : null}
            onClose={() => setSelected(null)}
            onDone={onDone}
            onNotice={setNotice}
          />
        )}
      </div>

      {mode !== "solver" && <DeskFigures group={mode === "articles" ? "articles" : "books"} isAdmin={isAdmin} onNotice={setNotice} />}
      {mode === "solver" && <DeskFigures group={null} isAdmin={isAdmin} onNotice={setNotice} />}
    </>
  );
}

const title = (mode: DeskMode) => (mode === "articles" ? t.articlesTitle : mode === "books" ? t.booksTitle : t.solverTitle);
