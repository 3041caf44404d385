/**
 * Crossref update records as the result's structured notices (issue 14 §5), from the real wire
 * shapes: the recorded PLOS ONE work (a publisher correction), the Wakefield 1998 record (a
 * correction and a retraction deposited by Retraction Watch, with `record-id`), a notice that
 * names itself in `update-to`, duplicates from two depositors, and type spellings Crossref and
 * its depositors use. Unknown types warn of nothing; nothing crashes. Also the title (and a
 * subtitle Crossref keeps apart) that a downloaded file is verified against.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mapWork } from "../clients/crossref";
import { emptyMeta, noticeTypeOf } from "../contract/jobs/job-state";
import { applyCrossref, noticesOf } from "./resolver-steps";

const work = (m: Record<string, unknown>) => mapWork({ DOI: "10.1016/s0140-6736(97)11096-0", title: ["A work"], ...m })!;
const updated = (y: number, mo: number, d: number) => ({
  "date-parts": [[y, mo, d]],
  "date-time": `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}T00:00:00Z`,
  timestamp: 0,
});

describe("noticesOf (Crossref updated-by / update-to)", () => {
  it("the recorded PLOS ONE work: its publisher correction", () => {
    const recorded = JSON.parse(readFileSync(new URL("../tests/fixtures/crossref/work_single.json", import.meta.url), "utf8")).message;
    expect(noticesOf(mapWork(recorded)!)).toEqual([
      {
        type: "correction",
        crossrefType: "correction",
        doi: "10.1371/annotation/c76da2c1-ccb8-4797-94c1-359d3ceceeda",
        date: "2012-05-08",
        source: "crossref/publisher",
        relation: "updated_by",
      },
    ]);
  });

  it("Retraction Watch's records (record-id, source retraction-watch): a correction and the retraction", () => {
    const w = work({
      "updated-by": [
        {
          DOI: "10.1016/s0140-6736(04)15715-2",
          type: "correction",
          label: "Correction",
          source: "retraction-watch",
          updated: updated(2004, 3, 6),
          "record-id": "17269",
        },
        {
          DOI: "10.1016/s0140-6736(10)60175-4",
          type: "retraction",
          label: "Retraction",
          source: "retraction-watch",
          updated: updated(2010, 2, 6),
          "record-id": "17270",
        },
      ],
    });
    expect(noticesOf(w)).toEqual([
      {
        type: "correction",
        crossrefType: "correction",
        doi: "10.1016/s0140-6736(04)15715-2",
        date: "2004-03-06",
        source: "crossref/retraction-watch",
        relation: "updated_by",
      },
      {
        type: "retraction",
        crossrefType: "retraction",
        doi: "10.1016/s0140-6736(10)60175-4",
        date: "2010-02-06",
        source: "crossref/retraction-watch",
        relation: "updated_by",
      },
    ]);
  });

  it("the same notice from the publisher and from Retraction Watch is one notice, the publisher's", () => {
    const entry = { DOI: "10.1016/s0140-6736(10)60175-4", type: "retraction", label: "Retraction", updated: updated(2010, 2, 6) };
    const w = work({
      "updated-by": [
        { ...entry, source: "retraction-watch", "record-id": "1" },
        { ...entry, DOI: "10.1016/S0140-6736(10)60175-4", source: "publisher" },
      ],
    });
    expect(noticesOf(w)).toEqual([expect.objectContaining({ type: "retraction", source: "crossref/publisher" })]);
  });

  it("a pasted notice: update-to names the work it is about", () => {
    const w = mapWork({
      DOI: "10.1016/s0140-6736(10)60175-4",
      title: ["Retraction—Ileal-lymphoid-nodular hyperplasia"],
      "update-to": [{ DOI: "10.1016/S0140-6736(97)11096-0", type: "retraction", label: "Retraction", source: "publisher", updated: updated(2010, 2, 6) }],
    })!;
    expect(noticesOf(w)).toEqual([
      {
        type: "retraction",
        crossrefType: "retraction",
        doi: "10.1016/s0140-6736(97)11096-0",
        date: "2010-02-06",
        source: "crossref/publisher",
        relation: "update_to",
      },
    ]);
  });

  it("a notice deposited on the work itself (update-to its own DOI) says the work is updated, not that it is a notice", () => {
    const w = work({
      "update-to": [{ DOI: "10.1016/S0140-6736(97)11096-0", type: "withdrawal", label: "Withdrawal", source: "publisher", updated: updated(2011, 1, 2) }],
    });
    expect(noticesOf(w)).toEqual([expect.objectContaining({ type: "withdrawal", relation: "updated_by", doi: "10.1016/s0140-6736(97)11096-0" })]);
  });

  it("variant spellings map to their kind; what warns of nothing, or is unknown, is left out, never guessed", () => {
    const types = [
      "RETRACTION",
      "Partial_Retraction",
      "partial-retraction",
      "removal",
      "Expression of Concern",
      "expression-of-concern",
      "erratum",
      "corrigendum",
      "addendum",
      "clarification",
      "new_version",
      "new_edition",
      "reinstatement",
      "something-new",
      "",
    ];
    const w = work({ "updated-by": types.map((type, i) => ({ DOI: `10.1000/n${i}`, type, source: "publisher" })) });
    expect(noticesOf(w).map((n) => [n.crossrefType, n.type])).toEqual([
      ["retraction", "retraction"],
      ["partial_retraction", "retraction"],
      ["partial_retraction", "retraction"],
      ["removal", "withdrawal"],
      ["expression_of_concern", "expression_of_concern"],
      ["expression_of_concern", "expression_of_concern"],
      ["erratum", "correction"],
      ["corrigendum", "correction"],
      ["addendum", "correction"],
      ["clarification", "correction"],
    ]);
  });

  it("malformed entries (no DOI, no type, not objects, no date) do not crash", () => {
    const w = work({
      "updated-by": [
        null,
        "retraction",
        { type: "retraction" },
        { DOI: "10.1000/x" },
        { DOI: "not a doi", type: "retraction" },
        { DOI: "10.1000/ok", type: "retraction", updated: { "date-parts": [[null]] } },
      ],
      "update-to": { DOI: "10.1000/y" },
    });
    expect(noticesOf(w)).toEqual([
      { type: "retraction", crossrefType: "retraction", doi: "10.1000/ok", date: null, source: "crossref", relation: "updated_by" },
    ]);
  });
});

describe("noticeTypeOf", () => {
  it("is the one mapping the result and the library watch share", () => {
    expect(noticeTypeOf(" Retraction ")).toBe("retraction");
    expect(noticeTypeOf("removal")).toBe("withdrawal");
    expect(noticeTypeOf("new_version")).toBeNull();
  });
});

describe("applyCrossref: the title the file is verified against", () => {
  it("keeps a subtitle Crossref holds apart beside the title, and none when its record has none", () => {
    const meta = emptyMeta();
    applyCrossref(meta, work({ title: ["Pandemic programming"], subtitle: ["How COVID-19 affects software developers and how their organizations can help"] }));
    expect(meta).toMatchObject({ title: "Pandemic programming", subtitle: "How COVID-19 affects software developers and how their organizations can help" });
    applyCrossref(meta, work({ title: ["Another record"] }));
    expect(meta).toMatchObject({ title: "Another record", subtitle: null });
  });
});
