/**
 * The reference validator over Crossref answers that public projects RECORDED (refchecker's API cache,
 * paper-qa's VCR cassettes, Crossref's own reference matcher's test responses), with the true DOI read
 * from the cited work (recorded-crossref-cases.json, built by scripts/reference-recorded-cases.ts).
 * Prints how it decides; a confident answer naming another work than the cited one is never tolerated.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mapWork } from "../../../../clients/crossref";
import { decideReference, type ReferenceVerdict } from "./reference-match";

type RecordedCase = {
  id: string;
  input: string;
  request?: string;
  source: { repo: string; file: string };
  reference: string;
  cacheKey?: { method: string; query: string; year: number | null; limit: number };
  truth: { doi: string | null; alternates?: string[]; by: string };
  candidates: Record<string, unknown>[];
};
const data = JSON.parse(readFileSync(new URL("./recorded-crossref-cases.json", import.meta.url), "utf8")) as {
  commits: Record<string, string>;
  cases: RecordedCase[];
};

type Outcome =
  | "confident-right"
  | "confident-other-version"
  | "confident-wrong"
  | "offered-with-truth"
  | "offered-without-truth"
  | "none-right"
  | "none-false-reject";

function outcome(c: RecordedCase, v: ReferenceVerdict): Outcome {
  const primary = c.truth.doi?.toLowerCase() ?? null;
  const others = (c.truth.alternates ?? []).map((d) => d.toLowerCase());
  if (v.kind === "confident") return v.work.doi === primary ? "confident-right" : others.includes(v.work.doi) ? "confident-other-version" : "confident-wrong";
  if (v.kind === "ambiguous") return v.candidates.some((w) => w.doi === primary || others.includes(w.doi)) ? "offered-with-truth" : "offered-without-truth";
  return primary === null ? "none-right" : "none-false-reject";
}

const ORDER: Outcome[] = [
  "confident-right",
  "confident-other-version",
  "confident-wrong",
  "offered-with-truth",
  "offered-without-truth",
  "none-right",
  "none-false-reject",
];

describe("reference validator over recorded Crossref answers", () => {
  it("has real cases from several recorded sources, each pairing checked where the record allows", () => {
    expect(data.cases.length).toBeGreaterThanOrEqual(50);
    expect(new Set(data.cases.map((c) => c.source.repo)).size).toBeGreaterThanOrEqual(3);
    for (const c of data.cases) {
      expect(data.commits[c.source.repo], c.id).toMatch(/^[0-9a-f]{40}$/);
      expect(
        c.candidates.every((x) => mapWork(x) !== null),
        c.id,
      ).toBe(true);
      if (c.cacheKey) {
        // refchecker names a cached answer by the hash of its query: the pairing is the record's own.
        const k = c.cacheKey;
        const name = createHash("sha256")
          .update(`crossref\0${k.method}\0${k.query}|${k.year ?? "None"}|${k.limit}`)
          .digest("hex");
        expect(c.source.file.endsWith(`/${name}.json`), c.id).toBe(true);
      }
    }
  });

  it("decides each (figures printed); never confident on a work other than the cited one", () => {
    const results = data.cases.map((c) => {
      const { verdict, judged } = decideReference(
        c.input,
        c.candidates.map((x) => mapWork(x)!),
      );
      return { c, verdict, judged, outcome: outcome(c, verdict) };
    });
    const count = (o: Outcome, of = results) => of.filter((r) => r.outcome === o).length;
    const line = (name: string, of: typeof results) =>
      `  ${name.padEnd(40)} ${String(of.length).padStart(4)} | ${ORDER.map((o) => `${o} ${count(o, of)}`).join(", ")}`;
    const withTruth = results.filter((r) => r.c.truth.doi !== null);
    const without = results.filter((r) => r.c.truth.doi === null);
    const show = (r: (typeof results)[number]) =>
      `  ${r.outcome} ${r.c.id} truth ${r.c.truth.doi ?? "none"}: got ${r.verdict.kind === "confident" ? r.verdict.work.doi : r.verdict.kind === "ambiguous" ? r.verdict.candidates.map((w) => w.doi).join(" ") : "none"}\n    ${r.c.input.slice(0, 160)}\n    ${JSON.stringify(r.judged.map((j) => [j.doi, j.title.toFixed(2), j.score, j.rejected ?? (j.eligible ? "eligible" : "-"), ...j.notes]))}`;
    console.log(
      [
        `reference validator over ${results.length} recorded Crossref answers:`,
        line("all", results),
        line("cited work among the candidates", withTruth),
        line("cited work not among them", without),
        ...[...new Set(results.map((r) => r.c.source.repo))].map((repo) =>
          line(
            repo,
            results.filter((r) => r.c.source.repo === repo),
          ),
        ),
        "confident on another work:",
        ...results.filter((r) => r.outcome === "confident-wrong").map(show),
        "cited work among the candidates, not confident:",
        ...results
          .filter(
            (r) => r.outcome === "offered-with-truth" || r.outcome === "none-false-reject" || (r.outcome === "offered-without-truth" && r.c.truth.doi !== null),
          )
          .map(show),
      ].join("\n"),
    );
    expect(results.filter((r) => r.outcome === "confident-wrong").map((r) => r.c.id)).toEqual([]);
  });
});
