import { describe, expect, it } from "vitest";
import { FILE_LINK_TTL_MS, filePath, keyFromPath, signFileLink, verifyFileLink } from "./signing";
import { makeTicket, readTicket } from "../getpdf/ticket";

const secret = "s3cret";
const now = 1_800_000_000_000;

function parts(link: string) {
  const u = new URL(link, "https://x");
  return { key: keyFromPath(u.pathname)!, exp: u.searchParams.get("exp") ?? undefined, sig: u.searchParams.get("sig") ?? undefined };
}

describe("signed file links", () => {
  it("round-trips keys with DOI characters through the path", () => {
    const key = "doi/10.1002/(sici)1097-4636(199706)35:4<431::aid-jbm4>3.0.co;2-c.pdf";
    expect(keyFromPath(filePath(key))).toBe(key);
    expect(keyFromPath("/files/doi/../secret")).toBeNull();
    expect(keyFromPath("/other/x")).toBeNull();
  });

  it("an open link verifies for anyone until it expires (24 h)", async () => {
    const p = parts(await signFileLink(secret, { key: "doi/10.1/x.pdf", now }));
    expect(await verifyFileLink(secret, { ...p, userId: null, now })).toEqual({ ok: true, boundTo: null });
    expect(await verifyFileLink(secret, { ...p, userId: "u2", now: now + FILE_LINK_TTL_MS - 1000 })).toEqual({ ok: true, boundTo: null });
    expect(await verifyFileLink(secret, { ...p, userId: null, now: now + FILE_LINK_TTL_MS + 1000 })).toEqual({ ok: false, reason: "expired" });
  });

  it("a bound link verifies only for its user; another key, secret or expiry fails", async () => {
    const p = parts(await signFileLink(secret, { key: "doi/10.1/x.pdf", now, userId: "u1" }));
    expect(await verifyFileLink(secret, { ...p, userId: "u1", now })).toEqual({ ok: true, boundTo: "u1" });
    expect(await verifyFileLink(secret, { ...p, userId: "u2", now })).toEqual({ ok: false, reason: "signature" });
    expect(await verifyFileLink(secret, { ...p, userId: null, now })).toEqual({ ok: false, reason: "signature" });
    expect(await verifyFileLink(secret, { ...p, key: "doi/10.1/y.pdf", userId: "u1", now })).toEqual({ ok: false, reason: "signature" });
    expect(await verifyFileLink("other", { ...p, userId: "u1", now })).toEqual({ ok: false, reason: "signature" });
    expect(await verifyFileLink(secret, { ...p, exp: String(Number(p.exp) + 86_400), userId: "u1", now })).toEqual({ ok: false, reason: "signature" });
  });
});

describe("poll tickets", () => {
  it("carry the job key, and refuse tampering", async () => {
    const { id, ticket } = await makeTicket(secret, "doi:10.1/x", now);
    expect(await readTicket(secret, id)).toEqual(ticket);
    expect(ticket.jobKey).toBe("doi:10.1/x");
    const [nonce, , sig] = id.split(".");
    const otherKey = Buffer.from("doi:10.1/y").toString("base64url");
    expect(await readTicket(secret, `${nonce}.${otherKey}.${sig}`)).toBeNull();
    expect(await readTicket("other", id)).toBeNull();
    expect(await readTicket(secret, "garbage")).toBeNull();
  });
});
