import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ServiceOrderView, UploadKind } from "../../../../contract/vip";
import { formatJalaliDate } from "../../../../lib/format";
import { Button } from "../../../components/ui/button";
import { Link } from "../../../components/ui/link";
import { QueryBoundary } from "../../../components/ui/query-state";
import { vipUi } from "../messages";
import { VipProfilePage } from "../profile-page";
import { grantsQuery, ordersQuery } from "../queries";
import { UploadDialog } from "../upload-dialog";

const t = vipUi.profile;

export function StatusBadge({ status }: { status: string }) {
  return <span className={`vip-status vip-status--${status}`}>{vipUi.statuses[status] ?? status}</span>;
}

/** /profile/vipServices: the user's checks with status and, when done, the report; and their direct-access grants. Its route's loader reads both. */
export default function VipServices() {
  const [uploading, setUploading] = useState<ServiceOrderView | null>(null);

  return (
    <VipProfilePage title={t.vipTitle}>
      <QueryBoundary errorTitle={vipUi.profile.loadError}>
        <Orders onUpload={setUploading} />
      </QueryBoundary>
      <section className="vip-section" aria-labelledby="vip-grants-title">
        <h2 id="vip-grants-title">{t.accessTitle}</h2>
        <QueryBoundary errorTitle={vipUi.profile.loadError}>
          <Grants />
        </QueryBoundary>
      </section>
      {uploading && <UploadDialog kind={uploading.kind as UploadKind} title={uploading.title} isOpen onOpenChange={(o) => !o && setUploading(null)} />}
    </VipProfilePage>
  );
}

function Orders({ onUpload }: { onUpload(order: ServiceOrderView): void }) {
  const { data } = useSuspenseQuery(ordersQuery());
  return data.orders.length === 0 ? (
    <p className="card vip-empty">{t.empty}</p>
  ) : (
    <ul className="vip-list" aria-label={t.vipTitle}>
      {data.orders.map((o) => (
        <li key={o.id} className="card vip-order" data-testid="service-order">
          <div className="vip-order__head">
            <h2>{o.title}</h2>
            <StatusBadge status={o.status} />
          </div>
          <dl className="vip-facts">
            <div>
              <dt>{t.createdAt}</dt>
              <dd>{formatJalaliDate(o.created_at)}</dd>
            </div>
            {o.file_name && (
              <div>
                <dt>{t.file}</dt>
                <dd>
                  <bdi dir="ltr">{o.file_name}</bdi>
                </dd>
              </div>
            )}
            {o.paid_by_contract && (
              <div>
                <dt>{vipUi.admin.kind}</dt>
                <dd>{t.byContract}</dd>
              </div>
            )}
            {o.note && (
              <div>
                <dt>{t.note}</dt>
                <dd>{o.note}</dd>
              </div>
            )}
          </dl>
          <div className="vip-card__actions">
            {o.status === "awaiting_upload" && (
              <Button variant="primary" onPress={() => onUpload(o)}>
                {t.sendFile}
              </Button>
            )}
            {o.report_link && (
              <a className="ui-button ui-button--primary ui-button--md" href={o.report_link} download>
                {t.report}
              </a>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

function Grants() {
  const { data } = useSuspenseQuery(grantsQuery());
  return data.grants.length === 0 ? (
    <p className="vip-muted">{t.empty}</p>
  ) : (
    <ul className="vip-list">
      {data.grants.map((g) => (
        <li key={g.id} className="card vip-order" data-testid="grant">
          <div className="vip-order__head">
            <h3>
              <bdi dir="ltr">{g.site_name}</bdi>
            </h3>
            <span className={`vip-status vip-status--${g.active ? "done" : "rejected"}`}>{g.active ? t.grantActive : t.grantExpired}</span>
          </div>
          <p className="vip-muted">{t.until(formatJalaliDate(g.expires_at))}</p>
          <Link to="/directaccess/$id/$d" params={{ id: String(g.site_id), d: String(g.days) }}>
            {t.open}
          </Link>
        </li>
      ))}
    </ul>
  );
}
