/**
 * What the user is told by SMS and e-mail when staff finish a service order: the report is ready,
 * the SciFinder account is issued, or the order was rejected (and refunded). The notifier renders
 * from its own template table; like the offline feature, this module adds its templates to that
 * table when loaded (a template the notifier defines itself wins).
 */
import type { Logger } from "../../../lib/logger";
import type { Notifier } from "../notify/notifier";
import { templates, type Rendered } from "../notify/templates";
import { vipMessages as m } from "./messages";

const SITE = "دریافت";

type VipNoticeParams = {
  vip_report_ready: { title: string; link: string };
  vip_account_issued: { link: string };
  vip_rejected: { title: string; reason: string; link: string };
};
type VipNoticeName = keyof VipNoticeParams;

const vipTemplates: { [K in VipNoticeName]: (p: VipNoticeParams[K]) => Rendered } = {
  vip_report_ready: ({ title, link }) => {
    const text = m.notice.reportReady(title);
    return {
      sms: { token: "ready", text: `${SITE}\n${text}` },
      email: { subject: `گزارش سفارش شما آماده است — ${SITE}`, text: `سلام،\n\n${text}\n${link}\n\n${SITE}` },
    };
  },
  vip_account_issued: ({ link }) => {
    const text = m.notice.accountIssued;
    return {
      sms: { token: "scifinder", text: `${SITE}\n${text}` },
      email: { subject: `اکانت SciFinder شما صادر شد — ${SITE}`, text: `سلام،\n\n${text}\n${link}\n\n${SITE}` },
    };
  },
  vip_rejected: ({ title, reason, link }) => {
    const text = m.notice.rejected(title, reason);
    return {
      sms: { token: "rejected", text: `${SITE}\n${text}` },
      email: { subject: `سفارش شما انجام نشد — ${SITE}`, text: `سلام،\n\n${text}\n${link}\n\n${SITE}` },
    };
  },
};

const table = templates as unknown as Record<string, (p: never) => Rendered>;
for (const [name, render] of Object.entries(vipTemplates)) if (!(name in table)) table[name] = render as (p: never) => Rendered;

type VipNotice = { [K in VipNoticeName]: { userId: string; template: K; params: VipNoticeParams[K] } }[VipNoticeName];

/** Sends one notice; a failure is logged and never undoes the change it reports. */
export async function sendVipNotice(notifier: Notifier, log: Logger, notice: VipNotice): Promise<void> {
  try {
    await notifier.notify(notice as unknown as Parameters<Notifier["notify"]>[0]);
  } catch (err) {
    log.warn("vip.notify_failed", { template: notice.template, error: String((err as Error)?.message ?? err) });
  }
}
