/**
 * The library on /profile/booksAndArticles (issue 18 item 4): what a user received, narrowed by words of
 * the title, DOI or link, by status and by notices; and the whole (filtered) library exported as
 * BibTeX, RIS or CSL-JSON that our own parser reads back. Only the user's own rows, ever.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ProfileDownloads } from "../../contract/getpdf";
import { parseCitations } from "../../lib/citations";
import { clientFor, makeUser, newClient } from "./auth-helpers";

let seq = 0;
async function received(userId: string, row: { doi?: string | null; title?: string | null; url?: string | null; outcome?: string; notices?: unknown[] }) {
  seq += 1;
  const id = `dl_library_${Date.now()}_${seq}`;
  await env.DB.prepare("INSERT INTO downloads (id, user_id, job_key, outcome, doi, url, title, notices, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
    .bind(
      id,
      userId,
      `job:${id}`,
      row.outcome ?? "ok",
      row.doi ?? null,
      row.url ?? null,
      row.title ?? null,
      row.notices ? JSON.stringify(row.notices) : null,
      Date.now() - seq * 1000,
    )
    .run();
}

async function library(userId: string) {
  const c = await clientFor(userId);
  const list = async (query: string) => {
    const res = await c.get(`/profile/downloads?${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return ProfileDownloads.parse(await res.json()).data;
  };
  return { c, list };
}

const retraction = { type: "retraction", doi: "10.1016/s0140-6736(10)60175-4", date: "2010-02-02", source: "crossref", relation: "is-retracted-by" };

describe("the library", () => {
  it("filters by words of the title, DOI or link, by status and by notices; only the user's own rows", async () => {
    const me = await makeUser();
    const other = await makeUser();
    await received(me.id, { doi: "10.1038/nature14539", title: "Deep learning", url: "https://doi.org/10.1038/nature14539" });
    await received(me.id, { doi: "10.1016/s0140-6736(97)11096-0", title: "Ileal-lymphoid-nodular hyperplasia", notices: [retraction] });
    await received(me.id, { doi: null, title: null, url: "https://arxiv.org/abs/1706.03762", outcome: "offline" });
    await received(me.id, { doi: "10.1000/100%_sure", title: "A title with 100%_ in it" });
    await received(other.id, { doi: "10.1038/nature14539", title: "Deep learning (someone else's)" });
    const { list } = await library(me.id);

    expect((await list("")).length).toBe(4);
    expect((await list("q=DEEP")).map((r) => r.title)).toEqual(["Deep learning"]);
    expect((await list("q=arxiv.org")).map((r) => r.url)).toEqual(["https://arxiv.org/abs/1706.03762"]);
    expect((await list("q=10.1016")).map((r) => r.doi)).toEqual(["10.1016/s0140-6736(97)11096-0"]);
    // LIKE's wildcards are text here: '%' and '_' match only themselves.
    expect((await list(`q=${encodeURIComponent("100%_")}`)).map((r) => r.doi)).toEqual(["10.1000/100%_sure"]);
    expect(await list(`q=${encodeURIComponent("%")}`)).toHaveLength(1);
    expect((await list("status=offline")).map((r) => r.url)).toEqual(["https://arxiv.org/abs/1706.03762"]);
    expect((await list("notices=1")).map((r) => r.doi)).toEqual(["10.1016/s0140-6736(97)11096-0"]);
  });

  it("exports the filtered library as BibTeX, RIS and CSL-JSON that read back, one entry per DOI", async () => {
    const me = await makeUser();
    await received(me.id, { doi: "10.1038/nature14539", title: "Deep learning" });
    await received(me.id, { doi: "10.1038/NATURE14539", title: "Deep learning" });
    await received(me.id, { doi: "10.1126/science.162.3859.1243", title: "The Tragedy of the Commons" });
    const { c } = await library(me.id);
    for (const format of ["bibtex", "ris", "csljson"] as const) {
      const res = await c.get(`/profile/downloads/export?format=${format}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toContain("attachment");
      const back = parseCitations(await res.text(), format);
      expect(back.map((x) => x.doi?.toLowerCase()).sort()).toEqual(["10.1038/nature14539", "10.1126/science.162.3859.1243"]);
    }
    const filtered = parseCitations(await (await c.get("/profile/downloads/export?format=ris&q=commons")).text(), "ris");
    expect(filtered.map((x) => x.title)).toEqual(["The Tragedy of the Commons"]);
  });

  it("refuses a bad format or status with 422 and a guest with 401", async () => {
    const me = await makeUser();
    const { c } = await library(me.id);
    expect((await c.get("/profile/downloads/export?format=docx")).status).toBe(422);
    expect((await c.get("/profile/downloads?status=maybe")).status).toBe(422);
    expect((await c.get(`/profile/downloads?q=${"x".repeat(201)}`)).status).toBe(422);
    expect((await newClient().get("/profile/downloads/export")).status).toBe(401);
  });
});
