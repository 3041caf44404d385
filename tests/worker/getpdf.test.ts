/**
 * Link/DOI download through the HTTP surface, against the fake upstream speaking the real wire
 * formats: every resolver path, statuses per user, history and feeds, signed file links.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ValidationErrorBody } from "../../contract/common";
import { DevJobTiming, GetPdfResult, LastArticles, ProfileDownloads } from "../../contract/getpdf";
import { UserInfo } from "../../contract/user-info";
import { readLastDownload } from "../../worker/features/getpdf/queries";
import { clientFor, makeUser, newClient } from "./auth-helpers";
import { Client, count } from "./helpers";
import {
  LICENSED_ENV,
  check,
  deliver,
  download,
  hitsFor,
  isPdf,
  jobState,
  scenarioDoi,
  seedProcessingJob,
  start,
  startAndWait,
  uniqueN,
  waitForResult,
} from "./getpdf-helpers";
import { DAY, balancesOf, db, expectLedgerConsistent, fundedClient } from "./wallet-factories";

/** The spec's fields, plus issue 14's notices, provenance and other_version. */
const RESULT_KEYS = [
  "ads1",
  "ads2",
  "can_edit",
  "desc",
  "doi",
  "download_link",
  "id",
  "msg",
  "msg2",
  "notices",
  "other_version",
  "provenance",
  "status",
  "url",
];

describe("POST /getpdf/start and /getpdf/check: open-access copies", () => {
  it("finds a copy through Unpaywall, answers exactly the spec's fields (and issue 14's), and the file downloads from our origin", async () => {
    const c = newClient();
    const doi = scenarioDoi("oa-unpaywall");
    const first = await start(c, doi, { wait: 0 });
    expect(Object.keys(first).sort()).toEqual(RESULT_KEYS);
    expect(first.status).toBe("processing");
    expect(first.msg2).toBeTruthy();
    const r = await waitForResult(c, first);
    expect(Object.keys(r).sort()).toEqual(RESULT_KEYS);
    expect(r).toMatchObject({ status: "ok", doi, url: `https://doi.org/${doi}`, can_edit: false });
    expect(r.download_link).toMatch(/^\/files\/doi\/10\.5555\/oa-unpaywall-\d+\.pdf\?exp=\d+&sig=[0-9a-f]{40}$/);
    expect(r.msg2).toContain("Unpaywall");
    expect(r.msg2).toContain("CC BY");
    expect(r.ads1?.link).toBeTruthy();
    expect(r.ads2?.text).toBeTruthy();
    const file = await download(c, r.download_link!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toMatch(/attachment/);
    expect(isPdf(await file.arrayBuffer())).toBe(true);
    // stored in R2 keyed by DOI, with its source and licence
    const stored = await env.DB.prepare("select source, license, access, size from stored_files where key = ?")
      .bind(`doi/${doi}.pdf`)
      .first<{ source: string; license: string; access: string; size: number }>();
    expect(stored).toMatchObject({ license: "cc-by", access: "open" });
    expect(stored!.source).toContain("Unpaywall");
    expect((await env.FILES.head(`doi/${doi}.pdf`))?.size).toBe(stored!.size);
  });

  it("accepts the form post and the GET forms of start and check", async () => {
    const c = newClient();
    const doi = scenarioDoi("oa-unpaywall");
    const viaForm = await start(c, `https://doi.org/${doi.toUpperCase()}`, { form: true });
    const viaGet = await start(c, `doi:${doi}`, { get: true });
    // the same document however it is written: one job
    expect((await waitForResult(c, viaForm)).status).toBe("ok");
    const checked = await check(c, viaGet.id, { get: true });
    expect(checked.status).toBe("ok");
    expect(await hitsFor("unpaywall", doi)).toBe(1);
  });

  it("falls through to OpenAlex when Unpaywall has nothing", async () => {
    const r = await startAndWait(newClient(), scenarioDoi("oa-openalex"));
    expect(r.status).toBe("ok");
    expect(r.msg2).toContain("OpenAlex");
  });

  it("follows a landing-page location to its citation_pdf_url", async () => {
    const doi = scenarioDoi("oa-landing");
    const r = await startAndWait(newClient(), doi);
    expect(r.status).toBe("ok");
    // the landing page and the PDF it names
    expect(await hitsFor("publisher", doi)).toBe(2);
  });

  it("rejects a 'PDF' that is really an HTML page and takes the next location", async () => {
    const doi = scenarioDoi("html-impostor");
    const r = await startAndWait(newClient(), doi);
    expect(r.status).toBe("ok");
    expect(r.msg2).toContain("مخزن"); // the repository copy, not the publisher's impostor
    const state = await jobState(`doi:${doi}`);
    expect(state!.steps.find((s) => s.step === "unpaywall")!.detail).toMatch(/rejected .*impostor.*not a PDF/);
  });

  it("moves on to the next resolver when Unpaywall answers 500", async () => {
    const doi = scenarioDoi("upstream-500");
    const r = await startAndWait(newClient(), doi);
    expect(r.status).toBe("ok");
    expect(r.msg2).toContain("OpenAlex");
    const steps = (await jobState(`doi:${doi}`))!.steps;
    expect(steps.find((s) => s.step === "unpaywall")).toMatchObject({ outcome: "failed" });
  });

  it("moves on when Unpaywall does not answer within its deadline", async () => {
    const doi = scenarioDoi("upstream-slow");
    const r = await startAndWait(newClient(), doi, 30_000);
    expect(r.status).toBe("ok");
    expect(r.msg2).toContain("OpenAlex");
    const unpaywall = (await jobState(`doi:${doi}`))!.steps.find((s) => s.step === "unpaywall")!;
    expect(unpaywall.outcome).toBe("failed");
    expect(unpaywall.ms).toBeLessThan(15_000);
  }, 40_000);

  it("finds an e-print through arXiv", async () => {
    const id = `2101.0${String(uniqueN()).slice(-4)}`;
    const r = await startAndWait(newClient(), `arXiv:${id}v2`);
    expect(r).toMatchObject({ status: "ok", doi: `10.48550/arxiv.${id}` });
    expect(r.msg2).toContain("arXiv");
    expect(await hitsFor("arxiv", id)).toBe(1);
  });

  it("finds an article in PubMed Central through Europe PMC, from its DOI or its PMCID", async () => {
    const n = uniqueN();
    const byDoi = await startAndWait(newClient(), `10.5555/pmc-${n}`);
    expect(byDoi.status).toBe("ok");
    expect(byDoi.msg2).toContain("Europe PMC");
    const m = uniqueN();
    const byPmcid = await startAndWait(newClient(), `PMC${9_000_000 + m}`);
    expect(byPmcid).toMatchObject({ status: "ok", doi: `10.5555/pmc-${m}` });
  });

  it("reads a pasted landing page (a URL without an identifier) for its DOI", async () => {
    const doi = scenarioDoi("oa-unpaywall");
    // An opaque id in the path (like a PII): a URL with the DOI in its path is now read by identify itself.
    const id = btoa(doi).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const r = await startAndWait(newClient(), `https://oa.publisher.test/landing/${id}?utm_source=mail`);
    expect(r).toMatchObject({ status: "ok", doi });
    const steps = (await jobState(`url:https://oa.publisher.test/landing/${id}`))!.steps;
    expect(steps.map((s) => s.step).slice(0, 3)).toEqual(["landing", "crossref", "unpaywall"]);
  });

  it("reads a pasted page that names only its arXiv id, and fetches the e-print by it", async () => {
    const id = `2101.0${String(uniqueN()).slice(-4)}`;
    const url = `https://oa.publisher.test/eprint/${btoa(id).replace(/=+$/, "")}`;
    const r = await startAndWait(newClient(), url);
    const steps = (await jobState(`url:${url}`))!.steps;
    expect(r.status).toBe("ok");
    expect(r.msg2).toContain("arXiv");
    expect(await hitsFor("arxiv", id)).toBe(1);
    expect(steps.find((s) => s.step === "landing")).toMatchObject({ outcome: "found", detail: `arXiv ${id}` });
  });

  it("shows retraction notices with the result, as data (tests/worker/getpdf-verify.test.ts has the rest)", async () => {
    const n = uniqueN();
    const r = await startAndWait(newClient(), `10.5555/retracted-${n}`);
    expect(r.status).toBe("ok");
    expect(r.notices).toEqual([
      {
        type: "retraction",
        doi: `10.5555/retraction-notice-${n}`,
        date: expect.stringMatching(/^\d{4}-06-01$/),
        source: "crossref/publisher",
        relation: "updated_by",
      },
    ]);
  });

  it("copes with records that leave out almost every optional field", async () => {
    expect((await startAndWait(newClient(), scenarioDoi("sparse"))).status).toBe("ok");
  });
});

describe("statuses when nothing can be delivered", () => {
  it("offline with url, doi and desc filled for the offline request dialog", async () => {
    const doi = scenarioDoi("none");
    const r = await startAndWait(newClient(), doi);
    // DOI and title known: the request is fully determined, so the dialog may not edit it
    expect(r).toMatchObject({ status: "offline", url: `https://doi.org/${doi}`, doi, can_edit: false, download_link: null });
    expect(r.desc).toContain("An article nobody can deliver");
    expect(r.msg).toContain("درخواست آفلاین");
  });

  it("offline for a DOI nobody knows (no title): the request stays editable", async () => {
    const doi = `10.5555/unknown-${Date.now()}`;
    const r = await startAndWait(newClient(), doi);
    expect(r).toMatchObject({ status: "offline", doi, can_edit: true, download_link: null });
  });

  it("error with the Persian notice for a Persian-language document", async () => {
    const doi = scenarioDoi("persian");
    const r = await startAndWait(newClient(), doi);
    expect(r).toMatchObject({ status: "error", download_link: null });
    expect(r.msg).toBe("سفارش مدارک فارسی‌زبان امکان‌پذیر نیست.");
    // refused at the metadata step: no open-access source was asked
    expect(await hitsFor("unpaywall", doi)).toBe(0);
  });

  it("a Persian title typed into the box is refused at once; an English title becomes an offline suggestion", async () => {
    const c = newClient();
    const fa = await start(c, "بررسی روش‌های نوین یادگیری ماشین در پردازش زبان فارسی");
    expect(fa.status).toBe("error");
    expect(fa.msg).toContain("فارسی‌زبان");
    const en = await start(c, "Attention is all you need");
    expect(en).toMatchObject({ status: "offline", url: "Attention is all you need", can_edit: true });
  });

  it("refuses Iranian publishers' links and shadow libraries before any fetch", async () => {
    const c = newClient();
    const sid = await start(c, "https://www.sid.ir/paper/12345/fa");
    expect(sid.status).toBe("error");
    expect(sid.msg).toContain("فارسی‌زبان");
    const shadow = await start(c, "https://sci-hub.se/10.1016/j.cell.2020.01.001");
    expect(shadow.status).toBe("error");
    expect(shadow.msg).toContain("منابع دسترسی آزاد");
  });

  it("a pasted page that names no DOI ends offline with advice", async () => {
    const r = await startAndWait(newClient(), `https://oa.publisher.test/nothing-here/${uniqueN()}`);
    expect(r.status).toBe("offline");
    expect(r.msg).toContain("DOI");
  });
});

describe("reuse of fresh results", () => {
  it("reuses an ok for 24 hours, then resolves again on the answers shared across jobs (Unpaywall is not asked again within its week)", async () => {
    const c = newClient();
    const doi = scenarioDoi("oa-unpaywall");
    const now = Date.now();
    await waitForResult(c, await start(c, doi, { now }));
    const again = await start(c, doi, { now: now + 23 * 3_600_000 });
    expect(again.status).toBe("ok");
    expect(await hitsFor("unpaywall", doi)).toBe(1);
    const later = await start(c, doi, { now: now + 25 * 3_600_000, wait: 0 });
    expect(later.status).toBe("processing");
    expect((await waitForResult(c, later)).status).toBe("ok");
    expect(await hitsFor("unpaywall", doi)).toBe(1);
    expect(await hitsFor("crossref", doi)).toBe(1);
  });

  it("reuses a not-found for one hour only; the new run reads Crossref's record from the shared answers", async () => {
    const c = newClient();
    const doi = scenarioDoi("none");
    const now = Date.now();
    await waitForResult(c, await start(c, doi, { now }));
    expect((await start(c, doi, { now: now + 59 * 60_000 })).status).toBe("offline");
    expect(await hitsFor("crossref", doi)).toBe(1);
    const later = await start(c, doi, { now: now + 61 * 60_000, wait: 0 });
    expect(later.status).toBe("processing");
    expect((await waitForResult(c, later)).status).toBe("offline");
    expect(await hitsFor("crossref", doi)).toBe(1);
  });
});

describe("licensed copies: per-user rules", () => {
  /** A found, licensed job (the Elsevier resolver, run by the consumer with the licence configured). */
  async function licensedJob() {
    const job = await seedProcessingJob(scenarioDoi("licensed"));
    const q = await deliver(job, { env: LICENSED_ENV });
    expect(q.explicitAcks).toEqual([`msg-${job.runId}`]);
    const state = await jobState(job.key);
    expect(state).toMatchObject({ phase: "found", file: { access: "licensed" } });
    return job;
  }

  it("guest → buy (login prompt); no copy is linked", async () => {
    const job = await licensedJob();
    const r = await check(newClient(), job.id);
    expect(r).toMatchObject({ status: "buy", download_link: null });
    expect(r.msg).toContain("وارد حساب کاربری");
  });

  it("signed-in user without credit → buy (package offer); nothing is spent", async () => {
    const job = await licensedJob();
    const { user, client } = await fundedClient({});
    const r = await check(client, job.id);
    expect(r.status).toBe("buy");
    expect(r.msg).toContain("بسته");
    expect(await count(`article_entitlements where user_id = '${user.id}'`)).toBe(0);
  });

  it("with credit → ok; one credit per document, limited before unlimited, never twice", async () => {
    const job = await licensedJob();
    const { user, client } = await fundedClient({ unlimited: 2, limited: [{ count: 1, expiresAt: Date.now() + 10 * DAY }] });
    const results = await Promise.all(Array.from({ length: 5 }, () => check(client, job.id)));
    for (const r of results) expect(r.status).toBe("ok");
    const b = await expectLedgerConsistent(user.id);
    expect(b).toMatchObject({ limited_article_credit: 0, unlimited_article_credit: 2 });
    // starting the same document again later: still free
    const again = await start(client, job.message.input.raw);
    expect(again.status).toBe("ok");
    expect((await balancesOf(user.id)).unlimited_article_credit).toBe(2);
    // the file downloads for this user, and for nobody else
    expect((await download(client, again.download_link!)).status).toBe(200);
    const other = await clientFor((await makeUser()).id);
    expect((await download(other, again.download_link!)).status).toBe(403);
    expect((await download(newClient(), again.download_link!)).status).toBe(403);
  });

  it("expired limited credits cannot be used", async () => {
    const job = await licensedJob();
    const { client } = await fundedClient({ limited: [{ count: 3, expiresAt: Date.now() - DAY }] });
    expect((await check(client, job.id)).status).toBe("buy");
  });
});

describe("history and feeds", () => {
  it("records each terminal result once per start, feeds /last_articles without user identity, and the user's list", async () => {
    const user = await makeUser();
    const c = await clientFor(user.id);
    const doi = scenarioDoi("oa-unpaywall");
    const before = await count("downloads");
    const r = await startAndWait(c, doi);
    expect(r.status).toBe("ok");
    await check(c, r.id);
    await check(c, r.id);
    expect(await count("downloads")).toBe(before + 1);
    const row = await env.DB.prepare("select user_id, outcome, doi, file_key from downloads where id = ?").bind(r.id.split(".")[0]).first();
    expect(row).toMatchObject({ user_id: user.id, outcome: "ok", doi, file_key: `doi/${doi}.pdf` });

    const feedRes = await newClient().get("/last_articles");
    const feed = LastArticles.parse(await feedRes.json());
    expect(feed.length).toBeLessThanOrEqual(20);
    const mine = feed.find((f) => f.url === `https://doi.org/${doi}`);
    expect(mine?.download_link).toMatch(/^\/files\//);
    expect(Object.keys(mine!).sort()).toEqual(["created_at", "download_link", "url"]);
    expect(JSON.stringify(feed)).not.toContain(user.id);

    const listRes = await c.get("/profile/downloads");
    const list = ProfileDownloads.parse(await listRes.json());
    expect(list.data[0]).toMatchObject({ status: "ok", doi });
    // another user's list does not show it
    const other = await clientFor((await makeUser()).id);
    const otherList = ProfileDownloads.parse(await (await other.get("/profile/downloads")).json());
    expect(otherList.data.find((d) => d.doi === doi)).toBeUndefined();
  });

  it("saves a signed-in user's last ok as userInfo.last_download; a guest's ok saves nothing", async () => {
    const user = await makeUser();
    const r = await startAndWait(await clientFor(user.id), scenarioDoi("oa-openalex"));
    const saved = await readLastDownload(db(), user.id);
    expect(saved).toEqual({ id: r.id, status: "ok", download_link: r.download_link, ads1: r.ads1, ads2: r.ads2 });
    expect(UserInfo.shape.last_download.parse(saved)).toBeTruthy();
    const before = await count("user_last_downloads");
    await startAndWait(newClient(), scenarioDoi("oa-openalex"));
    expect(await count("user_last_downloads")).toBe(before);
  });

  it("records offline and error results too", async () => {
    const c = newClient();
    const before = await count("downloads where outcome in ('offline', 'error')");
    await startAndWait(c, scenarioDoi("none"));
    await startAndWait(c, scenarioDoi("persian"));
    expect(await count("downloads where outcome in ('offline', 'error')")).toBe(before + 2);
  });

  it("/profile/downloads needs a signed-in user", async () => {
    const res = await newClient().get("/profile/downloads");
    expect(res.status).toBe(401);
  });
});

describe("bad input", () => {
  it.each([
    ["no url", {}, "url"],
    ["empty url", { url: "" }, "url"],
    ["only spaces", { url: "   " }, "url"],
    ["too long", { url: `https://example.org/${"a".repeat(2100)}` }, "url"],
    ["not a string", { url: 42 }, "url"],
  ])("start with %s → 422 and nothing recorded", async (_name, body, field) => {
    const before = await count("downloads");
    const res = await newClient().post("/getpdf/start", body);
    expect(res.status).toBe(422);
    const err = ValidationErrorBody.parse(await res.json());
    expect(err.errors[field]?.[0]).toMatch(/[\u0600-\u06FF]/);
    expect(await count("downloads")).toBe(before);
  });

  it.each([
    ["no id", {}],
    ["garbage", { id: "nope" }],
    ["a forged signature", { id: "dl_01m80w2z3vfmzbhg4cfrzp.ZG9pOjEwLjU1NTUveA.00000000000000000000000000000000" }],
  ])("check with %s → 422", async (_name, body) => {
    const res = await newClient().post("/getpdf/check", body);
    expect(res.status).toBe(422);
    expect(ValidationErrorBody.parse(await res.json()).errors["id"]).toBeTruthy();
  });

  it("a state-changing start without the CSRF token → 419, nothing started", async () => {
    const c = new Client();
    const res = await c.fetch("/getpdf/start", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: scenarioDoi("oa-unpaywall") }),
    });
    expect(res.status).toBe(419);
  });

  it("a ticket for a document nobody started reads as an error, not a crash", async () => {
    const { makeTicket } = await import("../../worker/features/getpdf/ticket");
    const { signingSecret } = await import("../../worker/env");
    const { id } = await makeTicket(signingSecret(env), `doi:10.5555/never-${uniqueN()}`, Date.now());
    const r = await check(newClient(), id);
    expect(r.status).toBe("error");
  });
});

describe("signed /files links", () => {
  async function okLink() {
    const c = newClient();
    const r = await startAndWait(c, scenarioDoi("oa-unpaywall"));
    return { c, link: r.download_link! };
  }

  it("a tampered signature or key is refused", async () => {
    const { c, link } = await okLink();
    const badSig = link.replace(/sig=([0-9a-f])/, (_m, ch: string) => `sig=${ch === "0" ? "1" : "0"}`);
    expect((await download(c, badSig)).status).toBe(403);
    const otherKey = link.replace(/oa-unpaywall-(\d+)/, (_m, n: string) => `oa-unpaywall-${Number(n) + 1}`);
    expect((await download(c, otherKey)).status).toBe(403);
    expect((await download(c, link.replace(/&sig=.*/, ""))).status).toBe(403);
  });

  it("expires after 24 hours", async () => {
    const { c, link } = await okLink();
    const res = await c.get(link, { now: Date.now() + 25 * 3_600_000 });
    expect(res.status).toBe(410);
    expect(((await res.json()) as { error: string }).error).toContain("۲۴ ساعت");
  });

  it("supports range requests (resumable downloads on slow links)", async () => {
    const { c, link } = await okLink();
    const res = await c.fetch(link, { headers: { range: "bytes=0-4" } });
    expect(res.status).toBe(206);
    expect(await res.text()).toBe("%PDF-");
  });

  it("an open link works for anyone, signed in or not", async () => {
    const { link } = await okLink();
    expect((await download(newClient(), link)).status).toBe(200);
    expect((await download(await clientFor((await makeUser()).id), link)).status).toBe(200);
  });
});

describe("GET /dev/getpdf/job (development and tests only)", () => {
  it("reports when a job started and finished, and its steps", async () => {
    const c = newClient();
    const r = await startAndWait(c, scenarioDoi("oa-unpaywall"));
    const res = await c.get(`/dev/getpdf/job?id=${encodeURIComponent(r.id)}`);
    expect(res.status).toBe(200);
    const t = DevJobTiming.parse(await res.json());
    expect(t).toMatchObject({ phase: "found", runs: 1 });
    expect(t.finished_at!).toBeGreaterThanOrEqual(t.started_at!);
    expect(t.steps.map((s) => s.step)).toEqual(["crossref", "unpaywall"]);
    expect((await c.get("/dev/getpdf/job?id=nope")).status).toBe(422);
  });
});

describe("the result shape", () => {
  it("processing results name the current step in Persian", async () => {
    const c = newClient();
    const r = await start(c, scenarioDoi("upstream-slow"));
    expect(GetPdfResult.parse(r).status).toBe("processing");
    expect(r.msg2).toMatch(/[\u0600-\u06FF]/);
    await waitForResult(c, r, 30_000);
  }, 40_000);
});
