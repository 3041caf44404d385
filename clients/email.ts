/**
 * E-mail over Resend's HTTP API (POST https://api.resend.com/emails).
 * Errors come as { statusCode, name, message } per Resend's API reference.
 */
import { z } from "zod";
import { asString, validateOutput } from "./decode";
import { clientTransport, readJsonObject } from "./base";
import { PROVIDER_LIMITS, UpstreamError, type ClientBaseOptions } from "./http";

const PROVIDER = "resend";
const ENDPOINT = "https://api.resend.com/emails";

export const EmailMessageSchema = z.object({
  /** "دریافت <no-reply@example.org>"; falls back to the client's default. */
  from: z.string().min(3).optional(),
  to: z.union([z.email(), z.array(z.email()).min(1).max(50)]),
  subject: z.string().trim().min(1).max(998),
  text: z.string().min(1),
  html: z.string().optional(),
  replyTo: z.email().optional(),
});
export type EmailMessage = z.input<typeof EmailMessageSchema>;

export const EmailSendResultSchema = z.object({ id: z.string().min(1) });
export type EmailSendResult = z.infer<typeof EmailSendResultSchema>;

export interface EmailClientOptions extends ClientBaseOptions {
  apiKey: string;
  defaultFrom?: string | undefined;
}

export interface EmailClient {
  send(message: EmailMessage): Promise<EmailSendResult>;
}

export function createEmailClient(opts: EmailClientOptions): EmailClient {
  const upstream = clientTransport(opts, { provider: PROVIDER, defaultTimeoutMs: 10_000, limits: PROVIDER_LIMITS.resend });

  return {
    async send(input) {
      if (!opts.apiKey) throw new UpstreamError({ provider: PROVIDER, kind: "auth", message: "resend: no API key configured" });
      const m = EmailMessageSchema.parse(input);
      const from = m.from ?? opts.defaultFrom;
      if (!from) throw new RangeError("e-mail needs a from address");
      const payload: Record<string, unknown> = { from, to: m.to, subject: m.subject, text: m.text };
      if (m.html) payload["html"] = m.html;
      if (m.replyTo) payload["reply_to"] = m.replyTo;

      const res = await upstream.send(ENDPOINT, {
        method: "POST",
        headers: { Authorization: `Bearer ${opts.apiKey}`, "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(payload),
      });
      const body = await readJsonObject(res, PROVIDER);
      return validateOutput(EmailSendResultSchema, { id: asString(body?.["id"]) }, PROVIDER, "send result");
    },
  };
}
