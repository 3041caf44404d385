/**
 * A reading list's licensed rows: resolving a list spends nothing; the owner pays
 * for the licensed rows at once with article credits (each document once, once even when pressed
 * twice at once, the ledger consistent), and they become downloadable; short of credits it stops
 * and says how many are left; nobody else can spend on or read someone's list. Exports of a
 * resolved list carry the matched works' authors, journal, year, volume and pages with readable
 * keys; the ZIP's entries are named author-year-title.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { BatchLicensedQuote, BatchLicensedResult } from "../../../contract/batch";
import { parseCitations } from "../../../lib/citations";
import { readableStem } from "../../../lib/citations/slug";
import { makeUser, newClient } from "../helpers/auth-helpers";
import { createBatch, readZip, waitForBatch } from "../helpers/batch-helpers";
import type { Client } from "../helpers/helpers";
import { LICENSED_ENV, deliver, download, isPdf, scenarioDoi, seedProcessingJob } from "../helpers/getpdf-helpers";
import { balancesOf, expectLedgerConsistent, fundedClient, signedInClient } from "../helpers/wallet-factories";

vi.setConfig({ testTimeout: 90_000 });

/** Licensed copies found beforehand by the licensed resolver (off in the test Worker's configuration). */
async function licensedDois(n: number): Promise<string[]> {
  const dois: string[] = [];
  for (let i = 0; i < n; i++) {
    const doi = scenarioDoi("licensed");
    await deliver(await seedProcessingJob(doi), { env: LICENSED_ENV });
    dois.push(doi);
  }
  return dois;
}

async function quote(c: Client, id: string) {
  const res = await c.get(`/batch/${id}/licensed`);
  expect(res.status, await res.clone().text()).toBe(200);
  return BatchLicensedQuote.parse(await res.json());
}

async function pay(c: Client, id: string) {
  const res = await c.post(`/batch/${id}/licensed`, {});
  expect(res.status, await res.clone().text()).toBe(200);
  return BatchLicensedResult.parse(await res.json());
}

const entitlementsOf = async (userId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM article_entitlements WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

describe("a reading list's licensed rows", () => {
  it("are not paid for by resolving the list; the owner's press pays each document once (twice at once too) and they download", async () => {
    const [a, b, c3] = await licensedDois(3);
    const oa = scenarioDoi("oa-unpaywall");
    const { user, client } = await fundedClient({ unlimited: 5 });
    // The same licensed document twice in the list: one payment.
    const { id } = await createBatch(client, { text: [a, b, c3, a, oa].join("\n") });
    const view = await waitForBatch(client, id);
    expect(view.entries.map((e) => e.status)).toEqual(["buy", "buy", "buy", "buy", "ok"]);
    expect((await balancesOf(user.id)).unlimited_article_credit).toBe(5);
    expect(await entitlementsOf(user.id)).toBe(0);

    expect(await quote(client, id)).toEqual({ count: 3, credits_available: 5, shortfall: 0 });
    const [first, second] = await Promise.all([pay(client, id), pay(client, id)]);
    expect(first.left + second.left).toBe(0);
    expect((await balancesOf(user.id)).unlimited_article_credit).toBe(2);
    expect(await entitlementsOf(user.id)).toBe(3);
    await expectLedgerConsistent(user.id);

    const after = await waitForBatch(client, id);
    expect(after.entries.map((e) => e.status)).toEqual(["ok", "ok", "ok", "ok", "ok"]);
    for (const e of after.entries.slice(0, 4)) {
      const res = await download(client, e.download_link!);
      expect(res.status).toBe(200);
      expect(isPdf(await res.arrayBuffer())).toBe(true);
    }
    // Pressed again: nothing left to pay for, nothing spent.
    expect(await pay(client, id)).toEqual({ status: "ok", paid: 0, left: 0 });
    expect((await balancesOf(user.id)).unlimited_article_credit).toBe(2);
    expect(await quote(client, id)).toMatchObject({ count: 0, shortfall: 0 });
  });

  it("short of credits: pays what the credits cover, then stops and says how many are left", async () => {
    const dois = await licensedDois(3);
    const { user, client } = await fundedClient({ unlimited: 1 });
    const { id } = await createBatch(client, { text: dois.join("\n") });
    await waitForBatch(client, id);
    expect(await quote(client, id)).toEqual({ count: 3, credits_available: 1, shortfall: 2 });
    expect(await pay(client, id)).toEqual({ status: "ok", paid: 1, left: 2 });
    expect(await balancesOf(user.id)).toMatchObject({ unlimited_article_credit: 0 });
    await expectLedgerConsistent(user.id);
    const view = await waitForBatch(client, id);
    expect(view.entries.map((e) => e.status)).toEqual(["ok", "buy", "buy"]);
    expect(view.entries[1]!.download_link).toBeNull();
  });

  it("nobody else spends on or reads the list: another user gets 404 and nothing is spent; a guest is asked to sign in", async () => {
    const [doi] = await licensedDois(1);
    const owner = await signedInClient((await makeUser()).id);
    const { id } = await createBatch(owner, { text: doi! });
    await waitForBatch(owner, id);
    const { user: other, client: stranger } = await fundedClient({ unlimited: 3 });
    expect((await stranger.post(`/batch/${id}/licensed`, {})).status).toBe(404);
    expect((await stranger.get(`/batch/${id}/licensed`)).status).toBe(404);
    expect((await balancesOf(other.id)).unlimited_article_credit).toBe(3);
    expect(await entitlementsOf(other.id)).toBe(0);
    expect((await newClient().post(`/batch/${id}/licensed`, {})).status).toBe(401);
  });
});

describe("a resolved list's exports and ZIP", () => {
  it("a list of bare DOIs exports the matched works' authors, journal, year, volume and pages, with readable keys", async () => {
    const c = await signedInClient((await makeUser()).id);
    const dois = [scenarioDoi("oa-unpaywall"), scenarioDoi("oa-openalex")];
    const { id } = await createBatch(c, { text: dois.join("\n") });
    const view = await waitForBatch(c, id);
    expect(view.entries.map((e) => e.status)).toEqual(["ok", "ok"]);

    const bib = await (await c.get(`/batch/${id}/export?format=bibtex`)).text();
    const keys = [...bib.matchAll(/^@article\{([^,]+),/gm)].map((m) => m[1]);
    // Author, year, first word; two works of one author and year are told apart by a letter (sadasivan2023open, sadasivan2023opena).
    for (const [i, key] of keys.entries()) expect(key).toMatch(new RegExp(`^sadasivan${view.entries[i]!.work.year}open[a-z]?$`));
    expect(new Set(keys).size).toBe(keys.length);
    for (const format of ["bibtex", "ris"] as const) {
      const back = parseCitations(await (await c.get(`/batch/${id}/export?format=${format}`)).text(), format);
      expect(back).toHaveLength(2);
      for (const [i, r] of back.entries()) {
        expect(r.doi).toBe(dois[i]);
        expect(r.authors.slice(0, 2)).toEqual(["Sadasivan, Shankar", "Pond, Brooks B."]);
        expect(r.container).toBe("Journal of Fake Results");
        expect(r.year).toMatch(/^20\d\d$/);
        expect(r.volume).toMatch(/^\d+$/);
        expect(r.pages).toMatch(/^e\d+$/);
      }
    }
  });

  it("names the ZIP's files author-year-title, readable and ASCII, one name per file", async () => {
    const c = await signedInClient((await makeUser()).id);
    const doi = scenarioDoi("oa-unpaywall");
    // The same work twice, and one given with its authors in the list.
    const text = `${doi}\n${doi}\nMüller, J. (2019). Whatever the list says. doi:${scenarioDoi("oa-unpaywall")}`;
    const { id } = await createBatch(c, { text });
    const view = await waitForBatch(c, id);
    const ok = view.entries.filter((e) => e.status === "ok");
    expect(ok).toHaveLength(3);
    const files = readZip(await (await c.get(`/batch/${id}/zip`)).arrayBuffer());
    const names = files.map((f) => f.name);
    const stem = readableStem({ author: "Sadasivan, Shankar", year: ok[0]!.work.year, title: ok[0]!.work.title });
    expect(stem).toMatch(/^sadasivan-20\d\d-open-access-through-unpaywall-test-article-\d+$/);
    expect(names[0]).toBe(`${stem}.pdf`);
    expect(names[1]).toBe(`${stem}-2.pdf`);
    for (const n of names) expect(n).toMatch(/^[a-z0-9-]+\.pdf$/);
    expect(new Set(names).size).toBe(names.length);
  });
});
