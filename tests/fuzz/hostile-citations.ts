/**
 * Hostile reading lists, built here (none is a recorded file): each aims at one way a reader can
 * spend memory or time out of proportion to its input. Shared by the readers' unit test and the
 * memory-and-time fuzz suite (tests/fuzz/), which sends them to POST /batch.
 */

export type HostileList = { name: string; text: string; filename: string | null };

/**
 * The review's 1.9 KB `.bib`: each @string is the one before it twice (`# ` concatenation), so
 * level k holds 2^k copies of the seed. Forty-odd levels fit in under 2 KB and ask for terabytes.
 */
export function nestedStringBib(targetBytes = 1900): string {
  const lines = [`@string{lvl0 = "Nested macro expansion probe "}`];
  let k = 0;
  const body = () => `${lines.join("\n")}\n@article{bomb, title = lvl${k}, author = lvl${k}}\n`;
  while (body().length + 40 < targetBytes) {
    k++;
    lines.push(`@string{lvl${k} = lvl${k - 1} # lvl${k - 1}}`);
  }
  return body();
}

const MB = 1024 * 1024;
const fill = (unit: string, bytes: number) => unit.repeat(Math.max(1, Math.floor(bytes / unit.length)));

export function hostileCitationInputs(size = 1.9 * MB): HostileList[] {
  const bib = (t: string) => ({ text: t, filename: "list.bib" });
  const ris = (t: string) => ({ text: t, filename: "list.ris" });
  const nbib = (t: string) => ({ text: t, filename: "list.nbib" });
  const json = (t: string) => ({ text: t, filename: "list.json" });
  const txt = (t: string) => ({ text: t, filename: null });
  const cases: [string, { text: string; filename: string | null }][] = [
    ["bib-nested-string-1.9kb", bib(nestedStringBib(1900))],
    ["bib-nested-string-2.1kb", bib(nestedStringBib(2100))],
    // Wide rather than deep: one macro of 1 KB used 2,000 times in one field.
    ["bib-macro-fanout", bib(`@string{m = "${"x".repeat(1000)}"}\n@article{k, title = ${fill("m # ", size / 2)}m}\n`)],
    ["bib-deep-braces", bib(`@article{k, title = {${"{".repeat(size / 2)}${"}".repeat(size / 2)}}}`)],
    ["bib-nested-accents", bib(`@article{k, title = {${fill("\\'{", size / 2)}${"}".repeat(size / 6)}}}`)],
    ["bib-one-line-of-at", bib(fill("@a{", size))],
    ["bib-keyless-no-comma", bib(fill("@article{x ", size))],
    ["bib-unclosed-field", bib(`@article{k, title = {${fill("x", size)}`)],
    ["bib-100k-entries", bib(fill("@misc{a,title={t}}\n", size))],
    ["bib-dots-title", bib(`@article{k, title = {${fill(". ", size)}x}}`)],
    ["ris-100k-records", ris(fill("TY  - JOUR\nTI  - t\nER  - \n", size))],
    ["ris-one-huge-field", ris(`TY  - JOUR\nTI  - ${fill("x", size)}\nER  - \n`)],
    ["ris-continued-lines", ris(`TY  - JOUR\nTI  - t\n${fill("continued\n", size)}ER  - \n`)],
    ["ris-dots-title", ris(`TY  - JOUR\nTI  - ${fill(". ", size)}x\nER  - \n`)],
    ["ris-many-authors", ris(`TY  - JOUR\n${fill("AU  - Smith, J.\n", size)}ER  - \n`)],
    ["nbib-100k-records", nbib(fill("PMID- 1\nTI  - t\n\n", size))],
    ["nbib-continued", nbib(`PMID- 1\nTI  - t\n${fill("      more\n", size)}`)],
    ["json-deep-array", json(`${"[".repeat(size / 2)}${"]".repeat(size / 2)}`)],
    ["json-deep-issued", json(`[{"title":"t","issued":${"[".repeat(size / 4)}2020${"]".repeat(size / 4)}}]`)],
    ["json-deep-object", json(`[{"title":${fill('{"a":', size / 2)}1${"}".repeat(Math.floor(size / 2 / 5))}}]`)],
    ["json-100k-items", json(`[${fill('{"title":"t"},', size)}{"title":"t"}]`)],
    ["json-huge-string", json(`[{"title":"${fill("\\u0041", size)}"}]`)],
    ["json-many-authors", json(`[{"title":"t","author":[${fill('{"family":"a","given":"b"},', size)}{"family":"a"}]}]`)],
    ["text-one-line", txt(fill("Smith, J. ", size))],
    ["text-many-short-lines", txt(fill("a\n", size))],
    [
      "text-numbered-100k",
      txt(
        Array.from({ length: 100_000 }, (_, i) => `${i + 1}. Smith, J. (2020). A title of a work.`)
          .join("\n")
          .slice(0, size),
      ),
    ],
    ["text-hyphen-wrapped", txt(fill("seman-\n", size))],
    ["text-nul-and-bidi", txt(fill("\u0000\u202e\ufeff\ud800x\n", size))],
    ["text-persian-digits", txt(fill("۱۲۳۴۵۶- ", size))],
  ];
  return cases.map(([name, v]) => ({ name, ...v }));
}
