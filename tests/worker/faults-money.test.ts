/**
 * Faults where money, credits or a person's contact are involved (issue 10 §5): the outside
 * clients (Zarinpal, Elsevier, Kavenegar, R2) fail with 500s, timeouts, resets and malformed or
 * truncated bodies. Properties: no money or credit moves twice (or moves without the thing it
 * pays for), every failure the user sees is Persian, and a retry once the service is back works.
 *
 * Already proven elsewhere, not repeated (cross-references):
 *   - replayed gateway callbacks credit once, 101 "already verified", -50/-54 refusals, NOK then a
 *     forged OK: tests/worker/payment-gateway.test.ts;
 *   - the same idempotency key sent twice / 20 times at once is one order, 50 racing orders:
 *     tests/worker/wallet-orders.test.ts; ledger races: tests/worker/wallet-ledger.test.ts;
 *   - a licensed copy charges one credit per document, never twice (5 concurrent checks):
 *     tests/worker/getpdf.test.ts "licensed copies".
 * Added here: the bank failing at request and at verify time (then replays once it is back, 10 at
 * once), a licensed PDF cut off in transit (no charge, retried), R2 failing when a charged user
 * downloads (retry is free), and the SMS provider failing.
 *
 * Requests go through the Worker's fetch handler in this isolate, so the Worker's own outgoing
 * fetch() calls can be intercepted (vi.spyOn(globalThis, "fetch")) and its bindings replaced.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PaymentResult } from "../../contract/wallet";
import worker from "../../worker/index";
import { newClient } from "./auth-helpers";
import { check, deliver, jobState, LICENSED_ENV, scenarioDoi, seedProcessingJob } from "./getpdf-helpers";
import { type Client, seedDemoData } from "./helpers";
import { balancesOf, expectLedgerConsistent, fundedClient } from "./wallet-factories";

const PERSIAN = /[\u0600-\u06FF]/;
const realFetch = globalThis.fetch.bind(globalThis);

beforeAll(async () => {
  await seedDemoData();
});

afterEach(() => {
  vi.restoreAllMocks();
});

type Fault = "500" | "timeout" | "reset" | "malformed" | "empty";

function faultResponse(fault: Fault): Promise<Response> {
  switch (fault) {
    case "500":
      return Promise.resolve(new Response("<!doctype html><h1>502 Bad Gateway</h1>", { status: 500, headers: { "content-type": "text/html" } }));
    case "timeout":
      return Promise.reject(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
    case "reset":
      return Promise.reject(new TypeError("Network connection lost."));
    case "malformed":
      return Promise.resolve(new Response('{"data":{"code":100,"ref_id":', { status: 200, headers: { "content-type": "application/json" } }));
    case "empty":
      return Promise.resolve(new Response("", { status: 200, headers: { "content-type": "application/json" } }));
  }
}

/** Makes the Worker's (and this isolate's) fetch fail for URLs matching `pattern`, `times` times. */
function breakUpstream(pattern: RegExp, fault: Fault, times = Infinity) {
  let left = times;
  vi.spyOn(globalThis, "fetch").mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (pattern.test(url) && left > 0) {
      left--;
      return faultResponse(fault);
    }
    return realFetch(input, init);
  });
}

/** One request through the Worker's fetch handler with `client`'s cookies and some bindings replaced. */
async function send(client: Client, path: string, init: RequestInit & { bindings?: Partial<Cloudflare.Env> } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("cf-connecting-ip", client.headers["cf-connecting-ip"] ?? "10.9.9.9");
  headers.set("cookie", [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
  if (init.method && init.method !== "GET") headers.set("x-csrf-token", await client.token());
  const bindings = new Proxy(env, {
    get: (t, k) => (typeof k === "string" && init.bindings && k in init.bindings ? init.bindings[k as keyof Cloudflare.Env] : Reflect.get(t, k)),
  });
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`https://daryaft.test${path}`, { ...init, headers, redirect: "manual" }), bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

async function paymentRow(id: string) {
  return env.DB.prepare("select status, failure_reason, amount from payments where id = ?")
    .bind(id)
    .first<{ status: string; failure_reason: string | null; amount: number }>();
}

// ---------- the bank ----------

/** Opens a Zarinpal payment for two articles; answers our callback path after paying at the fake bank. */
async function payAtZarinpal(client: Client): Promise<{ callback: string; paymentId: string }> {
  const res = await client.postForm("/gateway/zarinpal", { cart: JSON.stringify({ name: { article: 2 } }) });
  expect(res.status).toBe(303);
  const location = res.headers.get("location")!;
  const paid = await realFetch(`${location}/pay`, { redirect: "manual" });
  const back = new URL(paid.headers.get("location")!);
  const callback = `${back.pathname}${back.search}`;
  const authority = back.searchParams.get("Authority")!;
  const row = await env.DB.prepare("select id from payments where authority = ?").bind(authority).first<{ id: string }>();
  return { callback, paymentId: row!.id };
}

describe("the bank failing", () => {
  for (const fault of ["500", "timeout", "reset", "malformed", "empty"] as const) {
    it(`payment request answered ${fault}: a Persian error, no money moves, no pending payment left behind`, async () => {
      const { user, client } = await fundedClient();
      breakUpstream(/zarinpal\.com\/pg\/v4\/payment\/request\.json/, fault);
      vi.spyOn(console, "error").mockImplementation(() => {});
      vi.spyOn(console, "warn").mockImplementation(() => {});
      const token = await client.token();
      const res = await send(client, "/gateway/zarinpal", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ _token: token, cart: JSON.stringify({ name: { article: 2 } }) }),
      });
      expect(res.status).toBeLessThan(500);
      const text = await res.text();
      // Either an error answer in Persian, or a redirect to the payment page that says so in Persian.
      if (res.status === 303) {
        const id = new URL(res.headers.get("location")!, "https://daryaft.test").searchParams.get("id");
        expect(id, `redirected to ${res.headers.get("location")}`).toBeTruthy();
        const p = PaymentResult.parse(await (await client.get(`/payments/${id}`)).json());
        expect(p.status).not.toBe("paid");
        expect(p.message).toMatch(PERSIAN);
      } else {
        expect(text).toMatch(PERSIAN);
      }
      const pending = await env.DB.prepare("select count(*) as n from payments where user_id = ? and status = 'pending'").bind(user.id).first<{ n: number }>();
      expect(pending!.n).toBe(0);
      expect(await expectLedgerConsistent(user.id)).toMatchObject({ balance: 0, unlimited_article_credit: 0 });
    });
  }

  for (const fault of ["500", "timeout", "reset", "malformed", "empty"] as const) {
    it(`verify answered ${fault}: the payment stays pending (Persian status), nothing credited; replays once the bank is back credit exactly once`, async () => {
      const { user, client } = await fundedClient();
      const { callback, paymentId } = await payAtZarinpal(client);
      vi.spyOn(console, "error").mockImplementation(() => {});
      vi.spyOn(console, "warn").mockImplementation(() => {});
      breakUpstream(/zarinpal\.com\/pg\/v4\/payment\/verify\.json/, fault);
      const first = await send(client, callback);
      expect(first.status).toBe(302);
      expect((await paymentRow(paymentId))!.status).toBe("pending");
      const shown = PaymentResult.parse(await (await client.get(`/payments/${paymentId}`)).json());
      expect(shown.status).toBe("pending");
      expect(shown.message).toMatch(PERSIAN);
      expect(await balancesOf(user.id)).toMatchObject({ balance: 0, unlimited_article_credit: 0 });

      vi.restoreAllMocks();
      // The bank is back: the user's browser and the bank's retries replay the callback, 10 at once.
      const replays = await Promise.all(Array.from({ length: 10 }, () => newClient().get(callback)));
      for (const r of replays) expect(r.status).toBe(302);
      expect((await paymentRow(paymentId))!.status).toBe("paid");
      expect(await expectLedgerConsistent(user.id)).toMatchObject({ balance: 0, unlimited_article_credit: 2 });
      const ledger = await env.DB.prepare("select count(*) as n from ledger_entries where user_id = ? and reason = 'topup'")
        .bind(user.id)
        .first<{ n: number }>();
      expect(ledger!.n).toBeLessThanOrEqual(1);
    });
  }
});

// ---------- licensed copies ----------

describe("licensed copies and R2", () => {
  it("an Elsevier PDF cut off in transit is retried, not stored and not charged; the whole copy later charges once", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { user, client } = await fundedClient({ unlimited: 2 });
    const job = await seedProcessingJob(scenarioDoi("licensed"));
    const truncating = async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await realFetch(input, init);
      if (!(res.headers.get("content-type") ?? "").includes("pdf")) return res;
      const bytes = new Uint8Array(await res.arrayBuffer());
      const headers = new Headers(res.headers);
      headers.delete("content-length");
      return new Response(bytes.slice(0, Math.floor(bytes.length * 0.7)), { status: res.status, headers });
    };
    const cut = await deliver(job, { env: LICENSED_ENV, deps: { fetch: truncating } });
    expect(cut.explicitAcks).toEqual([]);
    expect(cut.retryMessages.length).toBe(1);
    expect((await jobState(job.key))!.phase).toBe("processing");
    expect((await check(client, job.id)).status).toBe("processing");
    expect(await balancesOf(user.id)).toMatchObject({ unlimited_article_credit: 2 });

    const whole = await deliver(job, { env: LICENSED_ENV, attempts: 2 });
    expect(whole.explicitAcks.length).toBe(1);
    const results = await Promise.all(Array.from({ length: 5 }, () => check(client, job.id)));
    for (const r of results) expect(r.status).toBe("ok");
    expect(await expectLedgerConsistent(user.id)).toMatchObject({ unlimited_article_credit: 1 });
  });

  it("R2 failing while a charged user downloads: a Persian error; the retry downloads without a second charge", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user, client } = await fundedClient({ unlimited: 1 });
    const job = await seedProcessingJob(scenarioDoi("licensed"));
    await deliver(job, { env: LICENSED_ENV });
    const ok = await check(client, job.id);
    expect(ok.status).toBe("ok");
    expect((await balancesOf(user.id)).unlimited_article_credit).toBe(0);

    const failingBucket = new Proxy(env.FILES, {
      get(target, key) {
        if (key === "get" || key === "head")
          return async () => Promise.reject(new Error("R2 get: We encountered an internal error. Please try again. (10001)"));
        const v = Reflect.get(target, key);
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
    const failed = await send(client, ok.download_link!, { bindings: { FILES: failingBucket } });
    expect(failed.status).not.toBe(200);
    expect(await failed.text()).toMatch(PERSIAN);

    const again = await check(client, job.id);
    expect(again.status).toBe("ok");
    const file = await client.get(again.download_link!);
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect(await expectLedgerConsistent(user.id)).toMatchObject({ unlimited_article_credit: 0 });
    const spends = await env.DB.prepare("select count(*) as n from ledger_entries where user_id = ? and delta < 0").bind(user.id).first<{ n: number }>();
    expect(spends!.n).toBe(1);
  });
});

// ---------- SMS provider ----------

describe("the SMS provider failing", () => {
  for (const fault of ["500", "timeout", "malformed"] as const) {
    it(`Kavenegar answering ${fault}: the mobile dialog gets a Persian error (502 in the error model); the code is not counted as sent`, async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      vi.spyOn(console, "warn").mockImplementation(() => {});
      const { client } = await fundedClient({}, { mobileVerified: false });
      const mobile = `0913${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
      breakUpstream(/kavenegar\.com/, fault);
      const bindings = { KAVENEGAR_API_KEY: "test-kavenegar-key" } as Partial<Cloudflare.Env>;
      const res = await send(client, "/profile/send/mobile/code", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ mobile }),
        bindings,
      });
      // The provider's failure is named as such (502, a deliberate "bad gateway"), in the error model.
      expect([200, 502, 503]).toContain(res.status);
      const body = (await res.json()) as { status?: string; error?: string; message?: string };
      expect(body.status).toBe("error");
      expect(body.error).toMatch(PERSIAN);

      // The provider is back: sending again is allowed at once (the failed send started no resend timer).
      vi.restoreAllMocks();
      const retry = await send(client, "/profile/send/mobile/code", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ mobile }),
        bindings,
      });
      expect(await retry.json()).toEqual({ status: "ok" });
    });
  }
});
