/**
 * Issue 15 item 2: a standard credit spent on a standard that has no file buys a request on the
 * delivery desk, made in the same batch as the spend (paid, with the 12-hour promise and the
 * "registered" notice); a rejection refunds the credit exactly once and the standard can be
 * ordered again; a delivery reaches the user.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { BOOK_PROMISE_MS, rejectTemplates } from "../../contract/offline";
import { StandardStatusResponse } from "../../contract/wallet";
import { outbox } from "./auth-helpers";
import type { Client } from "./helpers";
import { deskAction, deskActionOk, myRequests, pdfBytes, person, uploadFile } from "./offline-factories";
import { expectLedgerConsistent } from "./wallet-factories";

let noFile: number;
beforeAll(async () => {
  noFile = (await env.DB.prepare(
    "INSERT INTO catalog_items (type, title, standard_number, organization, free, links, created_at) VALUES (2, ?, 'D 9999', 'ASTM', 0, '[]', ?) RETURNING id",
  )
    .bind(`Standard without a file ${Date.now()}`, Date.now())
    .first<{ id: number }>())!.id;
});

const status = async (c: Client, id: number, extra: Record<string, unknown> = {}) =>
  StandardStatusResponse.parse(await (await c.post("/show/standard_status", { id, ...extra })).json());

async function requestsFor(userId: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, kind, status, paid_with, promise_at, created_at, doc_key FROM offline_requests WHERE user_id = ? AND doc_key = ?",
  )
    .bind(userId, `standard:${noFile}`)
    .all<Record<string, string | number | null>>();
  return results;
}

describe("a standard credit on a standard with no file", () => {
  it("creates a paid desk request in the same batch, with the promise and the notice; concurrent clicks spend one credit and make one request", async () => {
    const u = await person({ funding: { standard: 3 } });
    expect((await status(u.client, noFile)).standard_status).toBe("wait_or_credit");
    const answers = await Promise.all(Array.from({ length: 8 }, () => status(u.client, noFile, { use_credit: 1 })));
    for (const a of answers) expect(a.standard_status).toBe("wait");
    expect((await expectLedgerConsistent(u.user.id)).standard_credit).toBe(2);
    const rows = await requestsFor(u.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "standard", status: "paid", paid_with: "standard_credit" });
    expect(Number(rows[0]!["promise_at"]) - Number(rows[0]!["created_at"])).toBe(BOOK_PROMISE_MS);
    const mine = await myRequests(u.client, "books");
    expect(mine.find((r) => r.id === rows[0]!["id"])?.status).toBe("paid");
    expect((await outbox(u.user.email)).length).toBeGreaterThan(0);
  });

  it("a rejection refunds the credit exactly once (also when rejected twice at once), and the standard can be ordered again", async () => {
    const u = await person({ funding: { standard: 1 } });
    const admin = await person({ admin: true });
    expect((await status(u.client, noFile, { use_credit: 1 })).standard_status).toBe("wait");
    expect((await expectLedgerConsistent(u.user.id)).standard_credit).toBe(0);
    const [row] = await requestsFor(u.user.id);
    const id = String(row!["id"]);
    const rejections = await Promise.all([
      deskAction(admin.client, id, "reject", { template: "not_found" }),
      deskAction(admin.client, id, "reject", { template: "not_found" }),
    ]);
    expect(rejections.filter((r) => r.res.status === 200 && !("error" in r.json))).toHaveLength(1);
    expect((await deskAction(admin.client, id, "reject", { template: "not_found" })).json).toHaveProperty("error");
    expect((await expectLedgerConsistent(u.user.id)).standard_credit).toBe(1);
    const refunds = await env.DB.prepare("SELECT COUNT(*) AS n FROM ledger_entries WHERE user_id = ? AND account = 'standard_credit' AND reason = 'refund'")
      .bind(u.user.id)
      .first<{ n: number }>();
    expect(refunds!.n).toBe(1);
    expect((await outbox(u.user.email))[0]?.text).toContain(rejectTemplates.not_found);
    // no longer paid for: the dialog offers the credit again, and a new order makes a new request
    expect((await status(u.client, noFile)).standard_status).toBe("wait_or_credit");
    expect((await status(u.client, noFile, { use_credit: 1 })).standard_status).toBe("wait");
    expect((await requestsFor(u.user.id)).map((r) => r["status"]).sort()).toEqual(["paid", "rejected"]);
    expect((await expectLedgerConsistent(u.user.id)).standard_credit).toBe(0);
  });

  it("the desk delivers it to the user; delivery refunds nothing", async () => {
    const u = await person({ funding: { standard: 1 } });
    const admin = await person({ admin: true });
    await status(u.client, noFile, { use_credit: 1 });
    const [row] = await requestsFor(u.user.id);
    const id = String(row!["id"]);
    await deskActionOk(admin.client, id, "claim", {});
    const up = await uploadFile(admin.client, id, pdfBytes("standard"), "standard.pdf");
    expect(up.res.status, JSON.stringify(up.json)).toBe(200);
    expect((await myRequests(u.client, "books")).find((r) => r.id === id)).toMatchObject({ status: "delivered" });
    expect((await expectLedgerConsistent(u.user.id)).standard_credit).toBe(0);
  });
});
