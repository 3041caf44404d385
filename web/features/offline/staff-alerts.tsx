import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Link } from "../../components/ui/link";
import { offlineUi } from "./messages";
import { deskAlertsQuery } from "./queries";
import "./desk.css";

const t = offlineUi.desk;
const SEEN_KEY = "daryaft.desk.alerts.seen";

function readSeen(): number | undefined {
  try {
    const v = Number(window.localStorage.getItem(SEEN_KEY));
    return Number.isFinite(v) && v > 0 ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Staff are told, on whatever page they are, of requests and payments that arrived since they last
 * said "seen": a line in the page's flow above its content (it never covers a control), with a link
 * to the desk. Checked every half minute (DESK_ALERTS_MS); e-mail is the opt-in on the desk.
 */
export function StaffAlerts({ isAdmin }: { isAdmin: boolean }) {
  const [since, setSince] = useState<number | undefined>(readSeen);
  const q = useQuery(deskAlertsQuery(since));
  const a = q.data;
  if (!a || (a.new_requests === 0 && a.payments === 0)) return null;
  const latest = a.latest[0];
  const desk = !isAdmin ? "/solver" : latest?.kind === "article" ? "/admin/offlineArticles" : "/admin/offlineBooks";
  const seen = () => {
    const now = Date.parse(a.now);
    try {
      window.localStorage.setItem(SEEN_KEY, String(now));
    } catch {
      // private mode: the line goes until the next page load
    }
    setSince(now);
  };
  return (
    <div className="container">
      <p className="staff-alerts" role="status">
        <span className="staff-alerts__text">{t.alertsBanner(a.new_requests, a.payments)}</span>
        <Link to={desk}>{t.alertsGo}</Link>
        <Button variant="ghost" size="sm" onPress={seen}>
          {t.alertsSeen}
        </Button>
      </p>
    </div>
  );
}
