/**
 * The open collections' clients against the fake upstream, which answers with the recorded
 * responses (tests/fixtures/SOURCES.md §12–16): each maps its provider's wire format into an
 * OpenRecord, keeps only what may lawfully be served, and types its failures.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { startFakeUpstream } from "../tests/fakes/upstream-server";
import { createDatatrackerClient } from "./datatracker";
import { createGutendexClient, gutendexBook } from "./gutendex";
import { createNtrsClient, ntrsCitation } from "./ntrs";
import { createOapenClient } from "./oapen";
import { OpenRecordSchema } from "./open-record";
import { createOpenLibraryClient } from "./openlibrary";
import { createOstiClient } from "./osti";
import { caught, recorder, useFakeUpstream } from "./test-support";
import { oaiRecords } from "./xoai";
import { parseXml } from "./xml";

const fake = useFakeUpstream(() => startFakeUpstream({ port: 0 }));
const { seen, fetch: recordingFetch } = recorder((input) => String(input));
const opts = (timeoutMs?: number) => ({ fetch: recordingFetch, upstreamBase: fake.url, rateLimiter: null, timeoutMs });
const fixture = (rel: string) => readFileSync(new URL(`../tests/fixtures/${rel}`, import.meta.url), "utf8");

describe("OAPEN (DSpace REST search, OAI-PMH xoai records)", () => {
  it("reads the recorded xoai ListRecords: titles under any language level, authors or editors, the PDF and its own licence", () => {
    const { records, error } = oaiRecords(parseXml(fixture("oapen/oai_xoai_listrecords.xml")), "oapen");
    expect(error).toBeNull();
    expect(records.map((r) => r.id)).toEqual(["20.500.12657/60744", "20.500.12657/60840", "20.500.12657/60780", "20.500.12657/60760"]);
    expect(records[0]).toMatchObject({
      title: "Das kolonisierte Heiligtum",
      subtitle: "Diskriminierungskritische Perspektiven auf das Verfahren der Musealisierung",
      authors: ["Balzar, Christoph"],
      year: 2022,
      publisher: "transcript Verlag",
      doi: "10.1515/9783839465257",
      language: "ger",
      pages: 232,
      license: "https://creativecommons.org/licenses/by-sa/4.0/",
      file: { url: "https://library.oapen.org/bitstream/20.500.12657/60744/1/9783839465257.pdf", format: "pdf", size: 29420625 },
      landingUrl: "https://library.oapen.org/handle/20.500.12657/60744",
    });
    expect(records[0]!.isbns).toEqual(["9783839465257", "9783837665253"]);
    // An edited volume: no author, four editors.
    expect(records[1]!.authors).toEqual([]);
    expect(records[1]!.editors).toHaveLength(4);
    // A title recorded under the en_US language level, not "none".
    expect(records[3]!.title).toBe("A Handbook for Wellbeing Policy-Making");
    expect(records[3]!.license).toBe("https://creativecommons.org/licenses/by-nc-nd/4.0/");
    for (const r of records) expect(OpenRecordSchema.parse(r)).toEqual(r);
  });

  it("searches through the REST API and maps items (no licence there), recorded items first", async () => {
    seen.length = 0;
    const page = await createOapenClient(opts()).search({ query: "emotions", limit: 5 });
    const q = new URL(seen[0]!).searchParams;
    expect([q.get("query"), q.get("expand"), q.get("limit"), q.get("offset")]).toEqual(["emotions", "metadata,bitstreams", "5", "0"]);
    expect(page.total).toBeNull();
    expect(page.records).toHaveLength(5);
    expect(page.records[0]).toMatchObject({
      id: "20.500.12657/60780",
      title: "Optimising Emotions, Incubating Falsehoods",
      authors: ["Bakir, Vian", "McStay, Andrew"],
      publisher: "Springer Nature",
      isbns: ["9783031135514"],
      license: null,
      pages: 280,
    });
    expect(page.records[0]!.file).toEqual({
      url: "https://library.oapen.org/rest/bitstreams/5b0b8a51-8f8e-4a58-9d0f-7ad2a0c2b8e4/retrieve",
      format: "pdf",
      size: 6998878,
    });
  });

  it("reads one record by handle through OAI (with its licence), null for an unknown handle, refuses a non-handle", async () => {
    const c = createOapenClient(opts());
    expect(await c.getRecord("20.500.12657/60780")).toMatchObject({
      title: "Optimising Emotions, Incubating Falsehoods",
      license: "http://creativecommons.org/licenses/by/4.0/",
    });
    expect(await c.getRecord("20.500.12657/1")).toBeNull();
    await expect(c.getRecord("../../etc/passwd")).rejects.toThrow(RangeError);
  });

  it("finds a book by ISBN-13 only when the record lists that ISBN", async () => {
    const c = createOapenClient(opts());
    expect((await c.findByIsbn("9783031135514")).map((r) => r.id)).toEqual(["20.500.12657/60780"]);
    expect(await c.findByIsbn("9780138147570")).toEqual([]);
  });

  it("types an outage", async () => {
    const c = createOapenClient(opts());
    expect((await caught(c.search({ query: "fake:down-oapen physics", limit: 5 }))).status).toBe(503);
    expect((await caught(c.search({ query: "fake:malformed", limit: 5 }))).kind).toBe("parse");
    expect((await caught(createOapenClient(opts(200)).search({ query: "fake:slow", limit: 5 }))).kind).toBe("timeout");
  });
});

describe("Gutendex (Project Gutenberg's catalogue)", () => {
  it("maps the recorded answer: public-domain books with Gutenberg's own EPUB", async () => {
    const page = await createGutendexClient(opts()).search({ query: "frankenstein" });
    expect(page.total).toBe(3 + 14);
    expect(page.records[0]).toMatchObject({
      provider: "gutenberg",
      id: "84",
      title: "Frankenstein",
      subtitle: "Or, The Modern Prometheus",
      authors: ["Shelley, Mary Wollstonecraft"],
      language: "en",
      license: "Public domain in the USA (Project Gutenberg)",
      file: { url: "https://www.gutenberg.org/ebooks/84.epub3.images", format: "epub", size: null },
      landingUrl: "https://www.gutenberg.org/ebooks/84",
      cover: "https://www.gutenberg.org/cache/epub/84/pg84.cover.medium.jpg",
    });
  });

  it("keeps out a book Gutenberg marks as copyrighted, or one without an EPUB", () => {
    const recorded = JSON.parse(fixture("gutendex/books_popular.json")).results[0];
    expect(gutendexBook({ ...recorded, copyright: true })).toBeNull();
    expect(gutendexBook({ ...recorded, copyright: null })).toBeNull();
    expect(gutendexBook({ ...recorded, formats: {} })).toBeNull();
  });

  it("looks a book up by number; a missing one is null; past the last page is no results", async () => {
    const c = createGutendexClient(opts());
    expect((await c.getBook(1342))!.title).toBe("Pride and Prejudice");
    expect(await c.getBook(7)).toBeNull();
    expect(await c.search({ query: "frankenstein", page: 9 })).toEqual({ total: 0, records: [] });
    expect((await caught(c.search({ query: "fake:down-gutendex x" }))).status).toBe(503);
  });
});

describe("NASA NTRS", () => {
  it("keeps only public documents NASA lets anyone use, with their PDF", async () => {
    seen.length = 0;
    const page = await createNtrsClient(opts()).search({ query: "synthetic data", size: 10 });
    const q = new URL(seen[0]!).searchParams;
    expect([q.get("q"), q.get("page.size"), q.get("disseminated"), q.get("distribution")]).toEqual(["synthetic data", "10", "DOCUMENT_AND_METADATA", "PUBLIC"]);
    expect(page.total).toBe(3 + 14);
    // The recorded paper marked MAY_INCLUDE_COPYRIGHT_MATERIAL is left out; the government work stays.
    expect(page.records.map((r) => r.id)).not.toContain("20205011070");
    expect(page.records[0]).toMatchObject({
      id: "20200003097",
      kind: "report",
      title: "Analyzing Natural Language Context in Human-Machine Teaming using Supervised Machine Learning",
      authors: ["Bryan A Barrows", "Lisa R Le Vie", "James E Ecker", "B Danette Allen"],
      publisher: "Langley Research Center",
      license: "U.S. Government work (public use permitted, NASA)",
      number: "NF1676L-35089",
      file: { url: "https://ntrs.nasa.gov/api/citations/20200003097/downloads/20200003097.pdf", format: "pdf", size: null },
    });
    expect(page.records[1]).toMatchObject({ id: "20160005928", year: 2015, license: "Public use permitted (NASA)" });
  });

  it("refuses a citation without a PDF or not public", () => {
    const c = JSON.parse(fixture("ntrs/citation_result_20160005928.json"));
    expect(ntrsCitation(c)).not.toBeNull();
    expect(ntrsCitation({ ...c, distribution: "NASA_ONLY" })).toBeNull();
    expect(ntrsCitation({ ...c, downloads: [] })).toBeNull();
    expect(ntrsCitation({ ...c, downloads: [{ mimetype: "application/pdf", links: { pdf: "https://elsewhere.example/x.pdf" } }] })).toBeNull();
  });

  it("reads one citation; a missing one is null", async () => {
    const c = createNtrsClient(opts());
    expect((await c.getCitation("20160005928"))!.title).toMatch(/^Lidar Sensor Performance/);
    expect(await c.getCitation("19990000001")).toBeNull();
    expect((await caught(c.search({ query: "fake:500", size: 5 }))).status).toBe(500);
  });
});

describe("OSTI", () => {
  it("keeps technical reports with OSTI's own full text, reads the total from X-Total-Count", async () => {
    const page = await createOstiClient(opts()).search({ query: "heliostat", rows: 10 });
    expect(page.total).toBe(4 + 14);
    expect(page.records.map((r) => r.id).slice(0, 3)).toEqual(["1847876", "1830070", "1837374"]);
    expect(page.records[0]).toMatchObject({
      title: "Cost Update: Commercial and Advanced Heliostat Collectors",
      authors: ["Kurup, Parthiv", "Akar, Sertac", "Glynn, Stephen", "Augustine, Chad", "Davenport, Patrick"],
      year: 2022,
      number: "NREL/TP-7A40-80482",
      doi: "10.2172/1847876",
      file: { url: "https://www.osti.gov/servlets/purl/1847876", format: "pdf", size: null },
    });
    // OSTI writes "None" for a missing report number; the journal article is not a report.
    expect(page.records[2]!.number).toBeNull();
    expect(page.records.map((r) => r.id)).not.toContain("1856447");
  });

  it("reads one record; unknown is null", async () => {
    const c = createOstiClient(opts());
    expect((await c.getRecord("1830070"))!.authors).toEqual(["Manger, Trevor"]);
    expect(await c.getRecord("123")).toBeNull();
    expect((await caught(c.search({ query: "fake:down-osti reactor", rows: 5 }))).status).toBe(503);
  });
});

describe("IETF RFCs (Datatracker, RFC Editor)", () => {
  it("searches titles with type=rfc, and an RFC number by name", async () => {
    seen.length = 0;
    const c = createDatatrackerClient(opts());
    const page = await c.searchRfcs({ query: "http", limit: 5 });
    const q = new URL(seen[0]!).searchParams;
    expect([q.get("type"), q.get("title__icontains"), q.get("format")]).toEqual(["rfc", "http", "json"]);
    expect(page.records[0]).toMatchObject({
      id: "9110",
      title: "HTTP Semantics",
      subtitle: "Internet Standard",
      number: "RFC 9110",
      pages: 194,
      doi: "10.17487/rfc9110",
      file: { url: "https://www.rfc-editor.org/rfc/rfc9110.pdf", format: "pdf", size: null },
    });
    seen.length = 0;
    const byNumber = await c.searchRfcs({ query: "RFC 9221", limit: 5 });
    expect(new URL(seen[0]!).searchParams.get("name")).toBe("rfc9221");
    expect(byNumber.records.map((r) => r.title)).toEqual(["An Unreliable Datagram Extension to QUIC"]);
    expect(await c.getRfc(42)).toBeNull();
  });
});

describe("Open Library Books API", () => {
  it("reads an edition by ISBN, OLID or OCLC (the recorded entry), null when unknown", async () => {
    const c = createOpenLibraryClient(opts());
    const e = await c.edition({ isbn: "9780980200447" });
    expect(e).toMatchObject({
      key: "/books/OL22853304M",
      title: "Slow reading",
      authors: ["John Miedema"],
      publishers: ["Litwin Books"],
      publishDate: "March 2009",
      pages: 92,
      isbn13: ["9780980200447", "9781936117369"],
      cover: "https://covers.openlibrary.org/b/id/5546156-M.jpg",
    });
    expect((await c.edition({ olid: "OL22853304M" }))!.title).toBe("Slow reading");
    expect((await c.edition({ oclc: "297222669" }))!.title).toBe("Slow reading");
    expect(await c.edition({ isbn: "9783161484100" })).toBeNull();
    await expect(c.edition({ isbn: "97801381475" })).rejects.toThrow(RangeError);
  });
});
