/**
 * The lawful open collections live in the book search (sources free, report, standard) and their
 * files through our pipeline: each source's results in the spec's book-result shape after the
 * catalogue's, a download fetched from the collection, verified against its record and stored,
 * a file of another work refused, and an outage said beside the other sources' results.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { BookSearchResponse, type BookResult } from "../../contract/search";
import { newClient } from "./auth-helpers";
import { Client } from "./helpers";
import { deliver, download, hitsFor, jobState, seedProcessingJob, start, waitForResult } from "./getpdf-helpers";

beforeAll(async () => {
  // One free catalogue record imported from OAPEN (its page is its link): served through the pipeline too.
  await env.DB.prepare(
    "INSERT INTO catalog_items (type, title, authors, year, publisher, isbn, language, free, license, links, keywords, external_id, source, created_at) VALUES (0, 'A Handbook for Wellbeing Policy-Making', 'Frijters, Paul', 2020, 'Oxford University Press', '9780192896803', 'English', 1, 'https://creativecommons.org/licenses/by-nc-nd/4.0/', '[\"https://library.oapen.org/handle/20.500.12657/60760\"]', 'wellbeing public policy evaluation', 'oapen:20.500.12657/60760', 'OAPEN', ?)",
  )
    .bind(Date.now())
    .run();
});

async function search(body: Record<string, unknown>) {
  const res = await new Client().post("/book_search", body);
  expect(res.status, await res.clone().text()).toBe(200);
  return BookSearchResponse.parse(await res.json());
}

const live = (results: BookResult[]) => results.filter((r) => r.id < 0);

async function fetchThrough(link: string) {
  const c = newClient();
  const r = await waitForResult(c, await start(c, link), 30_000);
  return { c, r };
}

describe("free: OAPEN and Project Gutenberg after the catalogue", () => {
  it("maps both collections into the book-result shape, taking turns, after the catalogue's own", async () => {
    const body = await search({ keywords: "wellbeing policy", search_from: "free", count: 20 });
    expect(body.results[0]).toMatchObject({
      id: expect.any(Number),
      Title: "A Handbook for Wellbeing Policy-Making",
      Source: "OAPEN",
      download: "https://library.oapen.org/handle/20.500.12657/60760",
      demo: false,
    });
    expect(body.results[0]!.id).toBeGreaterThan(0);
    const l = live(body.results);
    expect(l.slice(0, 4).map((r) => r.Source)).toEqual(["OAPEN", "Project Gutenberg", "OAPEN", "Project Gutenberg"]);
    expect(l[0]).toMatchObject({
      type: 0,
      Title: "Optimising Emotions, Incubating Falsehoods: How to Protect the Global Civic Body from Disinformation and Misinformation",
      "Author(s)": "Bakir, Vian; McStay, Andrew",
      Year: 2022,
      Publisher: "Springer Nature",
      ISBN: "9783031135514",
      Extension: "pdf",
      Size: 6998878,
      Pages_biblio: 280,
      Language: "English",
      Url: "https://library.oapen.org/handle/20.500.12657/60780",
      link1: "https://library.oapen.org/handle/20.500.12657/60780",
      download: "https://library.oapen.org/handle/20.500.12657/60780",
      free: true,
      toman_price: null,
      Cover: "https://covers.openlibrary.org/b/isbn/9783031135514-M.jpg",
    });
    expect(l[1]).toMatchObject({
      Title: "Frankenstein: Or, The Modern Prometheus",
      "Author(s)": "Shelley, Mary Wollstonecraft",
      Extension: "epub",
      license: "Public domain in the USA (Project Gutenberg)",
      Cover: "https://www.gutenberg.org/cache/epub/84/pg84.cover.medium.jpg",
      download: "https://www.gutenberg.org/ebooks/84",
    });
    expect(body.live).toEqual([
      { source: "oapen", status: "ok", count: 16, more: false },
      { source: "gutenberg", status: "ok", count: expect.any(Number), more: false },
    ]);
    expect(body.total_results).toBe(1 + body.live!.reduce((n, s) => n + s.count, 0));
  });

  it("pages continue into the collections' results, each asked once an hour per query (the Cache API)", async () => {
    const q = { keywords: "tidal energy", search_from: "free", count: 10 };
    const p1 = await search({ ...q, page: 1 });
    const p2 = await search({ ...q, page: 2 });
    expect(p1.total_pages).toBeGreaterThanOrEqual(2);
    const ids = [...p1.results, ...p2.results].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(await hitsFor("oapen", "search:tidal energy")).toBe(1);
    expect(await hitsFor("gutendex", "search:tidal energy")).toBe(1);
    const past = await new Client().post("/book_search", { ...q, page: 99 });
    expect(past.status).toBe(422);
  });

  it("a collection that is down is said, and the other's results still come", async () => {
    const body = await search({ keywords: "fake:down-oapen wetlands", search_from: "free", count: 20 });
    expect(body.live).toEqual([
      { source: "oapen", status: "unavailable", count: 0, more: false },
      { source: "gutenberg", status: "ok", count: expect.any(Number), more: false },
    ]);
    expect(live(body.results).length).toBeGreaterThan(0);
    expect(live(body.results).every((r) => r.Source === "Project Gutenberg")).toBe(true);
  });

  it("every collection failing leaves the catalogue's answer (200, sources unavailable)", async () => {
    const body = await search({ keywords: "fake:500 astronomy", search_from: "free", count: 20 });
    expect(body.live!.every((s) => s.status === "unavailable")).toBe(true);
    expect(live(body.results)).toEqual([]);
  });
});

describe("report: NASA NTRS and OSTI; standard: IETF RFCs", () => {
  it("reports: public-use NASA documents and DOE technical reports, typed 3, with their numbers", async () => {
    const body = await search({ keywords: "machine teaming", search_from: "report", count: 30 });
    const l = live(body.results);
    expect(l.every((r) => r.type === 3 && r.free)).toBe(true);
    expect(l.slice(0, 2).map((r) => r.Source)).toEqual(["NASA NTRS", "OSTI"]);
    expect(l[0]).toMatchObject({
      Title: "Analyzing Natural Language Context in Human-Machine Teaming using Supervised Machine Learning",
      Number: "NF1676L-35089",
      license: "U.S. Government work (public use permitted, NASA)",
      download: "https://ntrs.nasa.gov/citations/20200003097",
    });
    expect(l[1]).toMatchObject({
      Title: "Cost Update: Commercial and Advanced Heliostat Collectors",
      Number: "NREL/TP-7A40-80482",
      Year: 2022,
      download: "https://www.osti.gov/biblio/1847876",
    });
    // The NASA paper that may hold copyrighted material is not offered.
    expect(l.map((r) => r.download)).not.toContain("https://ntrs.nasa.gov/citations/20205011070");
  });

  it("standards: RFCs, typed 2, numbered", async () => {
    const body = await search({ keywords: "http", search_from: "standard", count: 10 });
    expect(live(body.results)[0]).toMatchObject({
      type: 2,
      Title: "HTTP Semantics",
      Number: "RFC 9110",
      Source: "IETF RFC",
      Extension: "pdf",
      download: "https://www.rfc-editor.org/rfc/rfc9110",
    });
  });

  it("sources all and solutions stay the catalogue's alone", async () => {
    const body = await search({ keywords: "energy", search_from: "all", count: 10 });
    expect(body.live).toBeUndefined();
    expect(live(body.results)).toEqual([]);
  });
});

describe("their files through our pipeline, served from our origin with provenance", () => {
  it.each([
    ["OAPEN (PDF)", "https://library.oapen.org/handle/20.500.12657/60780", "oapen", "file:20.500.12657/60780", "application/pdf", "library.oapen.org"],
    ["Project Gutenberg (EPUB)", "https://www.gutenberg.org/ebooks/1342", "gutenberg", "file:1342", "application/epub+zip", "www.gutenberg.org"],
    ["NASA NTRS", "https://ntrs.nasa.gov/citations/20200003097", "ntrs", "file:20200003097", "application/pdf", "ntrs.nasa.gov"],
    ["OSTI", "https://www.osti.gov/biblio/1847876", "osti", "file:1847876", "application/pdf", "www.osti.gov"],
    ["IETF RFC", "https://www.rfc-editor.org/rfc/rfc9110", "rfceditor", "file:9110", "application/pdf", "www.rfc-editor.org"],
  ])("%s: the record from the collection's API, its file fetched, verified against it, stored", async (_name, link, provider, hitKey, type, host) => {
    const { c, r } = await fetchThrough(link);
    expect(r.status, r.msg).toBe("ok");
    expect(r.provenance).toMatchObject({ host });
    expect(["doi_on_page", "title", "trusted_source"]).toContain(r.provenance!.verified);
    expect(r.provenance!.license).toBeTruthy();
    expect(r.book?.title).toBeTruthy();
    const file = await download(c, r.download_link!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe(type);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(500);
    expect(await hitsFor(provider, hitKey)).toBeGreaterThan(0);
  });

  it("a catalogue record imported from a collection downloads through our origin the same way", async () => {
    const body = await search({ keywords: "wellbeing", search_from: "free", count: 10 });
    const item = body.results.find((x) => x.id > 0)!;
    const { r } = await fetchThrough(item.download!);
    expect(r.status).toBe("ok");
    expect(r.book?.title).toBe("A Handbook for Wellbeing Policy-Making");
    expect(r.provenance?.license).toBe("https://creativecommons.org/licenses/by-nc-nd/4.0/");
  });

  it("a file that is another work is not served as the work (each collection)", async () => {
    // Synthetic records numbered …9 serve another work's file (tests/fakes/providers/open-scenarios.ts).
    for (const link of [
      "https://library.oapen.org/handle/20.500.12657/700009",
      "https://www.gutenberg.org/ebooks/80009",
      "https://ntrs.nasa.gov/citations/2099000009",
      "https://www.osti.gov/biblio/9000009",
      "https://www.rfc-editor.org/rfc/rfc9509",
    ]) {
      const { r } = await fetchThrough(link);
      expect(r.status, link).toBe("offline");
      expect(r.download_link).toBeNull();
    }
  });

  it("a file host that is down is a failure worth retrying, not a false 'not found'", async () => {
    // Synthetic records numbered …8 have their file host answer 503.
    const job = await seedProcessingJob("https://www.osti.gov/biblio/9000008");
    const q = await deliver(job);
    expect(q.retryMessages.map((m) => m.msgId)).toEqual([`msg-${job.runId}`]);
    const state = await jobState(job.key);
    expect(state!.phase).toBe("processing");
    expect(state!.steps.find((s) => s.step === "open")).toMatchObject({ outcome: "failed" });
  });

  it("a link to a record the collection does not have ends as a request, without reading the pasted page", async () => {
    const { r } = await fetchThrough("https://ntrs.nasa.gov/citations/19990000001");
    expect(r.status).toBe("offline");
    expect(await hitsFor("ntrs", "citation:19990000001")).toBe(1);
  });
});
