import { afterEach, describe, expect, it, vi } from "vitest";
import { latestCode, latestLink, newClient, register, registration, uniqueMobile } from "./auth-helpers";

/** Everything the Worker writes to the console while `fn` runs. */
async function captureLogs(fn: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const grab = (...args: unknown[]) => void lines.push(args.map((a) => (typeof a === "string" ? a : (JSON.stringify(a) ?? String(a)))).join(" "));
  for (const level of ["log", "info", "warn", "error", "debug"] as const) vi.spyOn(console, level).mockImplementation(grab);
  await fn();
  return lines;
}

afterEach(() => vi.restoreAllMocks());

describe("logs", () => {
  it("carry no password, code, token or cookie through register → code → verify → login → reset", async () => {
    const secrets: string[] = [];
    const lines = await captureLogs(async () => {
      const c = newClient();
      const data = registration({ password: "Pa55-word-registered", password_confirmation: "Pa55-word-registered" });
      await register(c, data);
      secrets.push(data.password, c.cookies.get("__Host-daryaft_session")!, await c.token());

      await c.post("/profile/send/mobile/code", { mobile: data.mobile });
      const code = await latestCode(data.mobile);
      const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
      secrets.push(code, wrongCode);
      await c.post("/profile/mobile/verify", { code: wrongCode });
      await c.post("/profile/mobile/verify", { code });

      await c.post("/logout", {});
      await c.post("/login", { email: data.email, password: "wrong-Pa55-guess" });
      secrets.push("wrong-Pa55-guess");
      await c.post("/login", { email: data.mobile, password: data.password, remember: true });
      secrets.push(c.cookies.get("__Host-daryaft_session")!);

      // Reset by SMS code, then by e-mail link.
      await newClient().post("/password/reset/request", { identifier: data.mobile });
      const resetCode = await latestCode(data.mobile);
      secrets.push(resetCode);
      await newClient().post("/password/reset/confirm", {
        identifier: data.mobile,
        code: resetCode,
        password: "Reset-by-sms-pw",
        password_confirmation: "Reset-by-sms-pw",
      });
      secrets.push("Reset-by-sms-pw");

      await newClient().post("/password/reset/request", { identifier: data.email });
      const token = (await latestLink(data.email)).searchParams.get("token")!;
      secrets.push(token);
      await c.get(`/password/reset?token=${encodeURIComponent(token)}`);
      await newClient().post("/password/reset/confirm", { token, password: "Reset-by-mail-pw", password_confirmation: "Reset-by-mail-pw" });
      secrets.push("Reset-by-mail-pw");

      // An invalid body with a password in it (a 422 path) and an unexpected mobile.
      await newClient().post("/register", { ...registration({ mobile: uniqueMobile() }), password: "Short-7", password_confirmation: "Short-7" });
      secrets.push("Short-7");
    });

    // The capture works: the request log and the account events are there.
    expect(lines.some((l) => l.includes('"event":"request"'))).toBe(true);
    expect(lines.some((l) => l.includes("auth.login_failed"))).toBe(true);
    expect(lines.some((l) => l.includes("auth.password_reset"))).toBe(true);
    expect(lines.some((l) => l.includes("notify.sent"))).toBe(true);
    const all = lines.join("\n");
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(6);
      expect(all, `a secret appeared in the logs`).not.toContain(secret);
    }
  });
});
