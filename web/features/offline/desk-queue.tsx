import type { DeskItem } from "../../../contract/offline";
import { formatJalaliDate, formatToman } from "../../../lib/format";
import { Button } from "../../components/ui/button";
import { offlineUi } from "./messages";
import { DocumentName, StatusBadge, timeLeft } from "./request-parts";

const t = offlineUi.desk;

/** What a request asks of staff now: a price (books, standards), a delivery (paid, or an article), or nothing. */
export type DeskTask = "price" | "deliver" | "none";

export function taskOf(item: Pick<DeskItem, "kind" | "status">): DeskTask {
  if (item.status === "paid" || item.status === "in_progress") return "deliver";
  if (item.status === "registered") return item.kind === "article" ? "deliver" : "price";
  if (item.status === "priced") return "price";
  return "none";
}

function TimeLeft({ item, now }: { item: Pick<DeskItem, "due_at" | "status">; now: number }) {
  if (!item.due_at) return <span className="offline-muted">{t.noPromise}</span>;
  const left = timeLeft(item.due_at, now);
  const which = item.status === "registered" ? t.dueAnswer : t.dueDelivery;
  return (
    <span className={left.past ? "offline-overdue" : left.hours < 3 ? "offline-soon" : undefined}>
      {which}: {left.past ? t.overdue(left.hours) : t.left(left.hours, left.minutes)}
    </span>
  );
}

/**
 * One request in the queue, as a card: readable in a narrow column beside an open request and on a
 * phone, every part wrapping by words, the open button always in view.
 */
export function QueueCard({ item, now, onOpen, isSelected, me }: { item: DeskItem; now: number; onOpen(): void; isSelected: boolean; me: string | undefined }) {
  const holder = item.assigned_to ? (item.assigned_to.id === me ? t.heldByYou : item.assigned_to.name) : t.nobody;
  return (
    <li className="desk-card" data-request={item.id} data-selected={isSelected ? "true" : undefined} data-task={taskOf(item)}>
      <div className="desk-card__top">
        <span className="offline-kind">{offlineUi.kinds[item.kind]}</span>
        {item.is_solution && <span className="offline-kind offline-kind--solution">{t.solutionBadge}</span>}
        <StatusBadge status={item.status} />
        <small className="desk-card__due">
          <TimeLeft item={item} now={now} />
        </small>
      </div>
      <p className="desk-card__doc offline-queue__doc">
        <DocumentName request={item} max={110} />
      </p>
      <p className="desk-card__meta">
        <span>{item.user.name}</span>
        {item.price !== null && <span>{formatToman(item.price)}</span>}
        {item.same_document_open > 0 && <span className="offline-group-hint">{t.sameDocument(item.same_document_open)}</span>}
        <span>{holder}</span>
        <span className="offline-muted">{formatJalaliDate(item.created_at, { withTime: true })}</span>
      </p>
      <Button
        size="sm"
        variant={isSelected ? "primary" : "outline"}
        onPress={onOpen}
        aria-label={`${t.open}: ${item.title ?? item.url}`}
        className="desk-card__open"
      >
        {t.open}
      </Button>
    </li>
  );
}
