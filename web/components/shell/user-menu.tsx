import { useRouter } from "@tanstack/react-router";
import type { UserInfo } from "../../../contract/user-info";
import type { AppPath } from "../../lib/route-paths";
import { Button } from "../ui/button";
import { Icon } from "../ui/icon";
import { Menu, MenuItem, MenuSection, MenuSeparator, MenuTrigger } from "../ui/menu";
import { useLogout } from "./logout";
import { shellMessages as m } from "./messages";
import { adminLinks, panelLinks, profileLinks, solverLinks, type PageLink } from "./nav-links";

export type Roles = { isAdmin: boolean; isSolver: boolean; isContract: boolean };

export type MenuGroup = {
  key: string;
  title?: string /** The group header is this link (§2 "Group headers: /panel, /admin, /solver"). */;
  href?: AppPath;
  links: PageLink[];
};

/** The menu's groups for a user's roles (accounts spec §2 and §6): extra roles add their groups before logout. */
export function menuGroupsFor(roles: Roles): MenuGroup[] {
  const extra = roles.isAdmin || roles.isSolver || roles.isContract;
  const groups: MenuGroup[] = [{ key: "profile", title: extra ? m.groups.profile : undefined, links: profileLinks }];
  if (roles.isAdmin) groups.push({ key: "admin", title: m.groups.admin, href: "/admin", links: adminLinks });
  if (roles.isContract) groups.push({ key: "panel", title: m.groups.panel, href: "/panel", links: panelLinks });
  // The solver dashboard is the header link itself, so it is not repeated below it; nor is a desk an admin has above.
  const shown = (l: PageLink) => l.href !== "/solver" && !(roles.isAdmin && adminLinks.some((a) => a.href === l.href));
  if (roles.isSolver) groups.push({ key: "solver", title: m.groups.solver, href: "/solver", links: solverLinks.filter(shown) });
  return groups;
}

/** The route of a menu link: the spec writes some with a trailing slash (`/admin/`), the route tree without. */
const pagePath = (href: PageLink["href"]) => (href.length > 1 && href.endsWith("/") ? href.slice(0, -1) : href) as AppPath;

/** The signed-in user's menu: a button with the name, and the role groups with logout in red. */
export default function UserMenu({ user, roles }: { user: UserInfo; roles: Roles }) {
  const logout = useLogout();
  const groups = menuGroupsFor(roles);
  // As the router's links do: pointing at an entry (or reaching it with the keyboard) loads its
  // page's code and data, so the page is drawn at once when chosen.
  const router = useRouter();
  const preload = (href: PageLink["href"]) => () => void router.preloadRoute({ to: pagePath(href) }).catch(() => {});
  return (
    <MenuTrigger>
      <Button variant="ghost" className="user-menu__trigger" aria-label={m.userMenu(user.name)}>
        <span className="user-menu__avatar" aria-hidden="true">
          <Icon name="user" size={20} />
        </span>
        <span className="user-menu__name">{user.name}</span>
        <Icon name="chevronDown" size={18} />
      </Button>
      <Menu
        aria-label={m.userMenu(user.name)}
        onAction={(key) => {
          if (key === "logout") void logout();
        }}
      >
        {groups.map((g) => (
          <MenuSection key={g.key} title={g.href ? undefined : g.title} aria-label={g.title}>
            {g.href ? (
              <MenuItem key={`group:${g.key}`} id={`group:${g.key}`} href={g.href} className="ui-menu__item--group">
                {g.title}
              </MenuItem>
            ) : null}
            {g.links.map((l) => (
              <MenuItem key={l.href} id={l.href} href={l.href} onHoverStart={preload(l.href)} onFocus={preload(l.href)}>
                {l.label}
              </MenuItem>
            ))}
          </MenuSection>
        ))}
        <MenuSeparator />
        <MenuSection>
          <MenuItem id="logout" tone="danger" icon={<Icon name="logout" size={18} />} textValue={m.logout}>
            {m.logout}
          </MenuItem>
        </MenuSection>
      </Menu>
    </MenuTrigger>
  );
}
