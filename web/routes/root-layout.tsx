import { lazy } from "react";
import { AppShell, type MountedDialogs } from "../components/shell/app-shell";
import { autoMobileStep } from "../features/auth/rules";
import { usePageData } from "../lib/page-data-context";

// The features' shell-level dialogs (account, package offer, offline request) load after the first
// paint: they are not needed until someone opens them, and they bring their form schemas (zod).
const AuthDialogs = lazy(() => import("../features/auth/auth-dialogs").then((mod) => ({ default: mod.AuthDialogs })));
const WalletDialogs = lazy(() => import("../features/wallet/wallet-dialogs").then((mod) => ({ default: mod.WalletDialogs })));
const OfflineDialogs = lazy(() => import("../features/offline/offline-request-dialog").then((mod) => ({ default: mod.OfflineDialogs })));

/** Each dialog group mounts the first time one of its dialogs opens (inside the shell's Suspense). */
function FeatureDialogs({ mounted }: { mounted: MountedDialogs }) {
  const { userInfo, userType, mobileSmsConfirmation } = usePageData();
  // The mobile dialog also opens by itself for a signed-in user without a confirmed number.
  const authMounted = mounted.login || mounted.register || mounted.mobile || autoMobileStep({ userInfo, userType, mobileSmsConfirmation }) !== null;
  return (
    <>
      {authMounted && <AuthDialogs />}
      {mounted.packageOffer && <WalletDialogs />}
      {mounted.offlineRequest && <OfflineDialogs />}
    </>
  );
}

/** The root route's component: the shell, given the features' dialogs. */
export function RootLayout() {
  return <AppShell dialogs={(mounted) => <FeatureDialogs mounted={mounted} />} />;
}
