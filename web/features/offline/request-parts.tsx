import { useEffect, useState } from "react";
import type { OfflineEventView, OfflineRequestView, OfflineStatus } from "../../../contract/offline";
import { epochMs, isPast } from "../../../contract/offline-promise";
import { formatJalaliDate, formatNumber, truncateTitle } from "../../../lib/format";
import { ExternalLink } from "../../components/ui/link";
import { offlineUi } from "./messages";
import { httpUrl } from "../../../lib/link-url";

const t = offlineUi;

/** Latin text (a link, a DOI, an English title) is shown left to right inside the page. */
export function Latin({ text, className }: { text: string; className?: string }) {
  const latin = !/[\u0600-\u06ff]/.test(text);
  return (
    <bdi dir={latin ? "ltr" : "auto"} className={className}>
      {text}
    </bdi>
  );
}

/** The document as the user named it: the metadata title when known, else their link or title. */
export function DocumentName({ request, max = 110 }: { request: Pick<OfflineRequestView, "title" | "url">; max?: number }) {
  const name = request.title ?? request.url;
  const isLink = !request.title && httpUrl(request.url) !== null;
  if (isLink) {
    return (
      <ExternalLink href={request.url} className="offline-doc__link">
        <Latin text={truncateTitle(name, max - 10, max)} />
      </ExternalLink>
    );
  }
  return <Latin text={truncateTitle(name, max - 10, max)} />;
}

export function StatusBadge({ status }: { status: OfflineStatus }) {
  return (
    <span className={`offline-badge offline-badge--${status}`} data-status={status}>
      {t.statuses[status]}
    </span>
  );
}

export function History({ events, renderActor }: { events: (OfflineEventView & { actor?: { name: string } | null })[]; renderActor?: boolean }) {
  return (
    <ol className="offline-history">
      {events.map((e, i) => (
        <li key={`${e.at}-${i}`} className={`offline-history__item offline-history__item--${e.status}`}>
          <span className="offline-history__what">{t.actions[e.action] ?? t.statuses[e.status]}</span>
          <time dateTime={e.at} className="offline-history__when">
            {formatJalaliDate(e.at, { withTime: true })}
          </time>
          {renderActor && e.actor && <span className="offline-history__who">{t.desk.by(e.actor.name)}</span>}
          {e.note && <span className="offline-history__note">{e.note}</span>}
        </li>
      ))}
    </ol>
  );
}

/** Minutes, ticking once a minute: enough for a 12-hour promise. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Hours and minutes left until `until` (since it, when past: contract/offline-promise.ts isPast). */
export function timeLeft(until: string | number, now: number): { past: boolean; hours: number; minutes: number } {
  const at = epochMs(until)!;
  const abs = Math.abs(at - now);
  return { past: isPast(at, now), hours: Math.floor(abs / 3_600_000), minutes: Math.floor((abs % 3_600_000) / 60_000) };
}

export function fileSizeMb(bytes: number): string {
  return formatNumber(Math.max(0.1, Math.round(bytes / 104_857.6) / 10));
}
