/**
 * GET /share, the installed app's Web Share Target: what another app shares becomes the link box's
 * input on the home page (`/?shared=`), chosen by lib/share-input.ts; nothing is started or spent here.
 */
import { describe, expect, it } from "vitest";
import { newClient } from "../helpers/auth-helpers";
import { count } from "../helpers/helpers";

const shared = (res: Response) => new URL(res.headers.get("location")!, "https://daryaft.test").searchParams.get("shared");

describe("GET /share", () => {
  it("redirects to the home page with the shared link, DOI or reference", async () => {
    const c = newClient();
    const page = await c.get(`/share?${new URLSearchParams({ title: "A paper", url: "https://doi.org/10.1038/nature14539" })}`);
    expect(page.status).toBe(303);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(shared(page)).toBe("https://doi.org/10.1038/nature14539");
    expect(shared(await c.get(`/share?${new URLSearchParams({ text: "see 10.1371/journal.pone.0033693" })}`))).toBe("see 10.1371/journal.pone.0033693");
    const ref = "LeCun Y, Bengio Y, Hinton G. Deep learning. Nature. 2015;521:436-444.";
    expect(shared(await c.get(`/share?${new URLSearchParams({ text: ref })}`))).toBe(ref);
  });

  it("with nothing shared goes home; hostile or huge fields are clipped, never an error", async () => {
    const c = newClient();
    const before = await count("downloads");
    const empty = await c.get("/share");
    expect(empty.status).toBe(303);
    expect(empty.headers.get("location")).toBe("/");
    const huge = await c.get(`/share?${new URLSearchParams({ text: "<script>alert(1)</script>".repeat(400), url: "javascript:alert(1)" })}`);
    expect(huge.status).toBe(303);
    expect(shared(huge)!.length).toBeLessThanOrEqual(2000);
    expect((await c.get("/share?url=%E0%A4%A&title[]=x")).status).toBe(303);
    // Nothing was started: no result recorded.
    expect(await count("downloads")).toBe(before);
  });
});
