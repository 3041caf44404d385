import { providerBudget } from "../../../clients/limiters";
import type { Priority } from "../../../contract/budget";
import { eq } from "drizzle-orm";
import { schema, type Db } from "../../../db/client";
import { createEmailClient } from "../../../clients/email";
import { createKavenegarClient } from "../../../clients/kavenegar";
import type { FetchFn } from "../../../clients/http";
import { isDevelopment, type Bindings } from "../../env";
import type { Logger } from "../../../lib/logger";
import { render, type TemplateName, type TemplateParams } from "./templates";

/** One message to a person: by mobile, e-mail, or the contacts of a user id. */
type Notification = {
  [K in TemplateName]: { userId?: string; mobile?: string; email?: string; template: K; params: TemplateParams[K] };
}[TemplateName];

export type Delivery = { channel: "sms" | "email"; via: "kavenegar" | "resend" | "outbox" };

/** Sending failed (provider error, or no provider configured in production). */
export class NotifyError extends Error {
  constructor(
    readonly channel: "sms" | "email",
    message: string,
  ) {
    super(message);
  }
}

type NotifierDeps = {
  env: Bindings;
  db: Db;
  log: Logger;
  now: () => number;
  fetch?: FetchFn;
  /** The class e-mail takes Resend's budget with: a person waiting for a code by default, the watcher in the background. */
  priority?: Priority;
};

export type Notifier = { notify(n: Notification): Promise<Delivery[]> };

/** 0912***4567: enough to tell messages apart in logs, not a contact list. */
function maskRecipient(to: string): string {
  const at = to.indexOf("@");
  if (at > 0) return `${to.slice(0, 1)}***${to.slice(at)}`;
  return to.length > 7 ? `${to.slice(0, 4)}***${to.slice(-4)}` : "***";
}

/**
 * SMS through Kavenegar's verify/lookup template API and e-mail through Resend, with keys from
 * secrets. A channel without its key writes to the development outbox (`dev_outbox`, shown at
 * /dev/outbox) in development and tests; in production that is a configuration error.
 */
export function createNotifier(deps: NotifierDeps): Notifier {
  const { env, db, log } = deps;
  const fetchFn: FetchFn = deps.fetch ?? ((input, init) => fetch(input, init));

  async function toOutbox(channel: "sms" | "email", recipient: string, body: string, subject: string | null): Promise<Delivery> {
    if (!isDevelopment(env)) {
      log.error("notify.no_provider", { channel });
      throw new NotifyError(channel, `no ${channel} provider configured`);
    }
    await db.insert(schema.devOutbox).values({ channel, recipient, subject, body, createdAt: new Date(deps.now()) });
    return { channel, via: "outbox" };
  }

  async function sendSms(mobile: string, sms: { text: string; token: string }): Promise<Delivery> {
    if (!env.KAVENEGAR_API_KEY) return toOutbox("sms", mobile, sms.text, null);
    const client = createKavenegarClient({
      apiKey: env.KAVENEGAR_API_KEY,
      fetch: fetchFn,
      upstreamBase: env.UPSTREAM_BASE,
      rateLimiter: providerBudget(env, "kavenegar", deps.priority ?? "paste"),
    });
    try {
      await client.verifyLookup({ receptor: mobile, token: sms.token, template: env.KAVENEGAR_TEMPLATE || "daryaft-verify" });
    } catch (err) {
      // The provider's error text can carry the URL (with the key) in some transports: log only its kind.
      log.error("notify.sms_failed", {
        to: maskRecipient(mobile),
        kind: (err as { kind?: string }).kind ?? "unknown",
        status: (err as { status?: number }).status ?? null,
      });
      throw new NotifyError("sms", "sms failed");
    }
    return { channel: "sms", via: "kavenegar" };
  }

  async function sendEmail(to: string, email: { subject: string; text: string }): Promise<Delivery> {
    if (!env.RESEND_API_KEY || !env.EMAIL_FROM) return toOutbox("email", to, email.text, email.subject);
    const client = createEmailClient({
      apiKey: env.RESEND_API_KEY,
      defaultFrom: env.EMAIL_FROM,
      fetch: fetchFn,
      upstreamBase: env.UPSTREAM_BASE,
      rateLimiter: providerBudget(env, "resend", deps.priority ?? "paste"),
    });
    try {
      await client.send({ to, subject: email.subject, text: email.text });
    } catch (err) {
      log.error("notify.email_failed", {
        to: maskRecipient(to),
        kind: (err as { kind?: string }).kind ?? "unknown",
        status: (err as { status?: number }).status ?? null,
      });
      throw new NotifyError("email", "email failed");
    }
    return { channel: "email", via: "resend" };
  }

  return {
    async notify(n) {
      const rendered = render(n.template, n.params as never);
      let { mobile, email } = n;
      if (n.userId && !mobile && !email) {
        const user = await db.query.users.findFirst({ where: eq(schema.users.id, n.userId), columns: { mobile: true, email: true } });
        mobile = user?.mobile ?? undefined;
        email = user?.email;
      }
      const out: Delivery[] = [];
      if (rendered.sms && mobile) out.push(await sendSms(mobile, rendered.sms));
      if (rendered.email && email) out.push(await sendEmail(email, rendered.email));
      if (!out.length) throw new NotifyError(rendered.sms ? "sms" : "email", `template ${n.template} has no channel for the recipient`);
      log.info("notify.sent", {
        template: n.template,
        deliveries: out.map((d) => `${d.channel}:${d.via}`).join(","),
        to: maskRecipient(mobile ?? email ?? ""),
      });
      return out;
    },
  };
}
