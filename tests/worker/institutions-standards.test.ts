/** standard_download: a member whose contract lists it takes standards on the institution's quota, not their own credit. */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { StandardStatusResponse } from "../../contract/wallet";
import { usageMonth } from "../../worker/features/institutions/access";
import type { Client } from "./helpers";
import { makeUniversity, member, rowOf } from "./institutions-factories";

const NOW = Date.UTC(2026, 10, 20, 9);

async function standardWithFile(title: string) {
  return (await env.DB.prepare("INSERT INTO catalog_items (type, title, free, links, created_at) VALUES (2, ?, 0, ?, ?) RETURNING id")
    .bind(title, JSON.stringify([`https://files.example/${title}.pdf`]), NOW)
    .first<{ id: number }>())!.id;
}
async function standardWithoutFile(title: string) {
  return (await env.DB.prepare("INSERT INTO catalog_items (type, title, free, links, created_at) VALUES (2, ?, 0, '[]', ?) RETURNING id")
    .bind(title, NOW)
    .first<{ id: number }>())!.id;
}
const status = async (c: Client, id: number, extra: Record<string, unknown> = {}) =>
  StandardStatusResponse.parse(await (await c.post("/show/standard_status", { id, ...extra }, { now: NOW })).json());
async function used(universityId: string) {
  const row = await env.DB.prepare("SELECT used FROM university_usage WHERE university_id = ? AND access_key = 'standard_download' AND month = ?")
    .bind(universityId, usageMonth(NOW))
    .first<{ used: number }>();
  return row?.used ?? 0;
}

describe("POST /show/standard_status for university members", () => {
  it("downloads on the quota, once per standard, leaving the member's own credit alone", async () => {
    const uni = await makeUniversity({ access: ["standard_download"], quotas: { standard_download: 2 } });
    const { user, client } = await member(uni);
    const a = await standardWithFile("ISO-U1");
    expect((await status(client, a)).standard_status).toBe("credit");
    expect(await used(uni.id)).toBe(0);
    expect(await status(client, a, { use_credit: 1 })).toMatchObject({ standard_status: "free", download_link: "https://files.example/ISO-U1.pdf" });
    expect(await status(client, a, { use_credit: 1 })).toMatchObject({ standard_status: "free" });
    expect(await used(uni.id)).toBe(1);
    expect((await rowOf(user.id)).standardCredit).toBe(0);
  });

  it("when the quota is used up the member is asked to buy like anyone else", async () => {
    const uni = await makeUniversity({ access: ["standard_download"], quotas: { standard_download: 1 } });
    const { client } = await member(uni);
    const [a, b] = [await standardWithFile("ISO-U2"), await standardWithFile("ISO-U3")];
    expect((await status(client, a, { use_credit: 1 })).standard_status).toBe("free");
    expect((await status(client, b)).standard_status).toBe("buy");
    expect(await used(uni.id)).toBe(1);
  });

  it("a contract without standard_download gives nothing", async () => {
    const uni = await makeUniversity({ access: ["article_download"], quotas: { standard_download: 5 } });
    const { client } = await member(uni);
    const a = await standardWithFile("ISO-U4");
    expect((await status(client, a, { use_credit: 1 })).standard_status).toBe("buy");
    expect(await used(uni.id)).toBe(0);
  });

  it("ten concurrent downloads of one standard count one unit", async () => {
    const uni = await makeUniversity({ access: ["standard_download"], quotas: { standard_download: 5 } });
    const { client } = await member(uni);
    const a = await standardWithFile("ISO-U5");
    await client.token(); // one CSRF cookie before the burst
    const bodies = await Promise.all(
      Array.from({ length: 10 }, async () => (await client.post("/show/standard_status", { id: a, use_credit: 1 }, { now: NOW })).json()),
    );
    for (const b of bodies) expect(StandardStatusResponse.safeParse(b).success, JSON.stringify(b)).toBe(true);
    expect(await used(uni.id)).toBe(1);
  });

  it("a standard with no file takes no quota: nothing to download, nothing owed (the member's own credit orders it)", async () => {
    const uni = await makeUniversity({ access: ["standard_download"], quotas: { standard_download: 5 } });
    const { user, client } = await member(uni);
    const a = await standardWithoutFile("ISO-U6");
    expect((await status(client, a)).standard_status).toBe("buy");
    // Insisting, twice and at once, spends nothing and entitles nothing.
    await client.token();
    await Promise.all([status(client, a, { use_credit: 1 }), status(client, a, { use_credit: 1 })]);
    expect((await status(client, a, { use_credit: 1 })).standard_status).toBe("buy");
    expect(await used(uni.id)).toBe(0);
    const entitlement = await env.DB.prepare("SELECT 1 AS one FROM article_entitlements WHERE user_id = ? AND job_key = ?")
      .bind(user.id, `standard:${a}`)
      .first();
    expect(entitlement).toBeNull();
    // With a credit of their own, the credit orders it from the desk (the general rule of issue 15.2).
    await env.DB.prepare("UPDATE users SET standard_credit = 1 WHERE id = ?").bind(user.id).run();
    expect((await status(client, a)).standard_status).toBe("wait_or_credit");
    expect((await status(client, a, { use_credit: 1 })).standard_status).toBe("wait");
    expect(await used(uni.id)).toBe(0);
    const desk = await env.DB.prepare("SELECT status, paid_with FROM offline_requests WHERE user_id = ? AND kind = 'standard'").bind(user.id).all();
    expect(desk.results).toEqual([{ status: "paid", paid_with: "standard_credit" }]);
  });
});
