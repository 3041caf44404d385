/**
 * Every Set-Cookie the Worker can send on https, each checked: `__Host-` name, Secure, HttpOnly,
 * Path=/, no Domain, a SameSite. The flows below reach every cookie of the one writer's registry
 * (worker/lib/cookies.ts COOKIES); a cookie added there and not reached here fails the test, and
 * worker/lib/cookies.unit.test.ts fails on any cookie written around the registry.
 */
import { describe, expect, it } from "vitest";
import { CHROMIUM_EXTENSION_ID } from "../../contract/extension";
import { COOKIES } from "../../worker/lib/cookies";
import { PASSWORD, makeUser, newClient } from "./auth-helpers";
import { uploadBatch } from "./batch-helpers";
import { scenarioDoi } from "./getpdf-helpers";
import type { Client } from "./helpers";

const EXT_ORIGIN = `chrome-extension://${CHROMIUM_EXTENSION_ID}`;

/** Every Set-Cookie line seen, with the call that sent it. */
const seen: { call: string; line: string }[] = [];
async function track(call: string, res: Promise<Response>) {
  const r = await res;
  for (const line of r.headers.getSetCookie()) seen.push({ call, line });
  return r;
}

function checkLine(line: string) {
  const [pair, ...attrs] = line.split(";").map((s) => s.trim());
  const name = pair!.slice(0, pair!.indexOf("="));
  const has = (a: string) => attrs.some((x) => x.toLowerCase() === a.toLowerCase() || x.toLowerCase().startsWith(`${a.toLowerCase()}=`));
  const attr = (a: string) => attrs.find((x) => x.toLowerCase().startsWith(`${a.toLowerCase()}=`))?.split("=")[1];
  return {
    name,
    prefixed: name.startsWith("__Host-"),
    secure: has("Secure"),
    httpOnly: has("HttpOnly"),
    path: attr("Path"),
    domain: has("Domain"),
    sameSite: attr("SameSite"),
  };
}

describe("every cookie through one writer", () => {
  it("on https every Set-Cookie is __Host-, Secure, HttpOnly, Path=/, no Domain, with its SameSite; every registered cookie is reached", async () => {
    const site = newClient();
    await track("GET /last_articles", site.get("/last_articles"));
    await track("GET /csrf-token", site.get("/csrf-token"));
    const u = await makeUser();
    await track("POST /login", site.post("/login", { email: u.email, password: PASSWORD, remember: true }));
    await track("GET /profile/downloads (signed in)", site.get("/profile/downloads"));
    await track("POST /getpdf/start (signed in)", site.post("/getpdf/start", { url: scenarioDoi("none") }));
    // The extension's calls: its SameSite=None companions.
    const ext = newClient();
    ext.headers.origin = EXT_ORIGIN;
    await track("GET /csrf-token (extension)", ext.get("/csrf-token"));
    await track("POST /getpdf/start (extension)", ext.post("/getpdf/start", { url: scenarioDoi("none") }));
    // A guest's reading list.
    const guest = newClient();
    await track("POST /batch (guest)", uploadBatch(guest, { text: scenarioDoi("none") }));
    await track("POST /logout", site.post("/logout", {}));
    // A request with a stale session cookie.
    const stale: Client = newClient();
    stale.cookies.set("__Host-daryaft_session", "x".repeat(43));
    await track("GET /csrf-token (stale session)", stale.get("/csrf-token"));

    expect(seen.length).toBeGreaterThan(5);
    const problems: string[] = [];
    for (const { call, line } of seen) {
      const c = checkLine(line);
      const base = c.name.replace(/^__Host-/, "") as keyof typeof COOKIES;
      const want = COOKIES[base]?.sameSite;
      if (!want) problems.push(`${call}: ${c.name} is not in the registry`);
      if (!c.prefixed || !c.secure || !c.httpOnly || c.path !== "/" || c.domain || c.sameSite !== want) problems.push(`${call}: ${line}`);
    }
    expect(problems).toEqual([]);
    const names = new Set(seen.map(({ line }) => checkLine(line).name));
    expect([...names].sort()).toEqual(
      Object.keys(COOKIES)
        .map((n) => `__Host-${n}`)
        .sort(),
    );
  });

  it("a batch_owner planted without the prefix (a sibling subdomain's cookie) is ignored: the guest's list is bound to a fresh token", async () => {
    const planted = "planted-by-a-sibling-subdomain-0123456789";
    const victim = newClient();
    victim.cookies.set("batch_owner", planted);
    const res = await uploadBatch(victim, { text: scenarioDoi("none") });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    expect(victim.cookies.get("__Host-batch_owner")).toBeTruthy();
    expect(victim.cookies.get("__Host-batch_owner")).not.toBe(planted);
    for (const name of ["batch_owner", "__Host-batch_owner"]) {
      const attacker = newClient();
      attacker.cookies.set(name, planted);
      expect((await attacker.get(`/batch/${id}`)).status).toBe(404);
    }
    expect((await victim.get(`/batch/${id}`)).status).toBe(200);
  });
});
