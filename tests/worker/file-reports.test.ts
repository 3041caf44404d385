/**
 * Reporting a wrong file, through the Worker with the real queue, Durable Objects, D1 and R2:
 * only a receipt of the file counts (the result's ticket, the reporter's library row, their reading
 * list's entry); one report per reporter and file; FILE_REPORT_THRESHOLD distinct signed-in
 * reporters withdraw the file for everyone (its signed links stop, the library stops linking it),
 * its document is fetched again without it (another location, never the same bytes), and the
 * reporters are told by e-mail; staff confirm or dismiss on the desk.
 */
import { env as workerEnv } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FILE_REPORT_THRESHOLD, FileReportDecisionResult, FileReportDesk, FileReportResult } from "../../contract/file-reports";
import { ProfileDownloads, type GetPdfResult } from "../../contract/getpdf";
import { identify, jobKeyFor } from "../../lib/identify";
import { makeUser, newClient, outbox, type MadeUser } from "./auth-helpers";
import { createBatch, waitForBatch } from "./batch-helpers";
import { check, isPdf, jobState, scenarioDoi, start, startAndWait, waitForResult } from "./getpdf-helpers";
import type { Client } from "./helpers";
import { signedInClient } from "./wallet-factories";

const env = () => workerEnv as Cloudflare.Env;

type Reader = { user: MadeUser; c: Client; result: GetPdfResult };

/** A signed-in user who downloaded `doi` (ok). */
async function reader(doi: string): Promise<Reader> {
  const user = await makeUser();
  const c = await signedInClient(user.id);
  const result = await startAndWait(c, doi);
  expect(result.status, result.msg).toBe("ok");
  return { user, c, result };
}

async function report(c: Client, body: Record<string, unknown>) {
  return c.post("/file-reports", { reason: "wrong", ...body });
}

async function reportOk(c: Client, body: Record<string, unknown>) {
  const res = await report(c, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return FileReportResult.parse(await res.json());
}

const keyOf = (link: string) => decodeURIComponent(new URL(link, "https://x").pathname.replace(/^\/files\//, ""));

async function library(c: Client) {
  const res = await c.get("/profile/downloads");
  expect(res.status).toBe(200);
  return ProfileDownloads.parse(await res.json()).data;
}

async function row<T>(sql: string, ...binds: unknown[]) {
  return env()
    .DB.prepare(sql)
    .bind(...binds)
    .first<T>();
}

async function staffClient() {
  const admin = await makeUser({ admin: true });
  return signedInClient(admin.id);
}

async function desk(c: Client, status = "pending") {
  const res = await c.get(`/admin/file-reports?status=${status}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return FileReportDesk.parse(await res.json());
}

describe("wrong-file reports: threshold, withdrawal, re-resolution", () => {
  it(`${FILE_REPORT_THRESHOLD} distinct readers withdraw the file, its document is fetched again without it, and the reporters are told`, async () => {
    expect(FILE_REPORT_THRESHOLD).toBe(3);
    const doi = scenarioDoi("two-versions");
    const [a, b, c, bystander] = [await reader(doi), await reader(doi), await reader(doi), await reader(doi)];
    const first = a.result;
    const list = await createBatch(bystander.c, { text: doi });
    const listed = (await waitForBatch(bystander.c, list.id)).entries[0]!;
    expect(listed.status).toBe("ok");
    expect(first.provenance).toMatchObject({ version: "publishedVersion", host: "oa.publisher.test" });
    const fileKey = keyOf(first.download_link!);
    expect(fileKey).toBe(`doi/${doi}.pdf`);

    // A reports from the result (its ticket), B from the library: the file is still served.
    expect((await reportOk(a.c, { ticket: first.id, note: "این فایل مقالهٔ دیگری است" })).report.state).toBe("pending");
    const bRow = (await library(b.c)).find((r) => r.doi === doi)!;
    expect(bRow.file_report).toBe("reportable");
    expect((await reportOk(b.c, { download: bRow.id, reason: "other_version" })).report.state).toBe("pending");
    expect((await library(b.c)).find((r) => r.doi === doi)!.file_report).toBe("reported");
    expect((await library(bystander.c)).find((r) => r.doi === doi)!.file_report).toBe("reportable");
    expect((await a.c.get(first.download_link!)).status).toBe(200);

    // The third distinct reader: withdrawn for everyone.
    const third = await reportOk(c.c, { ticket: c.result.id, reason: "wrong" });
    expect(third.report.state).toBe("withdrawn");
    expect(third.message).toContain("کنار گذاشته");
    for (const r of [a, b, c, bystander]) {
      const res = await r.c.get(r.result.download_link!);
      expect(res.status, "a withdrawn file's signed link no longer works").toBe(410);
      expect(await res.text()).toContain("کنار گذاشته");
      const lib = (await library(r.c)).find((x) => x.doi === doi)!;
      expect(lib).toMatchObject({ file_report: "withdrawn", download_link: null });
    }
    expect(await row("select cause from file_withdrawals where file_key = ?", fileKey)).toEqual({ cause: "reports" });
    const reports = await env().DB.prepare("select status from file_reports where file_key = ?").bind(fileKey).all<{ status: string }>();
    expect(reports.results.map((r) => r.status)).toEqual(["withdrawn", "withdrawn", "withdrawn"]);

    // Re-resolved: the same ticket now shows a new run, which serves the other location under a new key.
    const again = await waitForResult(a.c, await check(a.c, first.id));
    expect(again.status).toBe("ok");
    expect(again.provenance).toMatchObject({ version: "acceptedVersion", host: "repo.example.test" });
    const newKey = keyOf(again.download_link!);
    expect(newKey).not.toBe(fileKey);
    expect(newKey.startsWith(`doi/${doi}.`)).toBe(true);
    const fresh = await a.c.get(again.download_link!);
    expect(fresh.status).toBe(200);
    expect(isPdf(await fresh.arrayBuffer())).toBe(true);
    const hashes = await env()
      .DB.prepare("select key, sha256 from stored_files where key in (?, ?)")
      .bind(fileKey, newKey)
      .all<{ key: string; sha256: string }>();
    expect(new Set(hashes.results.map((h) => h.sha256)).size).toBe(2);
    // The reading list holding the file follows the new run.
    const relisted = (await waitForBatch(bystander.c, list.id)).entries[0]!;
    expect(relisted.status).toBe("ok");
    expect(keyOf(relisted.download_link!)).toBe(newKey);
    expect(keyOf(listed.download_link!)).toBe(fileKey);
    // A newcomer gets the new file straight away; the old link stays dead.
    const newcomer = await reader(doi);
    expect(keyOf(newcomer.result.download_link!)).toBe(newKey);
    expect((await a.c.get(first.download_link!)).status).toBe(410);

    // Each reporter told once by e-mail; the reader who did not report is not.
    for (const r of [a, b, c]) {
      const mails = (await outbox(r.user.email)).filter((m) => m.subject?.includes("کنار گذاشته"));
      expect(mails, r.user.email).toHaveLength(1);
      expect(mails[0]!.text).toContain(encodeURIComponent(doi));
    }
    expect((await outbox(bystander.user.email)).filter((m) => m.subject?.includes("کنار گذاشته"))).toHaveLength(0);
    // A report of a withdrawn file is refused, with what to do instead.
    const late = await report(bystander.c, { ticket: bystander.result.id });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: string }).error).toContain("دوباره جستجو");
  });

  it("the withdrawn bytes are refused from any other location, and a document with no other copy becomes an offline request", async () => {
    const doi = scenarioDoi("oa-openalex");
    const a = await reader(doi);
    const staff = await staffClient();
    const fileKey = keyOf(a.result.download_link!);
    await reportOk(a.c, { ticket: a.result.id, reason: "broken" });
    // The withdrawal's location is made to look like another host's: only the bytes can tell it is the same file.
    const confirm = await staff.post("/admin/file-reports/confirm", { file_key: fileKey });
    expect(confirm.status, await confirm.clone().text()).toBe(200);
    expect(FileReportDecisionResult.parse(await confirm.json())).toMatchObject({ closed: 1, rerun: 1 });
    const settled = await waitForResult(a.c, await check(a.c, a.result.id));
    expect(settled.status, "the only location was the withdrawn file's").toBe("offline");

    await env().DB.prepare("update file_withdrawals set source_url = 'https://mirror.example.test/copy.pdf' where file_key = ?").bind(fileKey).run();
    const key = jobKeyFor(identify(doi))!;
    // Past the not-found freshness: the next start runs the chain again, fetching the location again.
    const later = Date.now() + 2 * 3_600_000;
    const rerun = await waitForResult(a.c, await start(a.c, doi, { now: later }));
    expect(rerun.status).toBe("offline");
    const steps = (await jobState(key))!.steps.map((s) => s.detail ?? "").join("\n");
    expect(steps).toContain("withdrawn");
    expect(await row("select count(*) as n from stored_files where key like ?", `doi/${doi}.%.pdf`)).toEqual({ n: 0 });
  });

  it("reports at once: one per reader however many are sent, and the threshold withdraws exactly once", async () => {
    const doi = scenarioDoi("two-versions");
    const readers = [await reader(doi), await reader(doi), await reader(doi)];
    const key = jobKeyFor(identify(doi))!;
    const runsBefore = (await jobState(key))!.runs;
    // Every reader twice, all at once.
    const answers = await Promise.all(readers.flatMap((r) => [report(r.c, { ticket: r.result.id }), report(r.c, { ticket: r.result.id })]));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409]);
    const fileKey = keyOf(readers[0]!.result.download_link!);
    expect(await row("select count(*) as n from file_reports where file_key = ?", fileKey)).toEqual({ n: 3 });
    expect(await row("select count(*) as n from file_withdrawals where file_key = ?", fileKey)).toEqual({ n: 1 });
    expect((await jobState(key))!.runs).toBe(runsBefore + 1);
  });
});

describe("wrong-file reports: only a receipt of the file", () => {
  it("refuses a user who never received the file, someone else's ticket, library row or list, and a forged ticket", async () => {
    const doi = scenarioDoi("oa-unpaywall");
    const owner = await reader(doi);
    const ownerRow = (await library(owner.c)).find((r) => r.doi === doi)!;
    const list = await createBatch(owner.c, { text: doi });
    await waitForBatch(owner.c, list.id);

    const stranger = await makeUser();
    const s = await signedInClient(stranger.id);
    const guest = newClient();
    for (const [who, body] of [
      [s, { ticket: owner.result.id }],
      [s, { download: ownerRow.id }],
      [s, { batch: list.id, position: 0 }],
      [guest, { ticket: owner.result.id }],
      [guest, { batch: list.id, position: 0 }],
    ] as const) {
      const res = await report(who, body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(((await res.json()) as { error: string }).error).toContain("دریافت نشده");
    }
    const forged = owner.result.id.replace(/.$/, (ch) => (ch === "0" ? "1" : "0"));
    expect((await report(s, { ticket: forged })).status).toBe(422);
    // A result that delivered no file is no receipt either.
    const offline = await startAndWait(s, scenarioDoi("none"));
    expect(offline.status).toBe("offline");
    expect((await report(s, { ticket: offline.id })).status).toBe(404);
    expect(await row("select count(*) as n from file_reports where file_key = ?", keyOf(owner.result.download_link!))).toEqual({ n: 0 });
    // The owner's own list entry is a receipt.
    expect((await reportOk(owner.c, { batch: list.id, position: 0 })).report.state).toBe("pending");
  });

  it("a guest proves receipt with the result's ticket; guests' reports reach the desk but never withdraw by themselves", async () => {
    const doi = scenarioDoi("oa-unpaywall");
    const guests = [newClient(), newClient(), newClient(), newClient()];
    for (const g of guests) {
      const r = await startAndWait(g, doi);
      expect(r.status).toBe("ok");
      const answer = await reportOk(g, { ticket: r.id, reason: "broken" });
      expect(answer).toMatchObject({ report: { state: "pending" } });
      expect(answer.message).not.toContain("خبر");
      expect((await report(g, { ticket: r.id })).status, "the same receipt twice").toBe(409);
      // A guest has no library.
      expect((await report(g, { download: r.id.split(".")[0] })).status).toBe(401);
    }
    const link = (await startAndWait(newClient(), doi)).download_link!;
    expect(await row("select count(*) as n from file_reports where file_key = ? and user_id is null", keyOf(link))).toEqual({ n: 4 });
    expect(await row("select count(*) as n from file_withdrawals where file_key = ?", keyOf(link))).toEqual({ n: 0 });
    expect((await newClient().get(link)).status).toBe(200);
    const item = (await desk(await staffClient())).data.find((d) => d.file_key === keyOf(link));
    expect(item?.reports.map((r) => r.reporter)).toEqual([null, null, null, null]);
  });

  it("validates reports: one receipt, a known reason, a bounded note", async () => {
    const c = await signedInClient((await makeUser()).id);
    for (const body of [
      {},
      { ticket: "a", download: "b" },
      { batch: "bat_x" },
      { ticket: "x", reason: "ugly" },
      { ticket: "x", note: "ن".repeat(501) },
      { batch: "b", position: -1 },
      { ticket: ["x"] },
    ]) {
      const res = await c.post("/file-reports", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors).toBeTruthy();
    }
  });

  it("limits reports per user per hour, counting refused ones", async () => {
    const c = await signedInClient((await makeUser()).id);
    for (let i = 0; i < 10; i++) expect((await report(c, { download: `dl_${"0".repeat(21)}${i}` })).status).toBe(404);
    const limited = await report(c, { download: "dl_x" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect(((await limited.json()) as { error: string }).error).toContain("دقیقه");
  });
});

describe("wrong-file reports: the staff desk", () => {
  it("shows the file with its provenance, the job's evidence and the reports; dismissing tells the reporters and stops the threshold for that file", async () => {
    const doi = scenarioDoi("oa-unpaywall");
    const readers = [await reader(doi), await reader(doi), await reader(doi), await reader(doi)];
    const fileKey = keyOf(readers[0]!.result.download_link!);
    await reportOk(readers[0]!.c, { ticket: readers[0]!.result.id, note: "صفحهٔ اول مقالهٔ دیگری است" });
    const staff = await staffClient();
    const item = (await desk(staff)).data.find((d) => d.file_key === fileKey)!;
    expect(item).toMatchObject({
      doi,
      holders: 4,
      signed_in_reporters: 1,
      withdrawn: null,
      file: {
        verification: "doi_on_page",
        version: "publishedVersion",
        source_host: "oa.publisher.test",
        source_url: `https://oa.publisher.test/pdf/${doi}.pdf`,
        access: "open",
      },
    });
    expect(item.file.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(item.evidence.steps.map((s) => s.step)).toContain("unpaywall");
    expect(item.evidence.steps.find((s) => s.outcome === "found")?.detail).toContain("doi_on_page");
    expect(item.reports).toMatchObject([{ reason: "wrong", note: "صفحهٔ اول مقالهٔ دیگری است", status: "pending", reporter: { email: readers[0]!.user.email } }]);
    expect((await staff.get(item.file_link!)).status, "staff can open the file").toBe(200);

    const dismissed = await staff.post("/admin/file-reports/dismiss", { file_key: fileKey });
    expect(FileReportDecisionResult.parse(await dismissed.json())).toMatchObject({ closed: 1 });
    expect((await outbox(readers[0]!.user.email)).filter((m) => m.subject?.includes("نتیجهٔ بررسی"))).toHaveLength(1);
    expect((await staff.post("/admin/file-reports/dismiss", { file_key: fileKey })).status, "nothing left to dismiss").toBe(409);

    // Staff vouched for the file: three more readers' reports wait for staff instead of withdrawing it.
    for (const r of readers.slice(1)) expect((await reportOk(r.c, { ticket: r.result.id })).report.state).toBe("pending");
    expect((await readers[0]!.c.get(readers[0]!.result.download_link!)).status).toBe(200);
    // …and staff can still withdraw it.
    const confirmed = await staff.post("/admin/file-reports/confirm", { file_key: fileKey });
    expect(FileReportDecisionResult.parse(await confirmed.json())).toMatchObject({ closed: 3, rerun: 1 });
    expect((await staff.post("/admin/file-reports/confirm", { file_key: fileKey })).status).toBe(409);
    expect((await desk(staff, "withdrawn")).data.find((d) => d.file_key === fileKey)).toMatchObject({ withdrawn: { cause: "staff" }, file_link: null });
  });

  it("is for staff only, and a decision names a reported file", async () => {
    const user = await signedInClient((await makeUser()).id);
    expect((await user.get("/admin/file-reports")).status).toBe(403);
    expect((await newClient().get("/admin/file-reports")).status).toBe(401);
    expect((await user.post("/admin/file-reports/confirm", { file_key: "doi/10.5555/x.pdf" })).status).toBe(403);
    const staff = await staffClient();
    expect((await staff.post("/admin/file-reports/confirm", { file_key: "doi/10.5555/never-reported.pdf" })).status).toBe(404);
    expect((await staff.post("/admin/file-reports/dismiss", { file_key: "" })).status).toBe(422);
    expect((await staff.get("/admin/file-reports?status=lost")).status).toBe(422);
  });
});
