/**
 * The one logger of the Worker and the queue consumer: structured JSON lines with a request (or
 * run) id, secret-looking fields redacted. Secrets never go in here: callers pass only safe fields.
 */
export type Logger = {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
};

const SECRET_KEYS = /pass(word)?|token|code|secret|authorization|cookie|pepper|api_?key/i;

/** Drops values of keys that look secret, as a last line of defence. */
export function redact(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) out[k] = SECRET_KEYS.test(k) ? "[redacted]" : v;
  return out;
}

/** `requestId`: the request's cf-ray, or a name for a run outside a request (`cron:…`, `queue`). */
export function createLogger(requestId: string): Logger {
  const emit = (level: string, event: string, fields: Record<string, unknown> = {}) => {
    const line = JSON.stringify({ level, event, requestId, ...redact(fields) });
    if (level === "error") console.error(line);
    else if (level === "warn") console.warn(line);
    else console.log(line);
  };
  return {
    info: (e, f) => emit("info", e, f),
    warn: (e, f) => emit("warn", e, f),
    error: (e, f) => emit("error", e, f),
  };
}
