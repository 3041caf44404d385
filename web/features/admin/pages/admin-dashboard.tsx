import { useSuspenseQuery } from "@tanstack/react-query";
import type { AdminDashboard as Dashboard } from "../../../../contract/admin";
import { formatNumber, formatToman } from "../../../../lib/format";
import { PageHeading } from "../../../components/shell/page-heading";
import { LinkButton } from "../../../components/ui/link";
import { QueryBoundary } from "../../../components/ui/query-state";
import { ContentPanel } from "../content-panel";
import { adminUi as t } from "../messages";
import { AdminPage, deskSections } from "../parts";
import { dashboardQuery } from "../queries";

const percentText = (p: number | null) => (p === null ? t.dashboard.noDownloads : `٪${formatNumber(p)}`);

function DownloadDay({ label, day }: { label: string; day: Dashboard["downloads"]["today"] }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {formatNumber(day.total)}
        <span className="admin-stat__note">
          {t.dashboard.successRate}: {percentText(day.success_percent)}
        </span>
        <span className="admin-stat__note">{t.dashboard.successOf(formatNumber(day.ok), formatNumber(day.total))}</span>
        <span className="admin-meter" aria-hidden="true">
          <span style={{ width: `${day.success_percent ?? 0}%` }} />
        </span>
      </dd>
    </div>
  );
}

function Stats({ d }: { d: Dashboard }) {
  return (
    <div className="admin-stats">
      <section className="card admin-stat" aria-labelledby="stat-downloads">
        <h2 id="stat-downloads">{t.dashboard.downloads}</h2>
        <dl>
          <DownloadDay label={t.dashboard.today} day={d.downloads.today} />
          <DownloadDay label={t.dashboard.yesterday} day={d.downloads.yesterday} />
        </dl>
      </section>
      <section className="card admin-stat" aria-labelledby="stat-offline">
        <h2 id="stat-offline">{t.dashboard.offline}</h2>
        <dl>
          <div>
            <dt>{t.dashboard.openRequests}</dt>
            <dd data-testid="dash-open">
              {formatNumber(d.offline.open)}
              <span className="admin-stat__note">
                {t.dashboard.byKind(
                  formatNumber(d.offline.open_by_kind.article),
                  formatNumber(d.offline.open_by_kind.book),
                  formatNumber(d.offline.open_by_kind.standard),
                )}
              </span>
            </dd>
          </div>
          <div>
            <dt>{t.dashboard.promiseBreached}</dt>
            <dd>
              {formatNumber(d.offline.promise_breached)}
              <span className="admin-stat__note">{t.dashboard.overdueNow(formatNumber(d.offline.overdue_now))}</span>
            </dd>
          </div>
        </dl>
      </section>
      <section className="card admin-stat" aria-labelledby="stat-revenue">
        <h2 id="stat-revenue">{t.dashboard.revenue}</h2>
        <dl>
          <div>
            <dt>{t.dashboard.today}</dt>
            <dd>{formatToman(d.revenue.today)}</dd>
          </div>
          <div>
            <dt>{t.dashboard.yesterday}</dt>
            <dd>{formatToman(d.revenue.yesterday)}</dd>
          </div>
          <div>
            <dt>{t.dashboard.last30}</dt>
            <dd>
              {formatToman(d.revenue.last_30_days)}
              <span className="admin-stat__note">{t.dashboard.payments(formatNumber(d.revenue.payments_30_days))}</span>
            </dd>
          </div>
        </dl>
      </section>
      <section className="card admin-stat" aria-labelledby="stat-users">
        <h2 id="stat-users">{t.dashboard.users}</h2>
        <dl>
          <div>
            <dt>{t.dashboard.today}</dt>
            <dd>{formatNumber(d.users.today)}</dd>
          </div>
          <div>
            <dt>{t.dashboard.yesterday}</dt>
            <dd>{formatNumber(d.users.yesterday)}</dd>
          </div>
          <div>
            <dt>{t.dashboard.last30}</dt>
            <dd>
              {formatNumber(d.users.last_30_days)}
              <span className="admin-stat__note">{t.dashboard.totalUsers(formatNumber(d.users.total))}</span>
            </dd>
          </div>
        </dl>
      </section>
    </div>
  );
}

function TodayStats() {
  const { data } = useSuspenseQuery(dashboardQuery());
  return <Stats d={data} />;
}

/** /admin/: today's figures from the real tables, the other desks, and news and blog posts. Its route's loader reads the figures and the first news page. */
export default function AdminDashboard() {
  return (
    <AdminPage heading={<PageHeading title={t.dashboard.title} />}>
      <QueryBoundary>
        <TodayStats />
      </QueryBoundary>
      <section className="card admin-card" aria-labelledby="admin-desks">
        <h2 id="admin-desks">{t.dashboard.desks}</h2>
        <div className="admin-desks">
          {deskSections.map((d) => (
            <LinkButton key={d.to} to={d.to} variant="outline">
              {d.label}
            </LinkButton>
          ))}
        </div>
      </section>
      <ContentPanel />
    </AdminPage>
  );
}
