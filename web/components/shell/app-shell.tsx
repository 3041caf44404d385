import { Outlet, useLocation, useRouter, type NavigateOptions, type ToOptions } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState, type MouseEvent, type ReactNode } from "react";
import { RouterProvider as AriaRouterProvider } from "react-aria-components";
import { browserOnly } from "../../lib/hydration";
import { usePageData } from "../../lib/page-data-context";
import { useUiState, type DialogName } from "../../lib/ui-state";
import { cx } from "../ui/class-names";
import { toastQueue } from "../ui/toast";
import { AppBar } from "./app-bar";
import { BottomTabBar } from "./bottom-tab-bar";
import { CreditBar } from "./credit-bar";
import { FloatingOfflineButton } from "./floating-offline-button";
import { Footer } from "./footer";
import { shellMessages as m } from "./messages";
import { TopBar } from "./top-bar";
import "./shell.css";

// Both mount on first use, never on the server (their code stays out of the Worker).
const NewsDialog = lazy(import.meta.env.SSR ? browserOnly : () => import("./news-dialog"));
const Toaster = lazy(import.meta.env.SSR ? browserOnly : () => import("../ui/toaster"));

declare module "react-aria-components" {
  interface RouterConfig {
    routerOptions: Omit<NavigateOptions, keyof ToOptions>;
  }
}

/**
 * True from the first toast on. The region (react-aria's toast region and its styles) is fetched
 * then rather than with every page; it reads the queue when it mounts, so that first toast shows,
 * and each toast's content is an alert that screen readers announce when it is inserted.
 */
function useToastsStarted(): boolean {
  const [started, setStarted] = useState(() => toastQueue.visibleToasts.length > 0);
  useEffect(() => {
    if (started) return;
    if (toastQueue.visibleToasts.length > 0) {
      setStarted(true);
      return;
    }
    return toastQueue.subscribe(() => setStarted(true));
  }, [started]);
  return started;
}

function focusMain(e: MouseEvent<HTMLAnchorElement>) {
  e.preventDefault();
  const main = document.getElementById("main");
  main?.focus();
  main?.scrollIntoView();
}

/** Which shell-level dialogs have been opened at least once (and so are mounted). */
export type MountedDialogs = Partial<Record<DialogName, boolean>>;

/**
 * The shell of every page (accounts spec §2): top bar with news, app bar, credit bar for signed-in
 * users, the routed content, footer, the home page's bottom tab bar, the floating offline request
 * button (not on staff pages), toasts, the features' dialogs (given by `dialogs`, which web/routes
 * composes, so the shell knows no feature) and their page-top notices (`notices`). react-aria links and menu items navigate through the router.
 */
export function AppShell({ dialogs, notices }: { dialogs: (mounted: MountedDialogs) => ReactNode; notices?: ReactNode }) {
  const router = useRouter();
  const pathname = useLocation({ select: (l) => l.pathname });
  const isHome = pathname === "/";
  // Staff pages (the desk, the admin console) are work surfaces: no customer's offline button on them.
  const isStaffPage = pathname.startsWith("/admin") || pathname === "/solver";
  const { userInfo, news } = usePageData();
  const { open, openDialog, closeDialog } = useUiState();
  // Each lazy dialog group is fetched and mounted the first time one of its dialogs opens (then
  // stays mounted), so the home page does not download every dialog and zod before anyone asks.
  const [mounted, setMounted] = useState<MountedDialogs>({});
  const newlyOpen = (Object.keys(open) as DialogName[]).filter((k) => open[k] && !mounted[k]);
  if (newlyOpen.length) setMounted((m) => ({ ...m, ...Object.fromEntries(newlyOpen.map((k) => [k, true])) }));
  const newsMounted = !!mounted.news;
  const toastsStarted = useToastsStarted();

  return (
    <AriaRouterProvider navigate={(href, options) => router.navigate({ ...options, href })} useHref={(href) => href}>
      <div className={cx("app-shell", isHome && "app-shell--home")}>
        {/* biome-ignore lint/a11y/useValidAnchor: a skip link: the href is the target, the handler moves focus for browsers that do not */}
        <a href="#main" className="skip-link" onClick={focusMain}>
          {m.skipToContent}
        </a>
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: a named banner landmark (axe accepts it; screen readers list it by name) */}
        <header className="site-header" aria-label={m.landmarks.header}>
          <TopBar />
          <AppBar />
          {userInfo && <CreditBar user={userInfo} />}
        </header>
        <main id="main" className="site-main" tabIndex={-1}>
          {notices}
          <Outlet />
        </main>
        <Footer isHome={isHome} />
        {isHome && <BottomTabBar />}
        {!isStaffPage && <FloatingOfflineButton />}
        {/* One boundary per lazily loaded part: a part still loading (the toaster on the first toast,
            a dialog group on its first opening) must not hide an open dialog beside it. Hidden, a
            dialog's closing animation is cancelled, and react-aria then never unmounts it. */}
        <Suspense fallback={null}>{toastsStarted && <Toaster />}</Suspense>
        {dialogs(mounted)}
        <Suspense fallback={null}>
          {newsMounted && <NewsDialog news={news} isOpen={!!open.news} onOpenChange={(o) => (o ? openDialog("news") : closeDialog("news"))} />}
        </Suspense>
      </div>
    </AriaRouterProvider>
  );
}
