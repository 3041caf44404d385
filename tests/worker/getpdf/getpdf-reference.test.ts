/**
 * A pasted title or whole reference through the HTTP surface: Crossref query.bibliographic on the
 * fake upstream (its catalogue: the scenario works "<kind words>: test article <n>"), validated,
 * then the normal pipeline on the matched DOI; several plausible works are offered to choose from;
 * nothing validated is the prefilled offline request.
 */
import { describe, expect, it } from "vitest";
import { count } from "../helpers/helpers";
import { newClient } from "../helpers/auth-helpers";
import { download, hitsFor, isPdf, start, uniqueN, waitForResult } from "../helpers/getpdf-helpers";

/** The fake's scenario work n as a Vancouver reference (authors and journal of work_single.json). */
function vancouver(kindWords: string, n: number, year = 2020 + (n % 5)): string {
  return `Sadasivan S, Pond BB, Pani AK, Qu C, Jiao Y, Smeyne RJ. ${kindWords}: test article ${n}. J Fake Res. ${year};${(n % 40) + 1}(${(n % 12) + 1}):e${10000 + n}.`;
}

/** Rows recorded for one showing (the ticket's nonce is the downloads id). */
function downloadsFor(id: string): Promise<number> {
  return count(`downloads where id = '${id.split(".")[0]}'`);
}

describe("a pasted title or reference", () => {
  it("a title reaches its DOI and the PDF, and the answer names the matched work", async () => {
    const c = newClient();
    const n = uniqueN();
    const title = `Open access through Unpaywall: test article ${n}`;
    const first = await start(c, title);
    expect(first.match).toEqual({
      doi: `10.5555/oa-unpaywall-${n}`,
      title,
      year: 2020 + (n % 5),
      authors: ["Shankar Sadasivan", "Brooks B. Pond", "Amar K. Pani"],
      container: "Journal of Fake Results",
    });
    expect(first.doi).toBe(`10.5555/oa-unpaywall-${n}`);
    const r = await waitForResult(c, first);
    expect(r).toMatchObject({ status: "ok", doi: `10.5555/oa-unpaywall-${n}` });
    const file = await download(c, r.download_link!);
    expect(isPdf(await file.arrayBuffer())).toBe(true);
    // one bibliographic question, then the ordinary pipeline on the DOI
    expect(await hitsFor("crossref", `search:${title}`)).toBe(1);
    expect(await hitsFor("unpaywall", `10.5555/oa-unpaywall-${n}`)).toBe(1);
  });

  it("a whole reference reaches its DOI and the PDF (the next scenario work of the same number is near but loses)", async () => {
    const c = newClient();
    const n = uniqueN();
    const ref = vancouver("Open access through OpenAlex", n);
    const first = await start(c, ref);
    expect(first.match?.doi).toBe(`10.5555/oa-openalex-${n}`);
    const r = await waitForResult(c, first);
    expect(r.status).toBe("ok");
    expect(r.msg2).toContain("OpenAlex");
    expect(isPdf(await (await download(c, r.download_link!)).arrayBuffer())).toBe(true);
  });

  it("an ambiguous title offers up to three works to choose from, records nothing, and choosing one runs it", async () => {
    const c = newClient();
    const n = uniqueN();
    const r = await start(c, `Open access: test article ${n}`);
    expect(r.status).toBe("choose");
    expect(r.match).toBeUndefined();
    expect(r.download_link).toBeNull();
    const dois = r.candidates!.map((x) => x.doi);
    expect(dois.length).toBeGreaterThanOrEqual(2);
    expect(dois.length).toBeLessThanOrEqual(3);
    expect(dois).toEqual(expect.arrayContaining([`10.5555/oa-unpaywall-${n}`, `10.5555/oa-openalex-${n}`]));
    expect(r.candidates![0]).toMatchObject({ title: expect.stringContaining(`test article ${n}`), year: 2020 + (n % 5) });
    expect(await downloadsFor(r.id)).toBe(0);
    const chosen = await waitForResult(c, await start(c, `10.5555/oa-unpaywall-${n}`));
    expect(chosen.status).toBe("ok");
  });

  it("a reference whose year contradicts the only close work is not taken as it: the work is offered instead", async () => {
    const r = await start(newClient(), vancouver("Open access through Unpaywall", uniqueN(), 1990));
    expect(r.status).toBe("choose");
    expect(r.match).toBeUndefined();
  });

  it("text that matches nothing is the prefilled offline request, as before", async () => {
    const c = newClient();
    const text = `Qwxz plorf zzyzx frindle ${uniqueN()}`;
    const r = await start(c, text);
    expect(r).toMatchObject({ status: "offline", url: text, doi: null, can_edit: true, download_link: null });
    expect(r.match).toBeUndefined();
    expect(r.candidates).toBeUndefined();
    expect(r.msg).toContain("درخواست آفلاین");
    expect(await downloadsFor(r.id)).toBe(1);
  });

  it("Crossref failing is an offline answer saying so, never a 500", async () => {
    const r = await start(newClient(), `fake:500 Open access through Unpaywall: test article ${uniqueN()}`);
    expect(r.status).toBe("offline");
    expect(r.msg).toContain("اکنون ممکن نشد");
  });
});
