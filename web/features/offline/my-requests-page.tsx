import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { OFFLINE_PRODUCT, type OfflineGroup, type OfflineRequestView } from "../../../contract/offline";
import { epochMs, runningDeadline } from "../../../contract/offline-promise";
import { formatJalaliDate, formatToman } from "../../../lib/format";
import { PageHeading } from "../../components/shell/page-heading";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { ExternalLink, LinkButton } from "../../components/ui/link";
import { QueryBoundary } from "../../components/ui/query-state";
import { toast } from "../../components/ui/toast";
import { usePageData } from "../../lib/page-data-context";
import { useUiState } from "../../lib/ui-state";
import { redirectingText, useCheckout } from "../wallet/checkout";
import { offlineUi } from "./messages";
import { cancelRequestMutation, myRequestsQuery, offlineKeys } from "./queries";
import { DocumentName, fileSizeMb, History, Latin, StatusBadge, timeLeft, useNow } from "./request-parts";
import "./offline.css";

const t = offlineUi.pages;

/**
 * /profile/offilneArticles, /profile/offlineBooksStandards and /profile/directBooks (books bought
 * from the book search, delivered by the desk): the user's requests with their history, price,
 * payment and delivery. Their routes' loaders read the list.
 */
export function MyRequestsPage({ group }: { group: OfflineGroup }) {
  const { isGuest } = usePageData();
  const { openDialog, openOfflineRequest } = useUiState();
  const title = group === "articles" ? t.articlesTitle : group === "direct_books" ? t.directBooksTitle : t.booksTitle;

  return (
    <div className="container page offline-page">
      <PageHeading title={title}>
        {!isGuest &&
          (group === "direct_books" ? (
            <LinkButton to="/" hash="book" variant="outline">
              {t.findBooks}
            </LinkButton>
          ) : (
            <Button variant="outline" onPress={() => openOfflineRequest({ kind: group === "articles" ? "article" : "book" })}>
              {t.newRequest}
            </Button>
          ))}
      </PageHeading>
      {isGuest ? (
        <Alert tone="info" action={<Button onPress={() => openDialog("login")}>{t.login}</Button>}>
          {t.guest}
        </Alert>
      ) : (
        <QueryBoundary label={title} errorTitle={t.loadError}>
          <RequestList group={group} title={title} />
        </QueryBoundary>
      )}
    </div>
  );
}

function RequestList({ group, title }: { group: OfflineGroup; title: string }) {
  const { data } = useSuspenseQuery(myRequestsQuery(group));
  return data.requests.length === 0 ? (
    <p className="card offline-empty">{group === "direct_books" ? t.directBooksEmpty : t.empty}</p>
  ) : (
    <ul className="offline-list" aria-label={title}>
      {data.requests.map((r) => (
        <li key={r.id}>
          <RequestCard request={r} group={group} />
        </li>
      ))}
    </ul>
  );
}

function PromiseLeft({ until, delivery = false }: { until: number; delivery?: boolean }) {
  const now = useNow();
  const left = timeLeft(until, now);
  return (
    <p className={left.past ? "offline-promise offline-promise--past" : "offline-promise"} data-testid="promise-left">
      {delivery
        ? left.past
          ? t.deliveryPassed
          : t.deliveryLeft(left.hours, left.minutes)
        : left.past
          ? t.promisePassed
          : t.promiseLeft(left.hours, left.minutes)}
    </p>
  );
}

function RequestCard({ request: r, group }: { request: OfflineRequestView; group: OfflineGroup }) {
  const queryClient = useQueryClient();
  const { checkout, phase } = useCheckout();
  const [confirming, setConfirming] = useState(false);
  // The promise running now, the same rule as the desk's (contract/offline-promise.ts).
  const due = runningDeadline({ status: r.status, promiseAt: epochMs(r.promise_at), deliverBy: epochMs(r.deliver_by) });
  const cancel = useMutation({
    ...cancelRequestMutation(r.id),
    onSuccess: () => {
      toast.success(t.cancelled);
      void queryClient.invalidateQueries({ queryKey: offlineKeys.mine(group) });
    },
    onError: (e) => toast.error(e.message),
  });

  const pay = async () => {
    const done = await checkout({ cart: { name: OFFLINE_PRODUCT, id: r.id, title: r.title ?? r.url }, price: r.price ?? 0 });
    if (done) void queryClient.invalidateQueries({ queryKey: offlineKeys.all });
  };

  return (
    <article className="card offline-card" aria-labelledby={`offline-${r.id}`} data-request={r.id}>
      <header className="offline-card__header">
        <span className="offline-kind">{offlineUi.kinds[r.kind]}</span>
        <StatusBadge status={r.status} />
        <h2 id={`offline-${r.id}`} className="offline-card__title">
          <DocumentName request={r} />
        </h2>
      </header>
      <dl className="offline-facts">
        {r.doi && (
          <div>
            <dt>DOI</dt>
            <dd>
              <Latin text={r.doi} />
            </dd>
          </div>
        )}
        {r.code && (
          <div>
            <dt>{offlineUi.desk.code}</dt>
            <dd>
              <Latin text={r.code} />
            </dd>
          </div>
        )}
        <div>
          <dt>{t.registeredAt}</dt>
          <dd>{formatJalaliDate(r.created_at, { withTime: true })}</dd>
        </div>
        {r.price !== null && (
          <div>
            <dt>{t.price}</dt>
            <dd data-testid="offline-price">{formatToman(r.price)}</dd>
          </div>
        )}
        {r.more && (
          <div>
            <dt>{t.description}</dt>
            <dd dir="auto" className="offline-more">
              {r.more}
            </dd>
          </div>
        )}
        {r.reject_reason && (
          <div>
            <dt>{t.rejectReason}</dt>
            <dd className="offline-reject">{r.reject_reason}</dd>
          </div>
        )}
        {r.status === "delivered" && r.delivered_at && (
          <div>
            <dt>{t.deliveredAt}</dt>
            <dd data-testid="delivered-on-time">
              {formatJalaliDate(r.delivered_at, { withTime: true })}
              {r.on_time.delivery && r.on_time.delivery !== "running" && <> — {t.onTime[r.on_time.delivery]}</>}
            </dd>
          </div>
        )}
      </dl>
      {due && <PromiseLeft until={due.at} delivery={due.kind === "delivery"} />}

      {r.status === "delivered" && (
        <div className="offline-delivery">
          {r.file && (
            <>
              <a className="ui-button ui-button--primary ui-button--md" href={r.file.download_url} download>
                {t.download} <small>({t.size(fileSizeMb(r.file.size))})</small>
              </a>
              <small className="offline-muted">{t.linkExpires(formatJalaliDate(r.file.expires_at, { withTime: true }))}</small>
            </>
          )}
          {r.delivered_link && (
            <ExternalLink href={r.delivered_link} className="offline-delivery__link">
              {t.openLink}
            </ExternalLink>
          )}
        </div>
      )}

      {(r.can_pay || r.can_cancel) && (
        <div className="offline-card__actions">
          {r.can_pay && (
            <Button onPress={() => void pay()} isDisabled={phase.kind === "ordering" || phase.kind === "redirecting"}>
              {t.pay} {formatToman(r.price ?? 0)}
            </Button>
          )}
          {r.can_cancel &&
            (confirming ? (
              <span className="offline-confirm" role="group" aria-label={t.cancelConfirm}>
                <span>{t.cancelConfirm}</span>
                <Button variant="danger" size="sm" onPress={() => cancel.mutate()} isDisabled={cancel.isPending}>
                  {t.cancel}
                </Button>
                <Button variant="ghost" size="sm" onPress={() => setConfirming(false)}>
                  {offlineUi.dialog.cancel}
                </Button>
              </span>
            ) : (
              <Button variant="outline" onPress={() => setConfirming(true)}>
                {t.cancel}
              </Button>
            ))}
        </div>
      )}
      {phase.kind === "redirecting" && <Alert tone="info">{redirectingText(phase.seconds)}</Alert>}

      <details className="offline-card__history" open={r.status !== "delivered" && r.status !== "cancelled"}>
        <summary>{t.history}</summary>
        <History events={r.events} />
      </details>
    </article>
  );
}
