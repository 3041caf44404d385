/**
 * Reading lists (issue 18) through the HTTP surface against the fake upstream: a 30-entry .bib and
 * a pasted 30-line list resolve on the link/DOI download's jobs, statuses per entry, the ZIP holds
 * exactly the available PDFs, the export round-trips, and only the owner reads a batch.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { BatchView } from "../../contract/batch";
import { parseCitations } from "../../lib/citations";
import { readableStem } from "../../lib/citations/slug";
import { makeUser, newClient } from "./auth-helpers";
import { createBatch, readBatch, readZip, uploadBatch, waitForBatch } from "./batch-helpers";
import { LICENSED_ENV, deliver, hitsFor, scenarioDoi, seedProcessingJob, uniqueN } from "./getpdf-helpers";
import { balancesOf, expectLedgerConsistent, fundedClient, signedInClient } from "./wallet-factories";
import { BatchOfflineQuote, BatchOfflineResult } from "../../contract/batch";

vi.setConfig({ testTimeout: 90_000 });

/** doi: the document; written: whether the list carries the DOI (else only the reference, found by the matcher). */
type Plan = { doi: string | null; written: boolean; title: string; year: number; expect: BatchView["entries"][number]["status"] };

/** The fake Crossref's title of scenario work n ("<kind words>: test article <n>", tests/fakes/providers/_shared.ts). */
const KIND_WORDS: Record<string, string> = { "oa-unpaywall": "Open access through Unpaywall", "oa-openalex": "Open access through OpenAlex" };

/** 30 references: open access by two routes, licensed, not found, Persian, retracted, and two without an identifier. */
function readingList(): Plan[] {
  const plan: Plan[] = [];
  const add = (kind: string, count: number, status: Plan["expect"], byReference = 0) => {
    for (let i = 0; i < count; i++) {
      const n = uniqueN();
      const written = i >= byReference;
      // A reference-only entry is the fake work's own citation (its authors, journal and year): the validator checks them.
      plan.push({
        doi: scenarioDoi(kind, n),
        written,
        title: written ? `A ${kind} study number ${i}` : `${KIND_WORDS[kind]}: test article ${n}`,
        year: written ? 2021 : 2020 + (n % 5),
        expect: status,
      });
    }
  };
  add("oa-unpaywall", 10, "ok", 3);
  add("oa-openalex", 5, "ok", 2);
  add("retracted", 2, "ok");
  add("licensed", 3, "buy"); // found by the licensed resolver beforehand (seedLicensed)
  add("none", 6, "offline");
  add("persian", 2, "error");
  for (let i = 0; i < 2; i++)
    plan.push({ doi: null, written: false, year: 2021, title: `An unfindable reference title ${uniqueN()} about nothing`, expect: "offline" });
  return plan;
}

/**
 * The licensed resolver is off in the test Worker's configuration; the licensed DOIs' shared jobs
 * are resolved with it switched on first, so the batch joins a found licensed copy (buy without credits).
 */
async function seedLicensed(plan: Plan[]) {
  for (const p of plan) {
    if (!p.doi?.includes("licensed")) continue;
    const job = await seedProcessingJob(p.doi);
    await deliver(job, { env: LICENSED_ENV });
  }
}

const AUTHORS = String.raw`Sadasiv{\'a}n, Shankar and Pond, Brooks B. and Pani, Amar K.`;

function asBibtex(plan: Plan[]): string {
  return plan
    .map(
      (p, i) =>
        `@article{ref${i},\n  author = {${AUTHORS}},\n  title = {${p.title}},\n  journal = {Journal of Fake Results},\n  year = {${p.year}},\n${p.doi && p.written ? `  doi = {${p.doi}},\n` : ""}}\n`,
    )
    .join("\n");
}

function expectStatuses(view: BatchView, plan: Plan[]) {
  expect(view.entries.map((e) => e.status)).toEqual(plan.map((p) => p.expect));
  expect(view.counts).toEqual({ processing: 0, ok: 17, buy: 3, offline: 8, error: 2 });
}

describe("POST /batch and GET /batch/{id}", () => {
  it("resolves a 30-entry .bib by identifier on shared jobs, with per-entry statuses, links, provenance and notices", async () => {
    const c = await signedInClient((await makeUser()).id);
    const plan = readingList();
    await seedLicensed(plan);
    const created = await createBatch(c, { file: { name: "chapter2.bib", content: asBibtex(plan) } });
    expect(created).toMatchObject({ count: 30, format: "bibtex" });
    const first = await readBatch(c, created.id);
    expect(first.entries).toHaveLength(30);
    expect(first.entries.some((e) => e.status === "processing" && e.step)).toBe(true);
    const view = await waitForBatch(c, created.id);
    expectStatuses(view, plan);
    for (const [i, e] of view.entries.entries()) {
      expect(e.input.title).toBe(plan[i]!.title);
      expect(e.input.authors).toEqual(["Sadasiván, Shankar", "Pond, Brooks B.", "Pani, Amar K."]);
      expect(e.lookup_kind).toBe(plan[i]!.written ? "identifier" : "reference");
      if (plan[i]!.doi) expect(e.work.doi).toBe(plan[i]!.doi);
      if (e.status === "ok") {
        expect(e.download_link).toMatch(/^\/files\/doi\//);
        expect(e.provenance.source).toBeTruthy();
        // The served file's provenance, as the link box shows it (issue 14 §4).
        expect(e.provenance.verified).toMatch(/^(doi_on_page|title|trusted_source|unverified)$/);
        expect(e.provenance.host).toBeTruthy();
        expect(e.work.title).toBeTruthy();
      } else expect(e.download_link).toBeNull();
    }
    const retracted = view.entries.filter((e) => e.work.doi?.includes("retracted"));
    expect(retracted).toHaveLength(2);
    for (const e of retracted) expect(e.notices.join(" ")).toMatch(/بازپس|Retract|retract/i);
    // The same document in someone else's list joins the resolved job: no second resolution.
    const other = newClient();
    const again = await createBatch(other, { text: [plan[0]!.doi!, plan[5]!.doi!].join("\n") });
    const otherView = await waitForBatch(other, again.id);
    expect(otherView.entries.map((e) => e.status)).toEqual(["ok", "ok"]);
    expect(await hitsFor("unpaywall", plan[0]!.doi!)).toBe(1);
    expect(await hitsFor("unpaywall", plan[5]!.doi!)).toBe(1);
  });

  it("resolves a pasted 30-line numbered reference list (identifiers inside references; the rest go to the reference matcher)", async () => {
    const c = await signedInClient((await makeUser()).id);
    const plan = readingList();
    await seedLicensed(plan);
    const text = plan
      .map((p, i) => `${i + 1}. Sadasivan S, Pond BB, Pani AK. ${p.title}. J Fake Res. ${p.year};3:1-9.${p.doi && p.written ? ` doi:${p.doi}` : ""}`)
      .join("\n");
    const created = await createBatch(c, { text });
    expect(created).toMatchObject({ count: 30, format: "text" });
    const view = await waitForBatch(c, created.id);
    expectStatuses(view, plan);
    expect(view.entries.map((e) => e.lookup_kind)).toEqual(plan.map((p) => (p.written ? "identifier" : "reference")));
    // Five DOIs found by reference matching alone, the two unfindable references left for offline requests.
    expect(view.entries.filter((e) => e.lookup_kind === "reference" && e.status === "ok").map((e) => e.work.doi)).toEqual(
      plan.filter((p) => !p.written && p.doi).map((p) => p.doi),
    );
  });

  it("lets a guest resolve up to 20 entries (open access only) and refuses 21 in Persian", async () => {
    const guest = newClient();
    const over = await uploadBatch(guest, { text: Array.from({ length: 21 }, () => scenarioDoi("oa-unpaywall")).join("\n") });
    expect(over.status).toBe(422);
    expect(JSON.stringify(await over.json())).toContain("۲۰");
    const list = [scenarioDoi("oa-unpaywall"), scenarioDoi("licensed")];
    await seedLicensed(list.map((doi) => ({ doi, written: true, title: "", year: 2021, expect: "buy" })));
    const view = await waitForBatch(guest, (await createBatch(guest, { text: list.join("\n") })).id);
    expect(view.entries.map((e) => e.status)).toEqual(["ok", "buy"]);
  });

  it("refuses empty, unreadable and oversized input in Persian without creating a batch", async () => {
    const c = newClient();
    const before = await env.DB.prepare("select count(*) n from batches").first<{ n: number }>();
    for (const input of [{ text: "" }, { text: "   \n  " }, { file: { name: "x.json", content: "{not json" } }, { text: "x".repeat(2 * 1024 * 1024 + 10) }]) {
      const res = await uploadBatch(c, input);
      expect(res.status).toBe(422);
      expect(JSON.stringify(await res.json())).toMatch(/[\u0600-\u06ff]/);
    }
    const after = await env.DB.prepare("select count(*) n from batches").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  it("reads files as reference managers write them: UTF-16 with a BOM (EndNote), Windows-1252, and a pasted [1] list as text, not JSON", async () => {
    const c = await signedInClient((await makeUser()).id);
    const doi = scenarioDoi("oa-unpaywall");
    const ris = `TY  - JOUR\r\nAU  - Müller, José\r\nTI  - Caféine et mémoire\r\nPY  - 2001\r\nM3  - doi:${doi}\r\nER  -\r\n`;
    const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from(ris).flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8])]);
    // Windows-1252: é is the single byte 0xE9, ü 0xFC (the text is Latin-1 apart from the control range).
    const cp1252 = new Uint8Array(Array.from(ris.replace("M3  - doi:", "DO  - ")).map((ch) => ch.charCodeAt(0)));
    for (const content of [utf16, cp1252]) {
      const created = await createBatch(c, { file: { name: "endnote.ris", content } });
      expect(created.format).toBe("ris");
      const [entry] = (await readBatch(c, created.id)).entries;
      expect(entry!.input).toMatchObject({ title: "Caféine et mémoire", authors: ["Müller, José"], doi });
      expect(entry!.lookup).toBe(doi);
    }
    const pasted = await createBatch(c, {
      text: `[1] A. Author, “A first paper,” J. Things, vol. 1, 2020, doi: ${doi}.\n[2] B. Writer, “A second paper that wraps\nonto another line,” Proc. Conf., 2019.`,
    });
    expect(pasted).toMatchObject({ format: "text", count: 2 });
  });

  it("answers 404 to another user, to a guest with another cookie and to no cookie; export and ZIP too", async () => {
    const owner = await signedInClient((await makeUser()).id);
    const { id } = await createBatch(owner, { text: scenarioDoi("oa-unpaywall") });
    const stranger = await signedInClient((await makeUser()).id);
    const guest = newClient();
    for (const c of [stranger, guest])
      for (const path of [`/batch/${id}`, `/batch/${id}/export?format=ris`, `/batch/${id}/zip`]) expect((await c.get(path)).status).toBe(404);
    const guestOwner = newClient();
    const g = await createBatch(guestOwner, { text: scenarioDoi("oa-unpaywall") });
    expect((await guestOwner.get(`/batch/${g.id}`)).status).toBe(200);
    expect((await newClient().get(`/batch/${g.id}`)).status).toBe(404);
    expect((await owner.get(`/batch/${g.id}`)).status).toBe(404);
  });
});

describe("GET /batch/{id}/zip and /export", () => {
  it("streams a ZIP holding exactly the available PDFs, byte for byte", async () => {
    const c = await signedInClient((await makeUser()).id);
    const plan = readingList().filter((_, i) => i % 3 === 0);
    await seedLicensed(plan);
    const { id } = await createBatch(c, { file: { name: "l.bib", content: asBibtex(plan) } });
    const view = await waitForBatch(c, id);
    const ok = view.entries.filter((e) => e.status === "ok");
    expect(ok.length).toBeGreaterThan(2);
    const res = await c.get(`/batch/${id}/zip`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const files = readZip(await res.arrayBuffer());
    // Named author-year-title (the list's authors and year, the matched work's title).
    expect(files.map((f) => f.name)).toEqual(ok.map((e) => `${readableStem({ author: e.input.authors[0], year: e.input.year, title: e.work.title })}.pdf`));
    for (const [i, f] of files.entries()) {
      const stored = await env.FILES.get(`doi/${ok[i]!.work.doi}.pdf`);
      expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(f.data);
    }
  });

  it("exports BibTeX, RIS and CSL-JSON with the found DOIs filled in, and each export reads back", async () => {
    const c = await signedInClient((await makeUser()).id);
    const doi = scenarioDoi("oa-unpaywall");
    const { id } = await createBatch(c, {
      file: {
        name: "l.ris",
        content: `TY  - JOUR\nTI  - A paper whose DOI is only in the link\nAU  - Doe, Jane\nPY  - 2020\nUR  - https://doi.org/${doi}\nER  - \n\nTY  - BOOK\nTI  - Some book\nPY  - 1999\nER  - \n`,
      },
    });
    await waitForBatch(c, id);
    for (const format of ["bibtex", "ris", "csljson"] as const) {
      const res = await c.get(`/batch/${id}/export?format=${format}`);
      expect(res.status).toBe(200);
      const back = parseCitations(await res.text(), format);
      expect(back.map((b) => [b.title, b.year, b.doi])).toEqual([
        ["A paper whose DOI is only in the link", "2020", doi],
        ["Some book", "1999", null],
      ]);
      expect(back[0]!.authors).toEqual(["Doe, Jane"]);
    }
    expect((await c.get(`/batch/${id}/export?format=docx`)).status).toBe(422);
  });
});

describe("offline requests for the rest", () => {
  it("prices them first, then registers one per offline row with one credit and one ledger entry each, once even when submitted twice at once", async () => {
    const { user, client: c } = await fundedClient({ offline: 5 });
    const list = [scenarioDoi("oa-unpaywall"), scenarioDoi("none"), scenarioDoi("none"), `An unfindable reference title ${uniqueN()} about nothing`];
    const { id } = await createBatch(c, { text: list.join("\n") });
    const view = await waitForBatch(c, id);
    expect(view.entries.map((e) => e.status)).toEqual(["ok", "offline", "offline", "offline"]);
    const quote = BatchOfflineQuote.parse(await (await c.get(`/batch/${id}/offline`)).json());
    expect(quote).toMatchObject({ count: 3, credits_needed: 3, credits_available: 5, shortfall: 0, refused: 0, already: 0 });
    // nothing charged by the quote
    expect((await balancesOf(user.id)).offline_article_credit).toBe(5);
    const [a, b] = await Promise.all([c.post(`/batch/${id}/offline`, {}), c.post(`/batch/${id}/offline`, {})]);
    const results = [BatchOfflineResult.parse(await a.json()), BatchOfflineResult.parse(await b.json())];
    expect(results.map((r) => r.requested).reduce((x, y) => x + y)).toBe(3);
    expect(new Set(results.flatMap((r) => r.ids)).size).toBe(3);
    expect((await balancesOf(user.id)).offline_article_credit).toBe(2);
    const ledger = await env.DB.prepare("select count(*) n from ledger_entries where user_id = ? and reason = 'spend_offline'")
      .bind(user.id)
      .first<{ n: number }>();
    expect(ledger!.n).toBe(3);
    await expectLedgerConsistent(user.id);
    // a third submission: nothing left to request, nothing charged
    const again = BatchOfflineResult.parse(await (await c.post(`/batch/${id}/offline`, {})).json());
    expect(again).toMatchObject({ requested: 0, already: 3 });
    expect((await balancesOf(user.id)).offline_article_credit).toBe(2);
    expect(BatchOfflineQuote.parse(await (await c.get(`/batch/${id}/offline`)).json()).count).toBe(0);
  });

  it("refuses in Persian, charging nothing, when the credits do not cover every row; guests and strangers cannot", async () => {
    const { user, client: c } = await fundedClient({ offline: 1 });
    const { id } = await createBatch(c, { text: [scenarioDoi("none"), scenarioDoi("none")].join("\n") });
    await waitForBatch(c, id);
    expect(BatchOfflineQuote.parse(await (await c.get(`/batch/${id}/offline`)).json())).toMatchObject({ count: 2, shortfall: 1 });
    const res = await c.post(`/batch/${id}/offline`, {});
    expect(JSON.stringify(await res.json())).toContain("اعتبار");
    expect((await balancesOf(user.id)).offline_article_credit).toBe(1);
    const stranger = await signedInClient((await makeUser()).id);
    expect((await stranger.post(`/batch/${id}/offline`, {})).status).toBe(404);
    expect((await newClient().get(`/batch/${id}/offline`)).status).toBe(401);
  });
});
