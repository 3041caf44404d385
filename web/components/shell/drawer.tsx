import { usePageData } from "../../lib/page-data-context";
import { Button } from "../ui/button";
import { SidePanel } from "../ui/dialog";
import { Icon } from "../ui/icon";
import { ExternalLink, Link } from "../ui/link";
import { GuestActions, PublicNavList } from "./nav-parts";
import { Logo } from "./logo";
import { publicNav } from "./nav-links";
import { shellMessages as m } from "./messages";

/** The small-screen menu: sliding in from the right with the public navigation and the outside links. */
/** The same place (the blog, the help centre): scheme, host and path, without a trailing slash. */
const samePlace = (a: string, b: string) => a.replace(/\/+$/, "").toLowerCase() === b.replace(/\/+$/, "").toLowerCase();

export default function Drawer({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange(open: boolean): void }) {
  const { outsideLinks: links, isGuest } = usePageData();
  // The top bar's outside links repeat two of the main navigation's (blog, help): each is listed once here.
  const outsideLinks = links.filter((l) => !publicNav.some((n) => samePlace(n.href, l.href)));
  const close = () => onOpenChange(false);
  return (
    <SidePanel aria-label={m.landmarks.drawer} isOpen={isOpen} onOpenChange={onOpenChange}>
      <div className="drawer__head">
        <Logo onNavigate={close} />
        <Button variant="ghost" iconOnly aria-label={m.closeMenu} onPress={close}>
          <Icon name="close" />
        </Button>
      </div>
      {isGuest && (
        <div className="drawer__guest">
          <GuestActions onOpen={close} />
        </div>
      )}
      <nav aria-label={m.landmarks.mainNav}>
        <PublicNavList className="drawer__list" onNavigate={close} />
      </nav>
      {outsideLinks.length > 0 && (
        <nav aria-label={m.landmarks.outsideLinks} className="drawer__outside">
          <ul className="drawer__list">
            {outsideLinks.map((l) => (
              <li key={l.href}>
                {l.href.startsWith("/") ? (
                  <Link to={l.href} tone="muted" className="nav-link" onClick={close}>
                    {l.title}
                  </Link>
                ) : (
                  <ExternalLink href={l.href} tone="muted" className="nav-link">
                    {l.title}
                  </ExternalLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
      )}
    </SidePanel>
  );
}
