import type { MiddlewareHandler } from "hono";
import { missingProductionSecrets } from "../env";
import type { AppEnv } from "../lib/context";
import { coreMessages } from "../lib/messages";
import { createLogger } from "../../lib/logger";

const page = `<!doctype html>
<html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${coreMessages.notConfiguredTitle}</title></head>
<body style="font-family: Vazirmatn, Tahoma, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.8">
<h1>${coreMessages.notConfiguredTitle}</h1><p>${coreMessages.notConfigured}</p></body></html>`;

/**
 * A Worker deployed without its secrets serves nothing (503 with a Persian page) rather than
 * hashing passwords or signing links with a guessable value; the log names what is missing.
 */
export function requireSecrets(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const missing = missingProductionSecrets(c.env);
    if (!missing.length) return next();
    createLogger(c.req.header("cf-ray") ?? "-").error("config.missing_secrets", { missing, hint: "wrangler secret put NAME (see .dev.vars.example)" });
    c.header("Retry-After", "300");
    c.header("Cache-Control", "no-store");
    return c.html(page, 503);
  };
}
