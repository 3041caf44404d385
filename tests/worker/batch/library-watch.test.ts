/**
 * The library watcher reads what changed, not what is held: a library of 10,000 DOIs is covered
 * by reading Crossref's feeds of update notices for the days since the last run (the fake's
 * deterministic feeds, tests/fakes/providers/crossref.ts), a number of calls set by the notices
 * alone. Each holder is told once per notice (in the app and by e-mail), a user who switched
 * notices off is not, a run the same day asks nothing, and the next day's run (which reads this
 * day again) tells nobody twice. A notice drops the stored Crossref record of the work it names.
 */
import { env as workerEnv } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LibraryNotices } from "../../../contract/batch";
import { createDb } from "../../../db/client";
import { d1AnswerStore } from "../../../db/shared-answers";
import { UPDATED_PER_DAY, WARNING_NOTICES_PER_DAY } from "../../fakes/feeds";
import { libraryWatchJob } from "../../../worker/features/batch/scheduled";
import { makeUser, outbox } from "../helpers/auth-helpers";
import { hitsFor } from "../helpers/getpdf-helpers";
import { signedInClient } from "../helpers/wallet-factories";

const DAY = 86_400_000;
const env = () => workerEnv as Cloudflare.Env;
const ROWS = 50;

async function notices(c: Awaited<ReturnType<typeof signedInClient>>) {
  const res = await c.get("/library/notices");
  expect(res.status).toBe(200);
  return LibraryNotices.parse(await res.json());
}

/** `count` ok downloads of distinct DOIs for `userId`, written straight into D1 (as many results shown would leave them). */
async function library(userId: string, dois: string[], now: number) {
  const stmt = env().DB.prepare("INSERT INTO downloads (id, user_id, job_key, outcome, doi, created_at) VALUES (?, ?, ?, 'ok', ?, ?)");
  for (let i = 0; i < dois.length; i += 500) {
    await env().DB.batch(dois.slice(i, i + 500).map((doi, j) => stmt.bind(`dl-${userId}-${i + j}`, userId, `doi:${doi}`, doi, now)));
  }
}

/** Pages of `rows` for `items` items: a full last page is followed by one empty page. */
const pages = (items: number, rows: number) => Math.floor(items / rows) + 1;

describe("the library watcher", () => {
  it("covers a 10,000-DOI library with calls set by the notices, tells each holder once per notice, honours the opt-out", async () => {
    const now = Date.parse("2031-03-14T09:23:00Z");
    const today = "20310314";
    const holder = await makeUser();
    const quiet = await makeUser();
    // Five works the notice feed names today (retraction, correction, concern, withdrawal, and a
    // new version that warns of nothing) and one Retraction Watch retraction, among 5,000 others each.
    const noticed = [0, 1, 2, 3, 4].map((i) => `10.5555/noticed-${today}-${i}`);
    const rw = `10.5555/rw-updated-${today}-7`;
    const filler = (who: string, n: number) => Array.from({ length: n }, (_, i) => `10.9999/${who}-${i}`);
    await library(holder.id, [...noticed, rw, ...filler("held", 5_000 - 6)], now - DAY);
    await library(quiet.id, [noticed[0]!, ...filler("quiet", 5_000 - 1)], now - DAY);
    const a = await signedInClient(holder.id);
    const b = await signedInClient(quiet.id);
    expect(LibraryNotices.parse(await (await b.post("/library/notices/settings", { enabled: false })).json()).enabled).toBe(false);
    // A job stored Crossref's record of the retracted work before its notice came.
    const answers = d1AnswerStore(createDb(env().DB));
    await answers.put("crossref_work", noticed[0]!, { doi: noticed[0] }, now - DAY);

    const feedHits = async () => (await hitsFor("crossref", "feed:notices")) + (await hitsFor("crossref", "feed:updated"));
    const before = await feedHits();
    const run = await libraryWatchJob(env(), now, { rows: ROWS });
    // The first run reads yesterday and today: 96 warning notices a day (the fake's 120 less new versions), 60 updated works a day.
    const noticeItems = 2 * WARNING_NOTICES_PER_DAY;
    const updatedItems = 2 * UPDATED_PER_DAY;
    expect(run.items).toBe(noticeItems + updatedItems);
    expect(run.calls).toBe(pages(noticeItems, ROWS) + pages(updatedItems, ROWS));
    expect((await feedHits()) - before).toBe(run.calls);
    // Nothing about the library's size: 7 calls for 10,000 DOIs.
    expect(run.calls / 10_000).toBeLessThan(0.01);

    const told = (await notices(a)).notices;
    expect(told.map((n) => [n.doi, n.kind, n.notice_doi]).sort()).toEqual(
      [
        [noticed[0], "retraction", `10.5555/notice-${today}-0`],
        [noticed[1], "correction", `10.5555/notice-${today}-1`],
        [noticed[2], "expression_of_concern", `10.5555/notice-${today}-2`],
        [noticed[3], "withdrawal", `10.5555/notice-${today}-3`],
        [rw, "retraction", `10.5555/rw-notice-${today}-7`],
      ].sort(),
    );
    const mails = await outbox(holder.email);
    expect(mails.filter((m) => noticed.some((d) => m.text.includes(d)) || m.text.includes(rw))).toHaveLength(5);
    expect(mails.some((m) => m.subject?.includes("بازپس"))).toBe(true);
    // Switched off: told nothing, by no channel.
    expect((await notices(b)).notices).toHaveLength(0);
    expect((await outbox(quiet.email)).filter((m) => m.text.includes(noticed[0]!))).toHaveLength(0);
    // The stored record of the retracted work is gone: the next job reads the notice.
    expect(await answers.get("crossref_work", noticed[0]!, now)).toBeUndefined();

    // Later the same day: nothing asked.
    const again = await libraryWatchJob(env(), now + 3 * 3_600_000, { rows: ROWS });
    expect(again.calls).toBe(0);
    // The next day reads today again (and tomorrow): nobody is told twice.
    const next = await libraryWatchJob(env(), now + DAY, { rows: ROWS });
    expect(next.calls).toBe(pages(noticeItems, ROWS) + pages(updatedItems, ROWS));
    expect((await notices(a)).notices).toHaveLength(5);
    expect((await outbox(holder.email)).length).toBe(mails.length);
  }, 120_000);

  it("a feed that fails is read again on the next run, from the same day", async () => {
    const now = Date.parse("2031-05-02T09:23:00Z");
    const failing = libraryWatchJob({ ...env(), UPSTREAM_BASE: "http://127.0.0.1:9" } as Cloudflare.Env, now, { rows: ROWS });
    const r = await failing;
    expect(r.feeds.every((f) => !f.ok)).toBe(true);
    const retried = await libraryWatchJob(env(), now + 3_600_000, { rows: ROWS });
    expect(retried.feeds.map((f) => [f.feed, f.fromDay, f.ok])).toEqual([
      ["notices", expect.any(String), true],
      ["updated", expect.any(String), true],
    ]);
    expect(retried.calls).toBeGreaterThan(0);
  }, 60_000);
});
