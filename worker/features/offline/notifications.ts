/**
 * What the user is told by SMS and e-mail about an offline request: its registration, and every change
 * they must act on or want to know (priced, delivered, rejected with the reason). Sent through the
 * accounts feature's notifier (Kavenegar / Resend, or the development outbox).
 *
 * The notifier renders messages from its own template table. Until it offers a way for features to
 * register templates, this module adds the offline ones to that table when it is loaded; a template
 * of the same name defined by the notifier itself wins.
 */
import { toPersianDigits } from "../../../lib/digits";
import type { Logger } from "../../../lib/logger";
import type { Notifier } from "../notify/notifier";
import { templates, type Rendered } from "../notify/templates";
import { offlineNotice, staffNotice } from "./messages";

const SITE = "دریافت";

type OfflineNoticeParams = {
  /** `hours`: to the first answer, or to delivery when `paid` (a standard ordered with a credit). */
  offline_registered: { name: string; kind: "article" | "book" | "standard"; hours: number; paid?: boolean; link: string };
  /** `delivery`: hours from payment to delivery, or "at_payment" when the file is already attached. */
  offline_priced: { name: string; price: number; delivery: number | "at_payment"; link: string };
  offline_paid: { name: string; price: number; deliver_by: string | null; link: string };
  offline_delivered: { name: string; link: string };
  offline_rejected: { name: string; reason: string; link: string };
  desk_solver_assigned: { name: string; link: string };
  desk_taken_over: { name: string; by: string; link: string };
  desk_new_request: { name: string; kind: "article" | "book" | "standard"; link: string };
  desk_paid: { name: string; delivered: boolean; link: string };
};
type OfflineNoticeName = keyof OfflineNoticeParams;

/** SMS token (Kavenegar's lookup templates show one short value) + full SMS text + e-mail. */
const offlineTemplates: { [K in OfflineNoticeName]: (p: OfflineNoticeParams[K]) => Rendered } = {
  offline_registered: ({ name, kind, hours, paid, link }) => {
    const text = offlineNotice.registered(kind, name, hours, paid);
    return {
      sms: { token: toPersianDigits(1), text: `${SITE}\n${text}` },
      email: { subject: `ثبت درخواست آفلاین در ${SITE}`, text: `سلام،\n\n${text}\n\nپیگیری: ${link}\n\n${SITE}` },
    };
  },
  offline_priced: ({ name, price, delivery, link }) => {
    const text = offlineNotice.priced(name, price, delivery);
    return {
      sms: { token: String(price), text: `${SITE}\n${text}` },
      email: { subject: `قیمت درخواست آفلاین شما در ${SITE}`, text: `سلام،\n\n${text}\n${link}\n\n${SITE}` },
    };
  },
  offline_paid: ({ name, price, deliver_by, link }) => {
    const text = offlineNotice.paid(name, price, deliver_by);
    return {
      sms: { token: String(price), text: `${SITE}\n${text}` },
      email: { subject: `رسید پرداخت درخواست آفلاین — ${SITE}`, text: `سلام،\n\n${text}\n${link}\n\n${SITE}` },
    };
  },
  offline_delivered: ({ name, link }) => {
    const text = offlineNotice.delivered(name);
    return {
      sms: { token: "ready", text: `${SITE}\n${text}` },
      email: { subject: `درخواست آفلاین شما آماده است — ${SITE}`, text: `سلام،\n\n${text}\n${link}\n\n${SITE}` },
    };
  },
  offline_rejected: ({ name, reason, link }) => {
    const text = offlineNotice.rejected(name, reason);
    return {
      sms: { token: "rejected", text: `${SITE}\n${text}` },
      email: { subject: `درخواست آفلاین شما رد شد — ${SITE}`, text: `سلام،\n\n${text}\n${link}\n\n${SITE}` },
    };
  },

  desk_solver_assigned: ({ name, link }) => {
    const text = staffNotice.solverAssigned(name);
    return {
      sms: { token: "solver", text: `${SITE}\n${text}` },
      email: { subject: `حل‌المسائل تازه برای شما — ${SITE}`, text: `سلام،\n\n${text}\n${link}\n\n${SITE}` },
    };
  },
  desk_taken_over: ({ name, by, link }) => {
    const text = staffNotice.takenOver(name, by);
    return { email: { subject: `درخواستی از شما برداشته شد — ${SITE}`, text: `سلام،\n\n${text}\n${link}\n\n${SITE}` } };
  },
  // E-mail only, to staff who asked for it (desk_alert_prefs).
  desk_new_request: ({ name, kind, link }) => {
    const text = staffNotice.newRequest(kind, name);
    return { email: { subject: `درخواست آفلاین تازه — ${SITE}`, text: `سلام،\n\n${text}\n${link}\n\n${SITE}` } };
  },
  desk_paid: ({ name, delivered, link }) => {
    const text = staffNotice.paid(name, delivered);
    return { email: { subject: `پرداخت درخواست آفلاین — ${SITE}`, text: `سلام،\n\n${text}\n${link}\n\n${SITE}` } };
  },
};

const table = templates as unknown as Record<string, (p: never) => Rendered>;
for (const [name, render] of Object.entries(offlineTemplates)) {
  if (!(name in table)) table[name] = render as (p: never) => Rendered;
}

export type OfflineNotice = { [K in OfflineNoticeName]: { userId: string; template: K; params: OfflineNoticeParams[K] } }[OfflineNoticeName];

/** Sends one notice; a failure is logged and never undoes the change it reports. */
export async function sendOfflineNotice(notifier: Notifier, log: Logger, notice: OfflineNotice): Promise<void> {
  try {
    await notifier.notify(notice as unknown as Parameters<Notifier["notify"]>[0]);
  } catch (err) {
    log.warn("offline.notify_failed", { template: notice.template, error: String((err as Error)?.message ?? err) });
  }
}
