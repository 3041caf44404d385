/**
 * IEEE Xplore's record in a page script, read in one pass (landing-rules.ts ieeeMetadataIn): the
 * same result as the expression it replaces, without its quadratic scans.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ieeeMetadataIn } from "./landing-rules";

const EXPRESSION = /xplGlobal\.document\.metadata\s*=\s*(\{.*\});/;
const NAME = "xplGlobal.document.metadata";

describe("ieeeMetadataIn", () => {
  it("reads IEEE's assignment as the expression did", () => {
    const script = `var a = 1;\nxplGlobal.document.metadata={"title":"A study","doi":"10.1109/5.771073","x":{"y":1}};\nvar b = {};`;
    expect(ieeeMetadataIn(script)).toBe('{"title":"A study","doi":"10.1109/5.771073","x":{"y":1}}');
    expect(ieeeMetadataIn("nothing here")).toBeNull();
  });

  it("agrees with the expression on scripts built from its pieces (property test)", () => {
    const piece = fc.constantFrom(NAME, "=", " ", "\n", "\r", "{", "}", ";", "};", "x", '"', "\u2028", "\t");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const script = pieces.join("");
        expect(ieeeMetadataIn(script)).toBe(EXPRESSION.exec(script)?.[1] ?? null);
      }),
      { numRuns: 5_000 },
    );
  });

  it("a 512 KB line of the name repeated (a hostile page's script) is read in one pass", () => {
    // The expression scanned the rest of the line from each of 17,000 occurrences: ~0.4 s for
    // 64 KB, over a minute for the reader's four 512 KB scripts. One pass takes milliseconds;
    // the bound below leaves a wide margin for a loaded machine.
    const hostile = `${NAME}={`.repeat((512 * 1024) / (NAME.length + 2));
    const t0 = performance.now();
    for (let i = 0; i < 4; i++) expect(ieeeMetadataIn(hostile)).toBeNull();
    expect(performance.now() - t0).toBeLessThan(2_000);
  });
});
