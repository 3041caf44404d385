import { useSuspenseQuery } from "@tanstack/react-query";
import { formatJalaliDate } from "../../../../lib/format";
import { QueryBoundary } from "../../../components/ui/query-state";
import { vipUi } from "../messages";
import { VipProfilePage } from "../profile-page";
import { scifindersQuery } from "../queries";
import { StatusBadge } from "./vip-services";

const t = vipUi.profile;

/** /profile/scifinders: the SciFinder accounts bought, the issued username and password, and the one-month guarantee. Its route's loader reads them. */
export default function Scifinders() {
  return (
    <VipProfilePage title={t.scifinderTitle}>
      <QueryBoundary errorTitle={vipUi.profile.loadError}>
        <Accounts />
      </QueryBoundary>
    </VipProfilePage>
  );
}

function Accounts() {
  const { data } = useSuspenseQuery(scifindersQuery());
  return data.accounts.length === 0 ? (
    <p className="card vip-empty">{t.emptyScifinder}</p>
  ) : (
    <ul className="vip-list" aria-label={t.scifinderTitle}>
      {data.accounts.map((a) => (
        <li key={a.id} className="card vip-order">
          <div className="vip-order__head">
            <h2>
              <bdi dir="ltr">SciFinder</bdi>
            </h2>
            <StatusBadge status={a.status} />
          </div>
          {a.username ? (
            <dl className="vip-facts">
              <div>
                <dt>{t.username}</dt>
                <dd>
                  <bdi dir="ltr" className="vip-secret">
                    {a.username}
                  </bdi>
                </dd>
              </div>
              <div>
                <dt>{t.password}</dt>
                <dd>
                  <bdi dir="ltr" className="vip-secret">
                    {a.password}
                  </bdi>
                </dd>
              </div>
              {a.guarantee_until && (
                <div>
                  <dt>{t.status}</dt>
                  <dd className={a.guaranteed ? "vip-ok" : "vip-muted"}>
                    {a.guaranteed ? t.guarantee(formatJalaliDate(a.guarantee_until)) : t.guaranteeOver(formatJalaliDate(a.guarantee_until))}
                  </dd>
                </div>
              )}
            </dl>
          ) : a.status === "rejected" ? null : (
            <p className="vip-muted">{t.waitingAccount}</p>
          )}
          <p className="vip-muted">
            {t.createdAt}: {formatJalaliDate(a.created_at)}
          </p>
          {a.note && <p>{a.note}</p>}
        </li>
      ))}
    </ul>
  );
}
