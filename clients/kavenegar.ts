/**
 * Kavenegar SMS client: OTP through verify/lookup templates, and plain send.
 * Wire format: tests/fixtures/kavenegar (SOURCES.md §7). The API key sits in
 * the URL path (so URLs are never put in errors), success is return.status
 * 200, and `entries` may be one object or a list.
 */
import { z } from "zod";
import { asInt, asRecord, asRecords, asString, validateOutput, type Json } from "./decode";
import { clientTransport, readJsonObject } from "./base";
import { PROVIDER_LIMITS, UpstreamError, type ClientBaseOptions, type UpstreamErrorKind } from "./http";

const PROVIDER = "kavenegar";
const BASE = "https://api.kavenegar.com/v1";

export const KavenegarEntrySchema = z.object({
  messageId: z.number().int().nullable(),
  message: z.string().nullable(),
  /** 1 queued, 2 scheduled, 4/5 sent to operator, 6 failed, 10 delivered, ... */
  status: z.number().int().nullable(),
  statusText: z.string().nullable(),
  sender: z.string().nullable(),
  receptor: z.string().nullable(),
  /** Unix seconds. */
  date: z.number().int().nullable(),
  cost: z.number().int().nullable(),
});
export type KavenegarEntry = z.infer<typeof KavenegarEntrySchema>;

export const KavenegarResultSchema = z.object({
  entries: z.array(KavenegarEntrySchema),
});
export type KavenegarResult = z.infer<typeof KavenegarResultSchema>;

export const KavenegarLookupSchema = z.object({
  receptor: z.string().trim().min(1),
  /** No spaces, newlines or underscores (Kavenegar answers 431). */
  token: z.string().trim().min(1),
  token2: z.string().trim().min(1).optional(),
  token3: z.string().trim().min(1).optional(),
  template: z.string().trim().min(1),
  type: z.enum(["sms", "call"]).optional(),
});
export type KavenegarLookup = z.input<typeof KavenegarLookupSchema>;

export const KavenegarSendSchema = z.object({
  receptor: z.string().trim().min(1),
  message: z.string().min(1),
  sender: z.string().trim().min(1).optional(),
});
export type KavenegarSend = z.input<typeof KavenegarSendSchema>;

export interface KavenegarClientOptions extends ClientBaseOptions {
  apiKey: string;
  /** Used by send() when no sender is given. */
  defaultSender?: string | undefined;
}

export interface KavenegarClient {
  verifyLookup(req: KavenegarLookup): Promise<KavenegarResult>;
  send(req: KavenegarSend): Promise<KavenegarResult>;
}

/** return.status values that mean the account or key is wrong, not the message. */
const AUTH_STATUSES = new Set([401, 403, 407, 416]);

export function createKavenegarClient(opts: KavenegarClientOptions): KavenegarClient {
  // The deployment's Kavenegar budget when the caller passes it; none otherwise (no per-isolate default).
  const upstream = clientTransport(
    { ...opts, rateLimiter: opts.rateLimiter ?? null },
    { provider: PROVIDER, defaultTimeoutMs: 10_000, limits: PROVIDER_LIMITS.kavenegar },
  );

  async function call(method: string, form: Record<string, string>): Promise<KavenegarResult> {
    if (!opts.apiKey) throw new UpstreamError({ provider: PROVIDER, kind: "auth", message: "kavenegar: no API key configured" });
    const res = await upstream.send(
      `${BASE}/${encodeURIComponent(opts.apiKey)}/${method}.json`,
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded; charset=utf-8", Accept: "application/json" },
        body: new URLSearchParams(form).toString(),
      },
      // Kavenegar mirrors return.status in the HTTP status; the envelope says more.
      { acceptStatuses: [400, 401, 402, 403, 404, 405, 406, 407, 409, 411, 412, 413, 414, 416, 417, 418, 419, 422, 424, 426, 428, 431, 432] },
    );
    const body = await readJsonObject(res, PROVIDER);
    const ret = asRecord(body?.["return"]);
    const status = asInt(ret?.["status"]);
    if (!body || status === null) {
      throw new UpstreamError({ provider: PROVIDER, kind: "parse", status: res.status, message: "kavenegar: no return.status in body" });
    }
    const persian = asString(ret?.["message"]) ?? undefined;
    if (status !== 200) {
      const kind: UpstreamErrorKind = AUTH_STATUSES.has(status) ? "auth" : "http";
      throw new UpstreamError({
        provider: PROVIDER,
        kind,
        status,
        message: `kavenegar: return.status ${status}${persian ? `: ${persian}` : ""}`,
        providerMessage: persian,
      });
    }
    const entries = asRecords(body["entries"]).map(mapEntry);
    return validateOutput(KavenegarResultSchema, { entries }, PROVIDER, "entries");
  }

  return {
    async verifyLookup(input) {
      const r = KavenegarLookupSchema.parse(input);
      const form: Record<string, string> = { receptor: r.receptor, token: r.token, template: r.template };
      if (r.token2) form["token2"] = r.token2;
      if (r.token3) form["token3"] = r.token3;
      if (r.type) form["type"] = r.type;
      return call("verify/lookup", form);
    },

    async send(input) {
      const r = KavenegarSendSchema.parse(input);
      const form: Record<string, string> = { receptor: r.receptor, message: r.message };
      const sender = r.sender ?? opts.defaultSender;
      if (sender) form["sender"] = sender;
      return call("sms/send", form);
    },
  };
}

function mapEntry(e: Json): KavenegarEntry {
  return {
    messageId: asInt(e["messageid"]),
    message: asString(e["message"]),
    status: asInt(e["status"]),
    statusText: asString(e["statustext"]),
    sender: asString(e["sender"]),
    receptor: asString(e["receptor"]),
    date: asInt(e["date"]),
    cost: asInt(e["cost"]),
  };
}
