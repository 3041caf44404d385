import { Link } from "../../components/ui/link";
import { panelMessages as m } from "./messages";

const items = [
  { to: "/panel2/statistics", label: m.nav.statistics },
  { to: "/panel2/users", label: m.nav.users },
  { to: "/panel2/userGroup", label: m.nav.userGroup },
  { to: "/panel2/articles", label: m.nav.articles },
] as const;

/** The four pages of the partner panel, as a row of links (the current one marked). */
export function PanelNav() {
  return (
    <nav className="panel-nav" aria-label={m.nav.label}>
      {items.map((i) => (
        <Link key={i.to} to={i.to} className="panel-nav__link" activeProps={{ "aria-current": "page" }}>
          {i.label}
        </Link>
      ))}
    </nav>
  );
}
