/**
 * Issue 14 §3–5 and issue 15 item 11, through the Worker, the real queue and the fake upstream:
 * the right file (verified from its text before it is stored), provenance on every served file,
 * retractions as data, and the /getpdf/start allowance.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ProfileDownloads } from "../../contract/getpdf";
import { START_LIMITS } from "../../worker/features/getpdf/start-limit";
import { clientFor, makeUser, newClient, uniqueIp } from "./auth-helpers";
import { schema } from "../../db/client";
import { Client } from "./helpers";
import { db, fundedClient } from "./wallet-factories";
import { LICENSED_ENV, check, deliver, download, hitsFor, jobState, scenarioDoi, seedProcessingJob, startAndWait, uniqueN } from "./getpdf-helpers";

const stepOf = async (key: string, step: string) => (await jobState(key))!.steps.find((s) => s.step === step);

describe("the right file, verified before it is stored", () => {
  it("skips a first location that serves another paper's PDF (recorded as mismatch) and serves the right one", async () => {
    const n = uniqueN();
    const doi = `10.5555/wrong-first-${n}`;
    const c = newClient();
    const r = await startAndWait(c, doi);
    expect(r.status).toBe("ok");
    // Both locations were fetched: the wrong one first.
    expect(await hitsFor("publisher", doi)).toBe(2);
    const unpaywall = await stepOf(`doi:${doi}`, "unpaywall");
    expect(unpaywall!.detail).toMatch(/mismatch https:\/\/oa\.publisher\.test\/other\//);
    expect(unpaywall!.detail).toMatch(/found https:\/\/repo\.example\.test\/bitstream\//);
    expect(r.provenance).toEqual({ verified: "doi_on_page", version: "acceptedVersion", license: "cc-by-nc", host: "repo.example.test" });
    // The stored bytes are the right paper's.
    const file = await download(c, r.download_link!);
    const text = new TextDecoder("latin1").decode(await file.arrayBuffer());
    expect(text).toContain(`DOI ${doi}`);
    expect(text).not.toContain("zooplankton");
  });

  it("a DOI whose only copy is another paper's ends offline, not ok, and nothing is stored", async () => {
    const doi = scenarioDoi("wrong-only");
    const r = await startAndWait(newClient(), doi);
    expect(r).toMatchObject({ status: "offline", download_link: null, provenance: null });
    expect((await stepOf(`doi:${doi}`, "unpaywall"))!.outcome).toBe("mismatch");
    expect(await env.FILES.head(`doi/${doi}.pdf`)).toBeNull();
    expect(await env.DB.prepare("select count(*) n from stored_files where key = ?").bind(`doi/${doi}.pdf`).first("n")).toBe(0);
  });

  it("skips a location whose repository cover sheet names the paper over another paper's PDF (mismatch) and serves the right copy", async () => {
    const doi = scenarioDoi("cover-mixup");
    const c = newClient();
    const r = await startAndWait(c, doi);
    expect(r.status).toBe("ok");
    // Both locations were fetched: the cover over the wrong paper first.
    expect(await hitsFor("publisher", doi)).toBe(2);
    const unpaywall = await stepOf(`doi:${doi}`, "unpaywall");
    expect(unpaywall!.detail).toMatch(/mismatch https:\/\/repo\.example\.test\/cover-other\/.*cover sheet.*another work/);
    expect(unpaywall!.detail).toMatch(/found https:\/\/repo\.example\.test\/bitstream\//);
    expect(r.provenance).toEqual({ verified: "doi_on_page", version: "acceptedVersion", license: "cc-by-nc", host: "repo.example.test" });
    const text = new TextDecoder("latin1").decode(await (await download(c, r.download_link!)).arrayBuffer());
    expect(text).toContain(`DOI ${doi}`);
    expect(text).not.toContain("zooplankton");
  });

  it("refuses a PDF without a text layer from a repository location (offline)", async () => {
    const doi = scenarioDoi("scanned");
    const r = await startAndWait(newClient(), doi);
    expect(r.status).toBe("offline");
    expect((await stepOf(`doi:${doi}`, "unpaywall"))!.detail).toMatch(/rejected .*scanned.*\(no_text:/);
    expect(await env.FILES.head(`doi/${doi}.pdf`)).toBeNull();
  });

  it("accepts a scan from arXiv by id, labelled unverified", async () => {
    const id = `2101.2${String(uniqueN()).slice(-4)}`;
    const r = await startAndWait(newClient(), `arXiv:${id}`);
    expect(r.status).toBe("ok");
    expect(r.provenance).toEqual({ verified: "unverified", version: "submittedVersion", license: null, host: "arxiv.org" });
    const row = await env.DB.prepare("select verification, version, source_host from stored_files where key = ?").bind(`doi/10.48550/arxiv.${id}.pdf`).first();
    expect(row).toEqual({ verification: "unverified", version: "submittedVersion", source_host: "arxiv.org" });
  });

  it("skips a location serving an erratum that cites the DOI and title, and serves the paper", async () => {
    const doi = scenarioDoi("notice-first");
    const r = await startAndWait(newClient(), doi);
    expect(r.status).toBe("ok");
    const unpaywall = await stepOf(`doi:${doi}`, "unpaywall");
    expect(unpaywall!.detail).toMatch(/mismatch https:\/\/oa\.publisher\.test\/notice\/.*notice or comment \("erratum"\)/);
    expect(r.provenance).toMatchObject({ verified: "doi_on_page", host: "repo.example.test", version: "acceptedVersion" });
  });

  it("another paper that lists the DOI and title in its references is not served (offline)", async () => {
    const doi = scenarioDoi("cited-only");
    const r = await startAndWait(newClient(), doi);
    expect(r).toMatchObject({ status: "offline", download_link: null, provenance: null });
    expect((await stepOf(`doi:${doi}`, "unpaywall"))!.outcome).toBe("mismatch");
    expect(await env.FILES.head(`doi/${doi}.pdf`)).toBeNull();
  });

  it("a password-locked PDF and '%PDF-' around HTML are refused even from the publisher's own links (exact sources)", async () => {
    const doi = scenarioDoi("unreadable");
    const r = await startAndWait(newClient(), doi);
    expect(r).toMatchObject({ status: "offline", download_link: null });
    const crossref = (await stepOf(`doi:${doi}`, "crossref"))!;
    expect(crossref.outcome).toBe("rejected");
    expect(crossref.detail).toMatch(/locked\/.*unreadable: locked by a password/);
    expect(crossref.detail).toMatch(/garbled\/.*unreadable: unreadable by pdf\.js/);
    expect(await env.FILES.head(`doi/${doi}.pdf`)).toBeNull();
  });

  it("PDF bombs from the publisher's own links (1 KB asking pdf.js for gigabytes) are refused within the read's budget, and the job ends", async () => {
    const doi = scenarioDoi("pdf-bomb");
    const r = await startAndWait(newClient(), doi);
    expect(r).toMatchObject({ status: "offline", download_link: null });
    const crossref = (await stepOf(`doi:${doi}`, "crossref"))!;
    expect(crossref.outcome).toBe("rejected");
    expect(crossref.detail).toMatch(/bomb-map\/.*unreadable: .*PdfBombError: it asks for more than \d+ map entries/);
    expect(crossref.detail).toMatch(/bomb-stream\/.*unreadable: .*PdfBombError: its streams decode past 32 MB/);
    expect(await env.FILES.head(`doi/${doi}.pdf`)).toBeNull();
  });

  it("a preprint listed as the published version is served labelled as the preprint it is", async () => {
    const doi = scenarioDoi("preprint-labelled");
    const r = await startAndWait(newClient(), doi);
    expect(r.status).toBe("ok");
    expect(r.provenance).toEqual({ verified: "title", version: "submittedVersion", license: "cc-by", host: "repo.example.test" });
    const row = await env.DB.prepare("select verification, version from stored_files where key = ?").bind(`doi/${doi}.pdf`).first();
    expect(row).toEqual({ verification: "title", version: "submittedVersion" });
  });

  it("an arXiv PDF with a text layer is verified by its id on the page", async () => {
    const id = `2101.0${String(uniqueN()).slice(-4)}`;
    const r = await startAndWait(newClient(), `arXiv:${id}`);
    expect(r.provenance?.verified).toBe("doi_on_page");
  });
});

describe("provenance on every served file", () => {
  it("records and answers how the file was verified, its version, licence and host", async () => {
    const doi = scenarioDoi("oa-unpaywall");
    const r = await startAndWait(newClient(), doi);
    expect(r.status).toBe("ok");
    expect(r.provenance).toEqual({ verified: "doi_on_page", version: "publishedVersion", license: "cc-by", host: "oa.publisher.test" });
    expect(r.other_version).toBeNull();
    const row = await env.DB.prepare("select verification, version, source_host, license from stored_files where key = ?").bind(`doi/${doi}.pdf`).first();
    expect(row).toEqual({ verification: "doi_on_page", version: "publishedVersion", source_host: "oa.publisher.test", license: "cc-by" });
  });

  it("serves the published version when a manuscript is listed first, and offers the manuscript", async () => {
    const doi = scenarioDoi("two-versions");
    const r = await startAndWait(newClient(), doi);
    expect(r.provenance).toMatchObject({ version: "publishedVersion", host: "oa.publisher.test" });
    expect(r.other_version).toEqual({ version: "acceptedVersion", url: `https://repo.example.test/bitstream/${doi}.pdf`, host: "repo.example.test" });
    // Only the published copy was downloaded.
    expect(await hitsFor("publisher", doi)).toBe(1);
  });

  it("a PMC copy answers its provenance (Europe PMC by PMCID, the PMCID on the page)", async () => {
    const doi = scenarioDoi("pmc");
    const r = await startAndWait(newClient(), doi);
    expect(r.status).toBe("ok");
    expect(r.provenance).toMatchObject({ verified: "doi_on_page", host: "europepmc.org" });
  });

  it("a licensed copy is verified too and answers its provenance with buy (guest) and ok (a credit)", async () => {
    const job = await seedProcessingJob(scenarioDoi("licensed"));
    await deliver(job, { env: LICENSED_ENV });
    // No host: the licensed source's internal id ("licensed:elsevier") is not an address users should read.
    const provenance = { verified: "doi_on_page", version: "publishedVersion", license: "مجوز سازمانی Elsevier", host: null };
    expect(await check(newClient(), job.id)).toMatchObject({ status: "buy", provenance });
    const { client } = await fundedClient({ unlimited: 1 });
    expect(await check(client, job.id)).toMatchObject({ status: "ok", provenance });
  });

  it("a cached copy re-served to a second user, and a guest, carries the same provenance", async () => {
    const doi = scenarioDoi("oa-unpaywall");
    const first = await startAndWait(await clientFor((await makeUser()).id), doi);
    const second = await startAndWait(await clientFor((await makeUser()).id), doi);
    const guest = await startAndWait(newClient(), doi);
    expect(first.provenance).toEqual({ verified: "doi_on_page", version: "publishedVersion", license: "cc-by", host: "oa.publisher.test" });
    expect(second.provenance).toEqual(first.provenance);
    expect(guest.provenance).toEqual(first.provenance);
    // One resolution: the second and third were served from the stored copy.
    expect(await hitsFor("publisher", doi)).toBe(1);
  });
});

describe("retractions as data", () => {
  it("a retracted work answers the structured notice, and the history keeps it", async () => {
    const n = uniqueN();
    const user = await makeUser();
    const c = await clientFor(user.id);
    const r = await startAndWait(c, `10.5555/retracted-${n}`);
    expect(r.status).toBe("ok");
    const notice = {
      type: "retraction",
      doi: `10.5555/retraction-notice-${n}`,
      date: expect.stringMatching(/^\d{4}-06-01$/),
      source: "crossref/publisher",
      relation: "updated_by",
    };
    expect(r.notices).toEqual([notice]);
    // The old sentence is gone from msg (the spec does not ask for it): the banner shows it.
    expect(r.msg).not.toMatch(/بازپس/);
    const list = ProfileDownloads.parse(await (await c.get("/profile/downloads")).json());
    expect(list.data.find((d) => d.doi === `10.5555/retracted-${n}`)!.notices).toEqual([notice]);
  });

  it("a pasted retraction notice says what it is about (update-to)", async () => {
    const n = uniqueN();
    const r = await startAndWait(newClient(), `10.5555/retraction-notice-${n}`);
    expect(r.notices).toEqual([
      { type: "retraction", doi: `10.5555/retracted-${n}`, date: expect.any(String), source: "crossref/publisher", relation: "update_to" },
    ]);
  });

  it("a work without updates answers an empty list", async () => {
    expect((await startAndWait(newClient(), scenarioDoi("oa-openalex"))).notices).toEqual([]);
  });
});

describe("/getpdf/start allowance (issue 15 item 11)", () => {
  it("refuses a user past the limit with 429, a Persian message and status error, even from fresh addresses", async () => {
    const user = await makeUser();
    const base = await clientFor(user.id);
    const fresh = () => {
      const c = new Client({ "cf-connecting-ip": uniqueIp() });
      c.cookies = new Map(base.cookies);
      return c;
    };
    const doi = scenarioDoi("none");
    // At once: the attempt is recorded before it is counted, so a burst cannot slip through.
    const answers = await Promise.all(Array.from({ length: START_LIMITS.user.limit + 5 }, () => fresh().get(`/getpdf/start?url=${encodeURIComponent(doi)}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200).length).toBe(START_LIMITS.user.limit);
    expect(statuses.filter((s) => s === 429).length).toBe(5);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    const body = (await refused.json()) as { status: string; error: string };
    expect(body.status).toBe("error");
    expect(body.error).toMatch(/دقیقهٔ دیگر دوباره تلاش کنید/);
    // Another user is not affected.
    expect((await (await clientFor((await makeUser()).id)).post("/getpdf/start", { url: doi })).status).toBe(200);
  }, 60_000);

  it("limits one address across guests, high enough for a campus", async () => {
    const ip = uniqueIp();
    const doi = scenarioDoi("none");
    const c = new Client({ "cf-connecting-ip": ip });
    // The address has used all but one of its starts (recorded as the route records them).
    const keys = Array.from({ length: START_LIMITS.address.limit - 1 }, () => `getpdf_start:ip:${ip}`);
    for (let i = 0; i < keys.length; i += 40)
      await db()
        .insert(schema.rateLimitHits)
        .values(keys.slice(i, i + 40).map((key) => ({ key, at: new Date() })));
    expect((await c.get(`/getpdf/start?url=${encodeURIComponent(doi)}`)).status).toBe(200);
    const refused = await c.post("/getpdf/start", { url: doi });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { status: string }).status).toBe("error");
    // Another address, and a signed-in user at another address, are not affected.
    expect((await newClient().post("/getpdf/start", { url: doi })).status).toBe(200);
  });
});
