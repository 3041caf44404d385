/**
 * Persian labels that both the Worker and the SPA print, defined once (the two copies had drifted).
 * Wording follows /work/shared/GLOSSARY.md where it names the thing.
 */
import type { OfflineStatus } from "./offline";

/** Why a ledger row was written (wallet_ledger.reason). */
export const ledgerReasons = ["order", "topup", "spend_download", "spend_standard", "spend_offline", "admin_adjust", "refund", "expiry", "invoice"] as const;
export type LedgerReason = (typeof ledgerReasons)[number];

/** What each ledger reason means on /profile/financial and /admin/transactions. */
export const ledgerReasonLabels: Record<LedgerReason, string> = {
  order: "خرید",
  topup: "شارژ کیف پول با پرداخت اینترنتی",
  spend_download: "دانلود مقاله",
  spend_standard: "دانلود استاندارد",
  spend_offline: "درخواست آفلاین",
  admin_adjust: "تغییر توسط مدیر",
  refund: "بازگشت وجه",
  expiry: "انقضای اعتبار محدود",
  invoice: "پرداخت صورت‌حساب",
};

/** The ledger reason's label, or the reason itself for one this list does not know. */
export function ledgerReasonLabel(reason: string): string {
  return (ledgerReasonLabels as Record<string, string>)[reason] ?? reason;
}

/** An offline request's status, on the user's pages, the desk, the partner panel and in messages. */
export const offlineStatusLabels: Record<OfflineStatus, string> = {
  registered: "ثبت‌شده",
  priced: "در انتظار پرداخت",
  paid: "پرداخت‌شده",
  in_progress: "در حال انجام",
  delivered: "تحویل‌شده",
  rejected: "ردشده",
  cancelled: "لغوشده",
};

export function offlineStatusLabel(status: string): string {
  return (offlineStatusLabels as Record<string, string>)[status] ?? status;
}

/** Why a reader reports a received file (contract/file-reports.ts FileReportReason), on the report dialog and the desk. */
export const fileReportReasonLabels = {
  wrong: "مقالهٔ دیگری است",
  broken: "خراب است یا باز نمی‌شود",
  other_version: "نسخهٔ دیگری از همین مقاله است",
} as const;
export type FileReportReasonKey = keyof typeof fileReportReasonLabels;
