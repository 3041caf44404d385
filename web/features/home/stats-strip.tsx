import type { SiteInfo } from "../../../contract/page-data";
import { formatNumber } from "../../../lib/format";
import { Icon, type IconName } from "../../components/ui/icon";
import { homeMessages as m } from "./messages";

/** The statistics strip (search spec §2), numbers in Persian digits. */
export function StatsStrip({ info }: { info: SiteInfo }) {
  const items: { label: string; value: string; icon: IconName }[] = [
    { label: m.stats.successful, value: formatNumber(info.successful_download), icon: "download" },
    { label: m.stats.percent, value: `${formatNumber(info.successful_download_percent)}٪`, icon: "percent" },
    { label: m.stats.yesterday, value: formatNumber(info.successful_download_yesterday), icon: "chart" },
    { label: m.stats.users, value: formatNumber(info.number_of_users), icon: "users" },
    { label: m.stats.centers, value: formatNumber(info.contract_centers), icon: "building" },
  ];
  return (
    <section className="stats-strip" aria-label={m.stats.label}>
      <dl>
        {items.map((i) => (
          <div key={i.label} className="stats-strip__item">
            <Icon name={i.icon} size={26} />
            <dd>{i.value}</dd>
            <dt>{i.label}</dt>
          </div>
        ))}
      </dl>
    </section>
  );
}
