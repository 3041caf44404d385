import { lazy, Suspense } from "react";
import { AppShell, type MountedDialogs } from "../components/shell/app-shell";
import { autoMobileStep } from "../features/auth/rules";
import { browserOnly, useHydrated } from "../lib/hydration";
import { usePageData } from "../lib/page-data-context";

// The features' shell-level dialogs (account, package offer, offline request) load after the first
// paint: they are not needed until someone opens them, and they bring their form schemas (zod).
// None is drawn on the server (nor in the hydrating render), so their code stays out of the Worker.
const AuthDialogs = lazy(import.meta.env.SSR ? browserOnly : () => import("../features/auth/auth-dialogs").then((mod) => ({ default: mod.AuthDialogs })));
const WalletDialogs = lazy(
  import.meta.env.SSR ? browserOnly : () => import("../features/wallet/wallet-dialogs").then((mod) => ({ default: mod.WalletDialogs })),
);
const OfflineDialogs = lazy(
  import.meta.env.SSR ? browserOnly : () => import("../features/offline/offline-request-dialog").then((mod) => ({ default: mod.OfflineDialogs })),
);
// Staff are told of new requests and payments on every page (after hydration: never drawn on the server).
const StaffAlerts = lazy(import.meta.env.SSR ? browserOnly : () => import("../features/offline/staff-alerts").then((mod) => ({ default: mod.StaffAlerts })));

function StaffNotices() {
  const { isAdmin, isSolver } = usePageData();
  const hydrated = useHydrated();
  if (!hydrated || !(isAdmin || isSolver)) return null;
  return (
    <Suspense fallback={null}>
      <StaffAlerts isAdmin={isAdmin} />
    </Suspense>
  );
}

/** Each dialog group mounts the first time one of its dialogs opens (inside the shell's Suspense). */
function FeatureDialogs({ mounted }: { mounted: MountedDialogs }) {
  const { userInfo, userType, mobileSmsConfirmation } = usePageData();
  const hydrated = useHydrated();
  // The mobile dialog also opens by itself for a signed-in user without a confirmed number (once the
  // page is the browser's: the server's markup has no dialog).
  const authMounted =
    mounted.login || mounted.register || mounted.mobile || (hydrated && autoMobileStep({ userInfo, userType, mobileSmsConfirmation }) !== null);
  return (
    <>
      {/* Each group in its own boundary (see AppShell): one loading never hides another's open dialog. */}
      <Suspense fallback={null}>{authMounted && <AuthDialogs />}</Suspense>
      <Suspense fallback={null}>{mounted.packageOffer && <WalletDialogs />}</Suspense>
      <Suspense fallback={null}>{mounted.offlineRequest && <OfflineDialogs />}</Suspense>
    </>
  );
}

/** The root route's component: the shell, given the features' dialogs. */
export function RootLayout() {
  return <AppShell dialogs={(mounted) => <FeatureDialogs mounted={mounted} />} notices={<StaffNotices />} />;
}
