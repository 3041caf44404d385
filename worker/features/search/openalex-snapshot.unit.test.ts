import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { recordToRow, THESIS_COLUMNS } from "./catalog-record";
import { readJsonl } from "./catalog-reader";
import { openAlexSnapshotTheses, thesisRecordFromOpenAlexWork } from "./openalex-snapshot";

const fixture = (name: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures/openalex", name), "utf8")) as Record<string, unknown>;

/** The recorded (closed) dissertation, given an open repository copy as OpenAlex would list it. */
function openDissertation() {
  const w = fixture("work_by_doi_dissertation_closed.json");
  const oa = {
    is_oa: true,
    landing_page_url: "https://espace.example.test/view/UQ:123",
    pdf_url: "https://espace.example.test/view/UQ:123/thesis.pdf",
    license: "cc-by",
    version: "acceptedVersion",
    source: { display_name: "UQ eSpace", type: "repository" },
  };
  return {
    ...w,
    open_access: { is_oa: true, oa_status: "green", oa_url: oa.pdf_url, any_repository_has_fulltext: true },
    best_oa_location: oa,
    locations: [...((w["locations"] as unknown[]) ?? []), oa],
  };
}

async function* lines(texts: string[]) {
  for (const t of texts) yield t;
}

describe("catalog:import --format openalex (OpenAlex snapshot works → theses)", () => {
  it("maps an open dissertation to a thesis record that imports", () => {
    const r = thesisRecordFromOpenAlexWork(openDissertation());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.record).toMatchObject({
      kind: "thesis",
      id: "openalex:W3038237952",
      title: expect.stringContaining("School truancy and financial independence"),
      author: "Patricia Collingwood",
      degree: "",
      department: "",
      language: "English",
      year: 2020,
      download_link: "https://espace.example.test/view/UQ:123/thesis.pdf",
      license: "cc-by",
    });
    expect(r.record["source"]).toContain("W3038237952");
    const row = recordToRow(r.record, 1);
    expect(row.ok).toBe(true);
    expect(row.ok && row.row.table).toBe("theses");
    expect(row.ok && row.row.values).toHaveLength(THESIS_COLUMNS.length);
  });

  it("rejects a closed dissertation and works that are not dissertations, with the reason", () => {
    expect(thesisRecordFromOpenAlexWork(fixture("work_by_doi_dissertation_closed.json"))).toEqual({ ok: false, error: "no open-access link or no title" });
    const article = fixture("work_by_doi_oa.json");
    const r = thesisRecordFromOpenAlexWork(article);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/is not a dissertation/);
    expect(thesisRecordFromOpenAlexWork({ title: "no id" })).toEqual({ ok: false, error: "not an OpenAlex work (no id)" });
  });

  it("reads JSON lines of works, keeping line numbers for the rejected ones", async () => {
    const list = fixture("works_list.json") as { results: Record<string, unknown>[] };
    const texts = [JSON.stringify(openDissertation()), JSON.stringify(list.results[0]), "{not json", ""];
    const out = [];
    for await (const l of openAlexSnapshotTheses(readJsonl(lines(texts)))) out.push(l);
    expect(out.map((l) => l.line)).toEqual([1, 2, 3]);
    expect("record" in out[0]! && out[0].record["kind"]).toBe("thesis");
    expect("error" in out[1]!).toBe(true);
    expect("error" in out[2]! && out[2].error).toMatch(/invalid JSON/);
  });
});
