import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Icon } from "../../../components/ui/icon";
import { formatNumber } from "../../../../lib/format";
import { PageHeading } from "../../../components/shell/page-heading";
import { Alert } from "../../../components/ui/alert";
import { QueryBoundary } from "../../../components/ui/query-state";
import { ActivityChart, KeyUsageChart, QuotaMeter } from "../charts";
import { monthLabel, panelMessages as m } from "../messages";
import { PanelNav } from "../panel-nav";
import { statisticsQuery } from "../queries";
import "../panel.css";

/** The institution's logo, or a neutral mark when it is missing or fails to load. */
function Logo({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed)
    return (
      <span className="panel-uni__logo" aria-hidden="true">
        <Icon name="building" size={28} />
      </span>
    );
  return <img src={src} alt="" width={48} height={48} className="panel-uni__logo" onError={() => setFailed(true)} />;
}

/** /panel2/statistics: the partner's institution, usage against quotas by month, members' activity. Its route's loader reads them. */
export default function Panel2Statistics() {
  return (
    <div className="container stack panel-page">
      <PageHeading title={m.statistics.title} />
      <PanelNav />
      <QueryBoundary label={m.statistics.title}>
        <Statistics />
      </QueryBoundary>
    </div>
  );
}

function Statistics() {
  const { data: s } = useSuspenseQuery(statisticsQuery());
  const current = s.months.at(-1)!;
  const keys = s.university.access;
  return (
    <>
      <section className="card panel-uni" aria-label={s.university.name}>
        <Logo src={s.university.logo} />
        <div>
          <h2 className="panel-uni__name">{s.university.name}</h2>
          <p className="panel-uni__members">
            {m.statistics.members}: <strong>{formatNumber(s.members)}</strong>
          </p>
        </div>
      </section>
      {!s.university.active && <Alert tone="warning">{m.statistics.inactive}</Alert>}
      <section className="card panel-section" aria-labelledby="quota-title">
        <h2 id="quota-title">{m.statistics.thisMonth(monthLabel(current.month))}</h2>
        <div className="panel-meters">
          {keys.map((k) => (
            <QuotaMeter
              key={k}
              label={m.accessKeys[k] ?? k}
              used={current.usage[k] ?? 0}
              quota={typeof s.university.quotas[k] === "number" ? s.university.quotas[k]! : null}
            />
          ))}
        </div>
      </section>
      <section className="card panel-section" aria-labelledby="usage-title">
        <h2 id="usage-title">{m.statistics.usageChart}</h2>
        <div className="panel-minis">
          {keys.map((k) => (
            <KeyUsageChart
              key={k}
              keyName={k}
              label={m.accessKeys[k] ?? k}
              months={s.months}
              quota={typeof s.university.quotas[k] === "number" ? s.university.quotas[k]! : null}
            />
          ))}
        </div>
      </section>
      <section className="card panel-section" aria-labelledby="activity-title">
        <h2 id="activity-title">{m.statistics.activityChart}</h2>
        <ActivityChart months={s.months} />
      </section>
    </>
  );
}
