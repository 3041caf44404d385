import { describe, expect, it } from "vitest";
import { identify } from "../../../lib/identify";
import { idleState, type JobState } from "../../../contract/jobs/job-state";
import { getpdfMessages as m, stepTexts } from "./messages";
import { documentUrl, licenseLabel, presentJob, type PresentDeps } from "./present";

const found = (access: "open" | "licensed"): JobState => ({
  ...idleState("doi:10.1/x"),
  phase: "found",
  input: { raw: "10.1/x", identified: identify("10.1/x") },
  file: { fileKey: "doi/10.1/x.pdf", size: 10, access, source: "Unpaywall — repository", license: access === "open" ? "cc-by" : null },
  meta: { title: "A title", doi: "10.1/x", type: "journal-article", language: "en", notices: ["retracted!"] },
  finishedAt: 1,
});

function deps(credit: boolean) {
  const spent: string[] = [];
  const signed: { key: string; user: string | null }[] = [];
  const d: PresentDeps = {
    spendCredit: async (userId, jobKey) => {
      spent.push(`${userId}:${jobKey}`);
      return credit;
    },
    signLink: async (key, user) => {
      signed.push({ key, user });
      return `/files/${key}?signed`;
    },
  };
  return { d, spent, signed };
}

describe("presentJob: per-user rules", () => {
  it("open access: ok for a guest, unbound link, notices first, source and licence in msg2", async () => {
    const { d, spent, signed } = deps(false);
    const r = await presentJob("t", found("open"), { userId: null }, d);
    expect(r).toMatchObject({ status: "ok", download_link: "/files/doi/10.1/x.pdf?signed", desc: "A title", can_edit: false });
    expect(r.msg.split("\n")).toEqual(["retracted!", m.ok]);
    expect(r.msg2).toBe(m.source("Unpaywall — repository", "CC BY"));
    expect(spent).toEqual([]);
    expect(signed).toEqual([{ key: "doi/10.1/x.pdf", user: null }]);
  });

  it("licensed: guest → buy without spending; user without credit → buy; with credit → ok bound to the user", async () => {
    const guest = deps(true);
    expect((await presentJob("t", found("licensed"), { userId: null }, guest.d)).status).toBe("buy");
    expect(guest.spent).toEqual([]);
    const poor = deps(false);
    const buy = await presentJob("t", found("licensed"), { userId: "u1" }, poor.d);
    expect(buy).toMatchObject({ status: "buy", msg: m.buyNoCredit, download_link: null });
    const rich = deps(true);
    const ok = await presentJob("t", found("licensed"), { userId: "u1" }, rich.d);
    expect(ok.status).toBe("ok");
    expect(rich.spent).toEqual(["u1:doi:10.1/x"]);
    expect(rich.signed).toEqual([{ key: "doi/10.1/x.pdf", user: "u1" }]);
  });

  it("processing names the step; not found is offline with the dialog's fields; unknown is an error", async () => {
    const { d } = deps(false);
    const processing: JobState = { ...found("open"), phase: "processing", step: "unpaywall", file: null };
    expect(await presentJob("t", processing, { userId: null }, d)).toMatchObject({ status: "processing", msg2: stepTexts.unpaywall });
    const offline = await presentJob("t", { ...found("open"), phase: "not_found", file: null }, { userId: null }, d);
    // DOI and title both known: the request is fully determined, so the dialog opens read-only
    expect(offline).toMatchObject({ status: "offline", url: "https://doi.org/10.1/x", doi: "10.1/x", desc: "A title", can_edit: false });
    expect((await presentJob("t", null, { userId: null }, d)).status).toBe("error");
  });
});

describe("labels", () => {
  it.each([
    ["cc-by", "open", "CC BY"],
    ["cc-by-nc-nd", "open", "CC BY NC ND"],
    ["https://creativecommons.org/licenses/by/4.0/", "open", "CC BY 4.0"],
    ["cc0", "open", "CC0"],
    ["publisher-specific-oa", "open", "publisher-specific-oa"],
    [null, "open", m.licenseUnknown],
    [null, "licensed", m.licensedLicense],
  ] as const)("licence %s (%s) → %s", (license, access, label) => {
    expect(licenseLabel(license, access)).toBe(label);
  });

  it("document links: the pasted URL, else the DOI's, else PubMed's", () => {
    const s = (raw: string): JobState => ({ ...idleState("k"), input: { raw, identified: identify(raw) } });
    expect(documentUrl(s("https://example.org/paper/1"))).toBe("https://example.org/paper/1");
    expect(documentUrl(s("10.1000/xyz"))).toBe("https://doi.org/10.1000/xyz");
    expect(documentUrl(s("PMC123456"))).toBe("https://pmc.ncbi.nlm.nih.gov/articles/PMC123456/");
    expect(documentUrl(s("PMID: 1234567"))).toBe("https://pubmed.ncbi.nlm.nih.gov/1234567/");
  });
});
