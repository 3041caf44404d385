import { usePageData } from "../../lib/page-data-context";
import { useUiState } from "../../lib/ui-state";
import { ExternalLink, Link } from "../ui/link";
import { shellMessages as m } from "./messages";
import { NewsTicker } from "./news-ticker";

/** The thin bar above the app bar: outside links and the news ticker. */
export function TopBar() {
  const { outsideLinks, news } = usePageData();
  const { openDialog } = useUiState();
  return (
    <div className="top-bar">
      <div className="container top-bar__inner">
        {outsideLinks.length > 0 && (
          <nav className="top-bar__links" aria-label={m.landmarks.outsideLinks}>
            <ul>
              {outsideLinks.map((l) => (
                <li key={l.href}>
                  {l.href.startsWith("/") ? (
                    <Link to={l.href} tone="inverse" className="top-bar__link">
                      {l.title}
                    </Link>
                  ) : (
                    <ExternalLink href={l.href} tone="inverse" className="top-bar__link">
                      {l.title}
                    </ExternalLink>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        )}
        <NewsTicker news={news} onOpenNews={() => openDialog("news")} />
      </div>
    </div>
  );
}
