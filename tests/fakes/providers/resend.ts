/**
 * Fake Resend (POST api.resend.com/emails). Records accepted e-mails;
 * GET /__resend/emails?to=... lists them, DELETE /__resend/emails clears them.
 * Error bodies follow Resend's API reference: { statusCode, name, message }.
 *
 *   no Authorization -> 401 missing_api_key; key "re_invalid" -> 403 invalid_api_key
 *   missing from/to/subject or neither text nor html -> 422 validation_error
 *   subject with fake:429 -> 429 rate_limit_exceeded; fake:500 | fake:slow | fake:malformed fail
 */
import type { FakeProvider, FakeRequest, FakeResponse } from "../types";
import { HANG_MS, failModeOfText, json } from "./_shared";

export interface SentEmail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string | null;
  html: string | null;
  at: number;
}

const err = (statusCode: number, name: string, message: string, headers: Record<string, string> = {}) =>
  json(statusCode, { statusCode, name, message }, headers);

export function createResendProvider(): FakeProvider {
  const sent: SentEmail[] = [];

  function send(req: FakeRequest, hit: (k: string) => void): FakeResponse {
    const auth = req.headers["authorization"] ?? "";
    let body: Record<string, unknown> | null = null;
    try {
      const v: unknown = JSON.parse(req.body);
      body = typeof v === "object" && v !== null ? (v as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    const to = body ? (Array.isArray(body["to"]) ? body["to"] : [body["to"]]).filter((x): x is string => typeof x === "string") : [];
    hit(to[0]?.toLowerCase() ?? "unknown");
    if (!auth.startsWith("Bearer ") || auth.length <= 7) return err(401, "missing_api_key", "Missing API key in the authorization header");
    if (auth === "Bearer re_invalid") return err(403, "invalid_api_key", "API key is invalid");
    if (!body) return err(422, "validation_error", "Invalid JSON body");
    const subject = typeof body["subject"] === "string" ? body["subject"] : "";
    const mode = failModeOfText(subject);
    if (mode === "429") return err(429, "rate_limit_exceeded", "Too many requests. You can only make 2 requests per second.", { "retry-after": "1" });
    if (mode === "500") return err(500, "internal_server_error", "An unexpected error occurred.");
    if (mode === "slow") return { ...err(504, "gateway_timeout", "timeout"), delayMs: HANG_MS };
    if (mode === "malformed") return { status: 200, headers: { "content-type": "application/json" }, body: '{"id":"4ef9' };
    if (typeof body["from"] !== "string" || !body["from"]) return err(422, "validation_error", "The `from` field is required.");
    if (!to.length) return err(422, "validation_error", "The `to` field is required.");
    if (!subject) return err(422, "validation_error", "The `subject` field is required.");
    const text = typeof body["text"] === "string" ? body["text"] : null;
    const html = typeof body["html"] === "string" ? body["html"] : null;
    if (!text && !html) return err(422, "validation_error", "Either `text` or `html` is required.");
    const id = crypto.randomUUID();
    sent.push({ id, from: body["from"], to, subject, text, html, at: Date.now() });
    return json(200, { id });
  }

  return {
    name: "resend",
    hosts: ["api.resend.com", "__resend"],
    handle(req, state) {
      if (req.host === "__resend") {
        if (req.path !== "/emails") return null;
        if (req.method === "DELETE") {
          sent.length = 0;
          return json(200, { ok: true });
        }
        const to = req.query.get("to")?.toLowerCase();
        return json(200, to ? sent.filter((e) => e.to.some((t) => t.toLowerCase() === to)) : sent);
      }
      if (req.method === "POST" && req.path === "/emails") return send(req, (k) => state.hit("resend", k));
      return null;
    },
  };
}
