/**
 * The library watcher: a DOI in a user's library is retracted upstream (the fake Crossref's
 * `retracted-<n>` scenario carries `updated-by` a retraction); the next run tells the user once
 * (in the app and by e-mail/SMS), the run after does not, a run within the day does not even ask
 * Crossref again, and a user who switched the notices off is not told.
 */
import { env as workerEnv } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LibraryNotices } from "../../contract/batch";
import { libraryWatchJob } from "../../worker/features/batch/scheduled";
import { makeUser, outbox } from "./auth-helpers";
import { hitsFor, scenarioDoi, startAndWait } from "./getpdf-helpers";
import { signedInClient } from "./wallet-factories";

const HOUR = 3_600_000;
const env = () => workerEnv as Cloudflare.Env;

async function notices(c: Awaited<ReturnType<typeof signedInClient>>) {
  const res = await c.get("/library/notices");
  expect(res.status).toBe(200);
  return LibraryNotices.parse(await res.json());
}

/** Runs the watcher until it has nothing due (other tests' libraries share the table). */
async function runUntilIdle(now: number) {
  for (let i = 0; i < 50; i++) if ((await libraryWatchJob(env(), now)).checked === 0) return;
  throw new Error("watcher never idle");
}

describe("the library watcher", () => {
  it("notifies once per notice, not on the next run, not within a day, and not a user who switched it off", async () => {
    const holder = await makeUser();
    const quiet = await makeUser();
    const a = await signedInClient(holder.id);
    const b = await signedInClient(quiet.id);
    const doi = scenarioDoi("retracted");
    expect((await startAndWait(a, doi)).status).toBe("ok");
    expect((await startAndWait(b, doi)).status).toBe("ok");
    const off = await b.post("/library/notices/settings", { enabled: false });
    expect(LibraryNotices.parse(await off.json()).enabled).toBe(false);

    const t0 = Date.now() + 2 * 24 * HOUR; // past any earlier run's day
    await runUntilIdle(t0);
    const told = await notices(a);
    expect(told.notices.filter((n) => n.doi === doi)).toMatchObject([{ kind: "retraction", notice_doi: doi.replace("retracted", "retraction-notice") }]);
    const mails = (await outbox(holder.email)).filter((m) => m.text.includes(doi));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("بازپس");
    expect((await notices(b)).notices.filter((n) => n.doi === doi)).toHaveLength(0);
    expect((await outbox(quiet.email)).filter((m) => m.text.includes(doi))).toHaveLength(0);
    const asked = await hitsFor("crossref", doi);

    // within the day: not asked again
    await runUntilIdle(t0 + HOUR);
    expect(await hitsFor("crossref", doi)).toBe(asked);
    // the next day: asked again, still retracted, nobody told twice
    await runUntilIdle(t0 + 25 * HOUR);
    expect(await hitsFor("crossref", doi)).toBe(asked + 1);
    expect((await notices(a)).notices.filter((n) => n.doi === doi)).toHaveLength(1);
    expect((await outbox(holder.email)).filter((m) => m.text.includes(doi))).toHaveLength(1);
  }, 90_000);
});
