/**
 * Fake Kavenegar (api.kavenegar.com/v1/{API-KEY}/verify/lookup.json and
 * /sms/send.json, GET query or POST form). Records every accepted message;
 * GET /__kavenegar/messages?receptor=... lists them (newest last),
 * DELETE /__kavenegar/messages clears them.
 *
 *   key "invalid-key" -> 403, "poor-key" -> 418 (insufficient credit)
 *   receptor not an Iranian mobile (09xxxxxxxxx / 989xxxxxxxxx) -> 411
 *   template "missing-template" -> 424; token with space, newline or underscore -> 431
 *   template or message containing fake:500 | fake:slow | fake:malformed -> failures
 *   template starting "object-" -> entries as one object (the SDK README form), else a list
 * Envelopes and Persian messages come from tests/fixtures/kavenegar; the HTTP
 * status mirrors return.status, as client code reports.
 */
import type { FakeProvider, FakeRequest, FakeResponse } from "../types";
import { HANG_MS, failModeOfText, fixtureJson, html, json } from "./_shared";

export interface SentSms {
  kind: "lookup" | "send";
  receptor: string;
  template: string | null;
  token: string | null;
  token2: string | null;
  token3: string | null;
  message: string;
  sender: string;
  at: number;
  messageId: number;
}

const STATUS_FA = fixtureJson("kavenegar/return_status_codes.json").codes as Record<string, { fa: string }>;
const MOBILE = /^(09\d{9}|989\d{9}|\+989\d{9})$/;

function envelope(status: number, entries: unknown = null): FakeResponse {
  return json(status, { return: { status, message: STATUS_FA[String(status)]?.fa ?? "خطا" }, entries });
}

function params(req: FakeRequest): URLSearchParams {
  if (req.method === "POST" && req.body) {
    const form = new URLSearchParams(req.body);
    for (const [k, v] of req.query) if (!form.has(k)) form.set(k, v);
    return form;
  }
  return req.query;
}

export function createKavenegarProvider(): FakeProvider {
  const sent: SentSms[] = [];
  let nextId = 8_792_343;

  function handleApi(req: FakeRequest, key: string, method: string, hit: (k: string) => void): FakeResponse {
    const p = params(req);
    const receptor = (p.get("receptor") ?? "").trim();
    hit(receptor || method);
    if (key === "invalid-key") return envelope(403);
    if (key === "poor-key") return envelope(418);
    const template = method === "verify/lookup" ? (p.get("template") ?? "").trim() : null;
    const mode = failModeOfText(`${template ?? ""} ${p.get("message") ?? ""}`);
    if (mode === "500") return html(500, "<html><body><h1>500 Internal Server Error</h1></body></html>");
    if (mode === "slow") return { ...html(504, "<title>504</title>"), delayMs: HANG_MS };
    if (mode === "malformed") return { status: 200, headers: { "content-type": "application/json" }, body: '{"return":{"status":200,"mess' };

    if (!receptor) return envelope(400);
    if (!receptor.split(",").every((r) => MOBILE.test(r.trim()))) return envelope(411);

    let message: string;
    const token = p.get("token");
    if (method === "verify/lookup") {
      if (!template || !token) return envelope(400);
      if (template === "missing-template") return envelope(424);
      for (const t of [token, p.get("token2"), p.get("token3")]) if (t !== null && /[\s_]/.test(t)) return envelope(431);
      message = `کد تایید شما در دریافت: ${token}`;
    } else {
      message = p.get("message") ?? "";
      if (!message) return envelope(400);
      if (message.length > 612) return envelope(413);
    }
    const sender = p.get("sender") ?? "10004346";
    const at = Math.floor(Date.now() / 1000);
    const entries = receptor.split(",").map((r) => {
      const messageId = nextId++;
      sent.push({
        kind: method === "verify/lookup" ? "lookup" : "send",
        receptor: r.trim(),
        template,
        token,
        token2: p.get("token2"),
        token3: p.get("token3"),
        message,
        sender,
        at,
        messageId,
      });
      return {
        messageid: messageId,
        message,
        status: method === "verify/lookup" ? 5 : 1,
        statustext: method === "verify/lookup" ? "ارسال به مخابرات" : "در صف ارسال",
        sender,
        receptor: r.trim(),
        date: at,
        cost: 120,
      };
    });
    return envelope(200, template?.startsWith("object-") ? entries[0] : entries);
  }

  return {
    name: "kavenegar",
    hosts: ["api.kavenegar.com", "__kavenegar"],
    handle(req, state) {
      if (req.host === "__kavenegar") {
        if (req.path !== "/messages") return null;
        if (req.method === "DELETE") {
          sent.length = 0;
          return json(200, { ok: true });
        }
        const receptor = req.query.get("receptor");
        return json(200, receptor ? sent.filter((s) => s.receptor === receptor) : sent);
      }
      const m = /^\/v1\/([^/]+)\/(verify\/lookup|sms\/send)\.json$/.exec(req.path);
      if (!m || (req.method !== "GET" && req.method !== "POST")) return null;
      return handleApi(req, m[1]!, m[2]!, (k) => state.hit("kavenegar", k));
    },
  };
}
