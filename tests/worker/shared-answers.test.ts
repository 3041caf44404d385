/**
 * Answers shared across users for a time: a DOI resolved once is not asked of Crossref (nor of
 * Unpaywall) again within its freshness, whoever asks next (a new run of the job, another user's
 * paste, an export), and is asked again once stale; a reference string's match is reused by its
 * normalised form (case, spacing, a final full stop).
 */
import { env as workerEnv } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseCitations } from "../../lib/citations";
import { makeUser, newClient } from "./auth-helpers";
import { hitsFor, scenarioDoi, start, startAndWait, uniqueN, waitForResult } from "./getpdf-helpers";
import { signedInClient } from "./wallet-factories";

const env = () => workerEnv as Cloudflare.Env;
const HOUR = 3_600_000;

async function storedExpiry(kind: string, key: string): Promise<number | null> {
  const row = await env().DB.prepare("SELECT expires_at FROM shared_answers WHERE kind = ? AND key = ?").bind(kind, key).first<{ expires_at: number }>();
  return row?.expires_at ?? null;
}

describe("answers shared across users", () => {
  it("a DOI resolved once is not asked of Crossref or Unpaywall again within its freshness, and is once stale", async () => {
    const doi = scenarioDoi("oa-unpaywall");
    const user = await makeUser();
    const a = await signedInClient(user.id);
    expect((await startAndWait(a, doi)).status).toBe("ok");
    expect([await hitsFor("crossref", doi), await hitsFor("unpaywall", doi)]).toEqual([1, 1]);
    const now = Date.now();
    // Crossref's record is kept 30 days, the open-access locations 7.
    expect((await storedExpiry("crossref_work", doi))! - now).toBeGreaterThan(29 * 24 * HOUR);
    expect((await storedExpiry("unpaywall", doi))! - now).toBeGreaterThan(6 * 24 * HOUR);

    // Another user, a day later: the job's own result is stale (24 h) and runs again, on the shared answers.
    const b = newClient();
    // wait: 0 — seen before the new run settles (a start otherwise waits for it, up to 2.5 s).
    const again = await start(b, doi, { now: now + 25 * HOUR, wait: 0 });
    expect(again.status).toBe("processing");
    expect((await waitForResult(b, again)).status).toBe("ok");
    expect([await hitsFor("crossref", doi), await hitsFor("unpaywall", doi)]).toEqual([1, 1]);

    // The library export reads the stored record: the authors and the journal the downloads row never kept.
    const exported = parseCitations(await (await a.get("/profile/downloads/export?format=ris")).text(), "ris");
    const mine = exported.find((c) => c.doi?.toLowerCase() === doi)!;
    expect(mine.container).toBe("Journal of Fake Results");
    expect(mine.authors.length).toBeGreaterThan(0);
    expect(await hitsFor("crossref", doi)).toBe(1);

    // Once stale, Crossref is asked again.
    await env()
      .DB.prepare("UPDATE shared_answers SET expires_at = ? WHERE key = ?")
      .bind(now - 1, doi)
      .run();
    const later = await start(newClient(), doi, { now: now + 50 * HOUR });
    expect((await waitForResult(newClient(), later)).status).toBe("ok");
    expect([await hitsFor("crossref", doi), await hitsFor("unpaywall", doi)]).toEqual([2, 2]);
  }, 60_000);

  it("a reference string's match is reused by its normalised form", async () => {
    const n = uniqueN();
    const text = `Open access through Unpaywall: test article ${n}`;
    const first = await start(newClient(), text);
    expect(first.match?.doi).toBe(`10.5555/oa-unpaywall-${n}`);
    expect(await hitsFor("crossref", `search:${text}`)).toBe(1);
    // Another user types it in other case, with other spacing and a full stop.
    const variant = `  open ACCESS through   unpaywall: Test Article ${n}.`;
    const second = await start(newClient(), variant);
    expect(second.match?.doi).toBe(`10.5555/oa-unpaywall-${n}`);
    expect(await hitsFor("crossref", `search:${variant.trim()}`)).toBe(0);
    expect(await hitsFor("crossref", `search:${text}`)).toBe(1);
  }, 60_000);
});
