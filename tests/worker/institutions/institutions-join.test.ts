import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SendVerifyEmailResult } from "../../../contract/institutions";
import { buildUniversityInfo } from "../../../worker/features/auth/user-info";
import { rolesOf } from "../../../worker/lib/roles";
import { clientFor, db, makeUser, newClient, outbox } from "../helpers/auth-helpers";
import type { Client } from "../helpers/helpers";
import { makeUniversity, member, rowOf } from "../helpers/institutions-factories";

const T0 = Date.UTC(2026, 10, 20, 8, 0);
const HOUR = 3_600_000;

async function send(c: Client, email: string, now = T0, token?: string) {
  const t = token ?? (await c.token());
  const res = await c.get(`/send/verify/email?email=${encodeURIComponent(email)}&_token=${encodeURIComponent(t)}`, { now });
  return { res, json: (await res.json()) as Record<string, unknown> };
}

async function linkFor(email: string): Promise<string> {
  const [latest] = await outbox(email);
  const link = latest?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link for ${email}`);
  return new URL(link).pathname;
}

async function follow(c: Client, path: string, now: number) {
  const res = await c.get(path, { now });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!, "https://daryaft.test").searchParams.get("university_verify");
}

/** The page data's university part, as the page builder computes it for this user. */
async function pageData(userId: string) {
  const universityInfo = await buildUniversityInfo(db(), await rowOf(userId));
  return { universityInfo, userType: universityInfo ? "university" : "ordinary", roles: rolesOf(await rowOf(userId)) };
}

describe("joining an institution by e-mail link", () => {
  it("sends a link to an institutional address; following it sets the university once", async () => {
    const uni = await makeUniversity({ access: ["article_download", "book_download"] });
    const user = await makeUser();
    const c = await clientFor(user.id);
    const before = await pageData(user.id);
    expect(before.universityInfo).toBeNull();
    expect(before.userType).toBe("ordinary");

    const address = `s${Date.now() % 100000}@${uni.domain}`;
    const { res, json } = await send(c, address);
    expect(res.status).toBe(200);
    expect(SendVerifyEmailResult.parse(json)).toMatchObject({ status: "ok" });
    const path = await linkFor(address);
    expect((await rowOf(user.id)).universityId).toBeNull();

    // Following the link works from any browser (possession of the mailbox is the proof).
    expect(await follow(newClient(), path, T0 + HOUR)).toBe("joined");
    const row = await rowOf(user.id);
    expect(row.universityId).toBe(uni.id);
    expect(row.universityEmail).toBe(address);
    expect(row.universityVerifiedAt?.getTime()).toBe(T0 + HOUR);

    const after = await pageData(user.id);
    expect(after.roles).toContain("university");
    expect(after.userType).toBe("university");
    expect(after.universityInfo).toMatchObject({ name: uni.name, access: ["article_download", "book_download"] });

    // Reused: refused, nothing changes.
    expect(await follow(newClient(), path, T0 + 2 * HOUR)).toBe("used");
    expect((await rowOf(user.id)).universityVerifiedAt?.getTime()).toBe(T0 + HOUR);
  });

  it("accepts a subdomain of a registered domain", async () => {
    const uni = await makeUniversity();
    const c = await clientFor((await makeUser()).id);
    const { json } = await send(c, `x${Date.now() % 1000}@students.${uni.domain}`);
    expect(json.status).toBe("ok");
  });

  it("refuses an expired link", async () => {
    const uni = await makeUniversity();
    const user = await makeUser();
    const c = await clientFor(user.id);
    const address = `e${Date.now() % 100000}@${uni.domain}`;
    await send(c, address);
    const path = await linkFor(address);
    expect(await follow(newClient(), path, T0 + 24 * HOUR + 1)).toBe("expired");
    expect((await rowOf(user.id)).universityId).toBeNull();
  });

  it("a newer link supersedes the older one", async () => {
    const uni = await makeUniversity();
    const user = await makeUser();
    const c = await clientFor(user.id);
    const address = `n${Date.now() % 100000}@${uni.domain}`;
    await send(c, address);
    const first = await linkFor(address);
    expect((await send(c, address, T0 + 2 * 60_000)).json.status).toBe("ok");
    const second = await linkFor(address);
    expect(second).not.toBe(first);
    expect(await follow(newClient(), first, T0 + 3 * 60_000)).toBe("used");
    expect(await follow(newClient(), second, T0 + 3 * 60_000)).toBe("joined");
  });

  it("refuses unknown and malformed links", async () => {
    expect(await follow(newClient(), "/verify/university/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", T0)).toBe("invalid");
    expect(await follow(newClient(), "/verify/university/short", T0)).toBe("invalid");
  });

  it("refuses non-institutional addresses, resends within a minute, an address another account joined, and a wrong _token", async () => {
    const uni = await makeUniversity();
    const user = await makeUser();
    const c = await clientFor(user.id);
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM verification_codes WHERE user_id = ?").bind(user.id).first<{ n: number }>();

    const gmail = await send(c, "someone@gmail.com");
    expect(gmail.json).toEqual({ status: "error", error: expect.stringContaining("طرف قرارداد") });
    const bad = await send(c, "not-an-email");
    expect(bad.res.status).toBe(422);
    expect((bad.json.errors as Record<string, string[]>).email).toBeTruthy();
    const csrf = await send(c, `a@${uni.domain}`, T0, "x".repeat(43));
    expect(csrf.res.status).toBe(419);
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM verification_codes WHERE user_id = ?").bind(user.id).first<{ n: number }>();
    expect(after!.n).toBe(before!.n);

    expect((await send(c, `a${Date.now() % 1000}@${uni.domain}`)).json.status).toBe("ok");
    const again = await send(c, `b${Date.now() % 1000}@${uni.domain}`, T0 + 10_000);
    expect(again.res.status).toBe(429);

    // An address already joined by another account cannot be joined again.
    const holder = await member(uni);
    const taken = await send(c, (await rowOf(holder.user.id)).universityEmail!, T0 + 5 * 60_000);
    expect(taken.json).toMatchObject({ status: "error" });
  });

  it("guests are asked to log in", async () => {
    const c = newClient();
    const res = await c.get(`/send/verify/email?email=a@b.ac.ir&_token=${await c.token()}`);
    expect(res.status).toBe(401);
  });
});
