import { exports } from "cloudflare:workers";
import { env } from "cloudflare:workers";
import { seedStatements } from "../../db/seed";

/** A tiny browser: keeps cookies between calls and sends the CSRF token on state-changing ones. */
export class Client {
  cookies = new Map<string, string>();
  csrf = "";
  constructor(readonly headers: Record<string, string> = {}) {}

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(path: string, init: RequestInit & { now?: number } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [k, v] of Object.entries(this.headers)) if (!headers.has(k)) headers.set(k, v);
    if (this.cookies.size) headers.set("cookie", this.cookieHeader());
    if (init.now) headers.set("x-test-now", String(init.now));
    const res = await exports.default.fetch(new Request(`https://daryaft.test${path}`, { ...init, headers, redirect: "manual" }));
    this.remember(res);
    return res;
  }

  async token(): Promise<string> {
    if (!this.csrf) {
      const res = await this.fetch("/csrf-token");
      this.csrf = ((await res.json()) as { token: string }).token;
    }
    return this.csrf;
  }

  /** JSON POST with the CSRF header. */
  async post(path: string, body: unknown, init: { now?: number; headers?: Record<string, string> } = {}) {
    const token = await this.token();
    return this.fetch(path, {
      method: "POST",
      now: init.now,
      headers: { "content-type": "application/json", "x-csrf-token": token, ...init.headers },
      body: JSON.stringify(body),
    });
  }

  /** urlencoded form POST carrying `_token`, as the spec's forms do. */
  async postForm(path: string, fields: Record<string, string>, init: { now?: number } = {}) {
    const token = await this.token();
    return this.fetch(path, {
      method: "POST",
      now: init.now,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ _token: token, ...fields }),
    });
  }

  async get(path: string, init: { now?: number } = {}) {
    return this.fetch(path, { now: init.now });
  }
}

let seeded = false;
/** Loads the demo data (the same statements `npm run db:seed` runs) into this file's D1. */
export async function seedDemoData() {
  if (seeded) return;
  const statements = seedStatements({
    now: Date.now(),
    passwordHash: "$argon2id$v=19$m=256,t=1,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  });
  for (let i = 0; i < statements.length; i += 50) {
    await env.DB.batch(statements.slice(i, i + 50).map((s) => env.DB.prepare(s)));
  }
  seeded = true;
}

export async function count(table: string): Promise<number> {
  const row = await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>();
  return row?.n ?? 0;
}
