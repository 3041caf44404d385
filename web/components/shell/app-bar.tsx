import { lazy, Suspense, useState } from "react";
import { browserOnly, useHydrated } from "../../lib/hydration";
import { usePageData } from "../../lib/page-data-context";
import { NativeButton } from "../ui/native-button";
import { Icon } from "../ui/icon";
import { LinkButton } from "../ui/link";
import { Logo } from "./logo";
import { shellMessages as m } from "./messages";
import { GuestActions, PublicNavList } from "./nav-parts";

// Guests never need the user menu, and the drawer only once it is opened: both load on demand. The
// server draws the menu's stand-in (the menu comes after hydration) and never the drawer, so
// neither's code is in the Worker.
const UserMenu = lazy(import.meta.env.SSR ? browserOnly : () => import("./user-menu"));
const Drawer = lazy(import.meta.env.SSR ? browserOnly : () => import("./drawer"));

/** Stands in for the user menu's button while its code arrives. */
function UserMenuFallback({ name }: { name: string }) {
  return (
    <NativeButton variant="ghost" className="user-menu__trigger" disabled aria-label={m.userMenu(name)}>
      <span className="user-menu__avatar" aria-hidden="true">
        <Icon name="user" size={20} />
      </span>
      <span className="user-menu__name">{name}</span>
      <Icon name="chevronDown" size={18} />
    </NativeButton>
  );
}

/** Logo, menu and account actions. Below 1264 px the navigation moves into the drawer. */
export function AppBar() {
  const { userInfo, isAdmin, isSolver, isContract } = usePageData();
  const hydrated = useHydrated();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerMounted, setDrawerMounted] = useState(false);
  const openDrawer = () => {
    setDrawerMounted(true);
    setDrawerOpen(true);
  };
  return (
    <div className="app-bar">
      <div className="container app-bar__inner">
        <NativeButton variant="ghost" iconOnly className="app-bar__menu-button" aria-label={m.openMenu} aria-expanded={drawerOpen} onClick={openDrawer}>
          <Icon name="menu" />
        </NativeButton>
        <Logo />
        <nav className="app-bar__nav" aria-label={m.landmarks.mainNav}>
          <PublicNavList className="app-bar__nav-list" />
        </nav>
        <div className="app-bar__actions">
          {userInfo ? (
            <>
              {isAdmin && (
                <LinkButton to="/admin" variant="ghost" iconOnly aria-label={m.adminPanel} className="app-bar__admin">
                  <Icon name="admin" />
                </LinkButton>
              )}
              {hydrated ? (
                <Suspense fallback={<UserMenuFallback name={userInfo.name} />}>
                  <UserMenu user={userInfo} roles={{ isAdmin, isSolver, isContract }} />
                </Suspense>
              ) : (
                <UserMenuFallback name={userInfo.name} />
              )}
            </>
          ) : (
            <GuestActions compact />
          )}
        </div>
      </div>
      {drawerMounted && (
        <Suspense fallback={null}>
          <Drawer isOpen={drawerOpen} onOpenChange={setDrawerOpen} />
        </Suspense>
      )}
    </div>
  );
}
