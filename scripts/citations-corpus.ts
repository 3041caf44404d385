/**
 * Held-out check of the reading-list readers (lib/citations) on real files from public test
 * suites, each judged against what that suite itself expects:
 *
 *   retorquere/bibtex-parser     test/better-bibtex/import/*.bib, test/other/*.bib  → its own parse snapshots
 *                                (test/snapshots/sentencecase=off^caseprotection=off/…/<file>.yaml)
 *   JabRef/jabref                importer/fileformat/RisImporterTest*.ris, MedlinePlainImporterTest*.txt → the
 *                                expected .bib beside each; testbib/*.bib → its @entries
 *   zotero/translators           RIS.js, BibTeX.js, MEDLINEnbib.js, CSL JSON.js import test cases → their items
 *   biopython/biopython          Tests/Medline/pubmed_result*.txt (PubMed's MEDLINE export) → PMID-/[doi] lines
 *   citation-js/citation-js      plugin-bibtex test inputs → the CSL in test/input.json
 *   citation-style-language/test-suite   processor-tests/humans/*.txt INPUT sections (CSL-JSON) → the items
 *   inukshuk/anystyle            res/finder/*.ttx reference sections (text of real PDFs; a reference starts on an
 *                                unindented line) pasted without indentation → one entry per reference
 *
 *   MIRRORS=/work/.mirror npx tsx scripts/citations-corpus.ts [--out DIR] [--failures N]
 *
 * `MIRRORS` holds `<owner>+<name>/repo` git directories. The files are read with `git show`, run
 * through the same path as an upload (decodeUpload, detectFormat by file name, parseCitations) and
 * counted: entries, identifiers right/wrong/missed, titles, crashes, garbage, time. `--out` also writes
 * every input with its source (repo, commit, path) for inspection; nothing of it is committed.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { decodeUpload, detectFormat, parseCitations, writeCitations, type Citation, type CitationFormat, type ExportFormat } from "../lib/citations";
import { readBibtex } from "../lib/citations/bibtex";
import { splitReferences } from "../lib/citations/text";

// js-yaml comes with the dev tools (not a dependency of ours): only this developer script reads YAML.
const yaml = (await import("js-yaml" as string)) as { load: (text: string, options: { schema: unknown }) => unknown; JSON_SCHEMA: unknown };
const MIRRORS = process.env.MIRRORS ?? "/work/.mirror";
const args = process.argv.slice(2);
const OUT = args.includes("--out") ? args[args.indexOf("--out") + 1]! : null;
const SHOW_FAILURES = args.includes("--failures") ? Number(args[args.indexOf("--failures") + 1]) : 0;

const repoDir = (repo: string) => path.join(MIRRORS, repo.replace("/", "+"), "repo");
const commits = new Map<string, string>();
function commitOf(repo: string): string {
  if (!commits.has(repo))
    commits.set(
      repo,
      execFileSync("git", ["-C", repoDir(repo), "rev-parse", "HEAD"])
        .toString()
        .trim(),
    );
  return commits.get(repo)!;
}
function ls(repo: string, under: string): string[] {
  return execFileSync("git", ["-C", repoDir(repo), "ls-tree", "-r", "--name-only", "-z", "HEAD", under], { maxBuffer: 1 << 26 })
    .toString()
    .split("\0")
    .filter(Boolean);
}
function show(repo: string, file: string): Buffer {
  return execFileSync("git", ["-C", repoDir(repo), "show", `HEAD:${file}`], { maxBuffer: 1 << 28 });
}

/** What the source suite says one entry holds (only what it states; undefined = not stated). */
type Expected = {
  key?: string;
  doi?: string | null;
  pmid?: string | null;
  arxiv?: string | null;
  isbn?: string | null;
  title?: string | null;
  authors?: number;
};
type Case = { source: string; repo: string; file: string; name: string; bytes: Buffer; filename: string | null; format: CitationFormat; expected: Expected[] };

const normDoi = (v: unknown): string | null => {
  if (typeof v !== "string") return null;
  let s = v;
  try {
    s = decodeURIComponent(v);
  } catch {
    /* keep */
  }
  const m = /10\.\d{4,9}\/\S+/.exec(s);
  return m ? m[0].replace(/[.,;]+$/, "").toLowerCase() : null;
};
const normId = (v: unknown) =>
  typeof v === "string" || typeof v === "number"
    ? String(v)
        .replace(/[^0-9Xx]/g, "")
        .toUpperCase() || null
    : null;
const normArxiv = (v: unknown) =>
  typeof v === "string"
    ? v
        .replace(/^arxiv:/i, "")
        .replace(/v\d+$/, "")
        .trim()
        .toLowerCase() || null
    : null;
const normTitle = (v: unknown) =>
  typeof v === "string"
    ? v
        .replace(/<[^>]+>/g, "")
        .normalize("NFKC")
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, "")
    : "";

// ---------------------------------------------------------------- sources

function bibtexParser(): Case[] {
  const repo = "retorquere/bibtex-parser";
  const snap = "test/snapshots/sentencecase=off^caseprotection=off";
  const snaps = new Set(ls(repo, snap));
  const cases: Case[] = [];
  for (const file of [...ls(repo, "test/better-bibtex/import"), ...ls(repo, "test/other")].filter((f) => f.endsWith(".bib"))) {
    const kind = file.startsWith("test/other") ? "other" : "import";
    const oracle = `${snap}/${kind}/${path.basename(file)}.yaml`;
    if (!snaps.has(oracle)) continue;
    let oracleText: string;
    try {
      oracleText = show(repo, oracle).toString();
    } catch {
      continue; // listed but absent from the snapshot (files of 4 MiB and more)
    }
    const doc = yaml.load(oracleText, { schema: yaml.JSON_SCHEMA }) as { entries?: { key: string; type: string; fields: Record<string, unknown> }[] };
    const expected = (doc.entries ?? []).map((e): Expected => {
      const f = e.fields;
      const str = (k: string) =>
        typeof f[k] === "string" ? (f[k] as string) : Array.isArray(f[k]) && typeof (f[k] as unknown[])[0] === "string" ? (f[k] as string[]).join(" ") : null;
      const eprintType = (str("archiveprefix") ?? str("eprinttype") ?? "").toLowerCase();
      const names = Array.isArray(f.author) ? f.author.length : Array.isArray(f.editor) ? f.editor.length : 0;
      return {
        key: e.key,
        doi: normDoi(str("doi")),
        pmid: normId(str("pmid")),
        arxiv: eprintType === "arxiv" ? normArxiv(str("eprint")) : undefined,
        title: str("title"),
        authors: names,
      };
    });
    cases.push({
      source: "bibtex-parser (Better BibTeX)",
      repo,
      file,
      name: path.basename(file),
      bytes: show(repo, file),
      filename: path.basename(file),
      format: "bibtex",
      expected,
    });
  }
  return cases;
}

/** Entries of a JabRef-written expected .bib (clean BibTeX), read by a deliberately simple scan. */
function jabrefExpected(text: string): Expected[] {
  const out: Expected[] = [];
  for (const chunk of text.split(/^@/m).slice(1)) {
    if (/^(comment|string|preamble)\b/i.test(chunk)) continue;
    const field = (name: string) => new RegExp(`^\\s*${name}\\s*=\\s*\\{(.*)\\},?\\s*$`, "im").exec(chunk)?.[1] ?? null;
    const authors = field("author");
    out.push({
      doi: normDoi(field("doi")),
      pmid: normId(field("pmid")),
      isbn: normId(field("isbn")),
      title: field("title"),
      authors: authors ? authors.split(/\s+and\s+/).length : undefined,
    });
  }
  return out;
}

function jabref(): Case[] {
  const repo = "JabRef/jabref";
  const dir = "jablib/src/test/resources/org/jabref/logic/importer/fileformat";
  const files = ls(repo, dir);
  const have = new Set(files);
  const cases: Case[] = [];
  for (const file of files) {
    const base = path.basename(file);
    const ris = /^RisImporter.*\.ris$/.test(base);
    const medline = /^MedlinePlainImporter.*\.txt$/.test(base);
    if (!ris && !medline) continue;
    const bib = file.replace(/\.(ris|txt)$/, ".bib");
    const bytes = show(repo, file);
    let expected: Expected[];
    if (have.has(bib)) expected = jabrefExpected(show(repo, bib).toString());
    // JabRef's own test counts the records between blank lines, with or without a PMID line.
    else if (medline)
      expected = bytes
        .toString()
        .split(/\r?\n\s*\r?\n/)
        .filter((b) => /^[A-Z]{2,4} *-/m.test(b))
        .map((b) => ({ pmid: /^PMID- *(\d+)/m.exec(b)?.[1] ?? null }));
    else continue; // a deliberately corrupt file with no stated result
    cases.push({
      source: ris ? "JabRef RIS importer tests" : "JabRef MEDLINE importer tests",
      repo,
      file,
      name: base,
      bytes,
      filename: base,
      format: ris ? "ris" : "nbib",
      expected,
    });
  }
  for (const file of ls(repo, "jablib/src/test/resources/testbib").filter((f) => f.endsWith(".bib"))) {
    const bytes = show(repo, file);
    // Entries stated by the file itself: lines opening an @entry that is not @comment/@string/@preamble.
    const expected = [...bytes.toString().matchAll(/^\s*@(?!comment|string|preamble)([a-z]+)\s*\{\s*([^,\s]*)\s*,/gim)].map((m) => ({ key: m[2] }));
    cases.push({ source: "JabRef testbib", repo, file, name: path.basename(file), bytes, filename: path.basename(file), format: "bibtex", expected });
  }
  return cases;
}

type ZoteroItem = { itemType?: string; title?: string; DOI?: string; ISBN?: string; extra?: string; creators?: unknown[] };
function zotero(): Case[] {
  const repo = "zotero/translators";
  const cases: Case[] = [];
  const formats: [string, CitationFormat][] = [
    ["RIS.js", "ris"],
    ["BibTeX.js", "bibtex"],
    ["MEDLINEnbib.js", "nbib"],
    ["CSL JSON.js", "csljson"],
  ];
  for (const [file, format] of formats) {
    const src = show(repo, file).toString();
    const block = /\/\*\* BEGIN TEST CASES \*\*\/\s*var testCases = ([\s\S]*?);?\s*\/\*\* END TEST CASES \*\*\//.exec(src)?.[1];
    if (!block) continue;
    let tests: { type: string; input?: string; items?: ZoteroItem[] | string }[];
    try {
      tests = JSON.parse(block);
    } catch {
      continue;
    }
    tests.forEach((t, i) => {
      if (t.type !== "import" || typeof t.input !== "string" || !Array.isArray(t.items)) return;
      const expected = t.items
        .filter((it) => it.itemType !== "note" && it.itemType !== "attachment")
        .map((it): Expected => {
          const extra = it.extra ?? "";
          const doi = it.DOI ?? /^DOI:\s*(\S+)/im.exec(extra)?.[1];
          const arxiv = /^arXiv:\s*(\S+)/im.exec(extra)?.[1] ?? /10\.48550\/arxiv\.(\S+)/i.exec(doi ?? "")?.[1];
          return {
            doi: normDoi(doi),
            pmid: normId(/^PMID:\s*(\d+)/im.exec(extra)?.[1]),
            arxiv: arxiv ? normArxiv(arxiv) : undefined,
            isbn: it.itemType === "book" ? normId(it.ISBN?.split(/\s+/)[0]) : undefined,
            title: it.title ?? null,
            authors: Array.isArray(it.creators) ? it.creators.length : undefined,
          };
        });
      cases.push({
        source: `Zotero ${file} test cases`,
        repo,
        file,
        name: `${file}#${i + 1}`,
        bytes: Buffer.from(t.input, "utf8"),
        filename: null,
        format,
        expected,
      });
    });
  }
  return cases;
}

function biopython(): Case[] {
  const repo = "biopython/biopython";
  return ls(repo, "Tests/Medline").map((file) => {
    const bytes = show(repo, file);
    const expected = bytes
      .toString()
      .split(/^(?=PMID- )/m)
      .filter((r) => r.startsWith("PMID- "))
      .map((r) => ({ pmid: /^PMID- *(\d+)/.exec(r)![1]!, doi: normDoi(/^(?:AID|LID) - (\S+) \[doi\]/m.exec(r)?.[1]) }));
    return {
      source: "Biopython Tests/Medline (PubMed export)",
      repo,
      file,
      name: path.basename(file),
      bytes,
      filename: path.basename(file),
      format: "nbib" as const,
      expected,
    };
  });
}

function citationJs(): Case[] {
  const repo = "citation-js/citation-js";
  const dir = "packages/plugin-bibtex/test";
  const spec = JSON.parse(show(repo, `${dir}/input.json`).toString()) as Record<string, Record<string, [string | null, Record<string, unknown>[]]>>;
  const files = new Set(ls(repo, `${dir}/input`));
  const cases: Case[] = [];
  for (const [type, tests] of Object.entries(spec)) {
    if (!/^@biblatex\/text$|^@bibtex\/text$/.test(type)) continue; // not @bibtxt, another format
    for (const [name, [inline, items]] of Object.entries(tests)) {
      const file = [`${dir}/input/${name.replace(/^with /, "")}.bib`, `${dir}/input/${name.replace(/^with /, "")}.txt`].find((f) => files.has(f));
      if (inline === null && !file) continue;
      const bytes = inline !== null ? Buffer.from(inline, "utf8") : show(repo, file!);
      const expected = (Array.isArray(items) ? items : []).map((it) => ({
        doi: normDoi(it.DOI),
        pmid: normId(it.PMID),
        title: typeof it.title === "string" ? it.title : null,
        authors: Array.isArray(it.author) ? it.author.length : Array.isArray(it.editor) ? it.editor.length : undefined,
      }));
      cases.push({
        source: "citation-js plugin-bibtex tests",
        repo,
        file: file ?? `${dir}/input.json`,
        name: `${type}: ${name}`,
        bytes,
        filename: file ? path.basename(file) : null,
        format: "bibtex",
        expected,
      });
    }
  }
  return cases;
}

function cslTestSuite(): Case[] {
  const repo = "citation-style-language/test-suite";
  const cases: Case[] = [];
  for (const file of ls(repo, "processor-tests/humans").filter((f) => f.endsWith(".txt"))) {
    const input = /^>>=+ *INPUT *=+>>\s*$([\s\S]*?)^<<=+ *INPUT *=+<<\s*$/m.exec(show(repo, file).toString())?.[1];
    if (!input) continue;
    let items: Record<string, unknown>[];
    try {
      const parsed = JSON.parse(input);
      items = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      continue; // a few fixtures hold deliberately broken JSON
    }
    const expected = items
      .filter((it) => it && typeof it === "object")
      .map((it) => ({ doi: normDoi(it.DOI), title: typeof it.title === "string" ? it.title : null }));
    cases.push({
      source: "CSL test-suite INPUT sections",
      repo,
      file,
      name: path.basename(file),
      bytes: Buffer.from(input, "utf8"),
      filename: path.basename(file).replace(/\.txt$/, ".json"),
      format: "csljson",
      expected,
    });
  }
  return cases;
}

/** A reference section of an AnyStyle finder file: gold references (a reference starts on an unindented line). */
type TextCase = { source: string; repo: string; file: string; name: string; pasted: string; gold: string[] };
function anystyle(): TextCase[] {
  const repo = "inukshuk/anystyle";
  const out: TextCase[] = [];
  for (const file of ls(repo, "res/finder").filter((f) => f.endsWith(".ttx"))) {
    // Runs of lines under one "ref" label. A run whose continuation lines are indented (hanging indent)
    // holds one reference per unindented line; a run without indentation is one reference.
    const runs: string[][] = [];
    let label = "";
    for (const raw of show(repo, file).toString().split("\n")) {
      const m = /^(\S*)\s*\| ?(.*)$/.exec(raw);
      if (!m) continue;
      if (m[1]) {
        label = m[1];
        if (label === "ref") runs.push([]);
      }
      if (label !== "ref" || !m[2]!.trim()) continue;
      runs[runs.length - 1]!.push(m[2]!.replace(/&amp;/g, "&"));
    }
    // Hanging indent (a fifth or more of the lines indented deeper than the least indented ones): a
    // reference starts on each least-indented line (labels repeat after the blank lines of
    // double-spaced text). Otherwise a reference starts at each "ref" label.
    const gold: string[] = [];
    const lines: string[] = [];
    const indent = (l: string) => /^\s*/.exec(l)![0].length;
    const flat = runs.flat();
    const base = Math.min(...flat.map(indent));
    const hanging = flat.filter((l) => indent(l) > base + 1).length >= flat.length * 0.2;
    for (const run of runs)
      run.forEach((l, k) => {
        if ((hanging ? indent(l) <= base + 1 : k === 0) || !gold.length) gold.push(l.trim());
        else gold[gold.length - 1] += ` ${l.trim()}`;
        lines.push(l.trim());
      });
    if (gold.length < 3) continue;
    out.push({ source: "AnyStyle finder (PDF text, indent removed)", repo, file, name: path.basename(file), pasted: lines.join("\n"), gold });
  }
  return out;
}

// ---------------------------------------------------------------- scoring

type Tally = {
  files: number;
  crashes: number;
  misdetected: number;
  expected: number;
  read: number;
  garbage: number;
  ms: number;
  titleOk: number;
  titleAll: number;
  ids: Record<string, { all: number; ok: number; wrong: number; missed: number }>;
};
const newTally = (): Tally => ({
  files: 0,
  crashes: 0,
  misdetected: 0,
  expected: 0,
  read: 0,
  garbage: 0,
  ms: 0,
  titleOk: 0,
  titleAll: 0,
  ids: {
    doi: { all: 0, ok: 0, wrong: 0, missed: 0 },
    pmid: { all: 0, ok: 0, wrong: 0, missed: 0 },
    arxiv: { all: 0, ok: 0, wrong: 0, missed: 0 },
    isbn: { all: 0, ok: 0, wrong: 0, missed: 0 },
  },
});
const failures: string[] = [];
/** Every citation read from the structured files, for the export round trip. */
const parsed: Citation[] = [];

function ours(c: Citation, kind: "doi" | "pmid" | "arxiv" | "isbn"): string | null {
  if (kind === "doi") return normDoi(c.doi);
  if (kind === "arxiv") return normArxiv(c.arxiv);
  return normId(c[kind]);
}

function score(t: Tally, k: Case) {
  t.files++;
  t.expected += k.expected.length;
  const started = performance.now();
  let list: Citation[];
  let content = "";
  let format: CitationFormat = k.format;
  try {
    content = decodeUpload(new Uint8Array(k.bytes));
    format = detectFormat(content, k.filename);
    if (format !== k.format) {
      t.misdetected++;
      failures.push(`[format] ${k.source} ${k.name}: read as ${format}, is ${k.format}`);
    }
    list = parseCitations(content, format);
  } catch (e) {
    t.crashes++;
    failures.push(`[crash] ${k.source} ${k.name}: ${(e as Error).message}`);
    return;
  } finally {
    t.ms += performance.now() - started;
  }
  t.read += list.length;
  // Entries with nothing in them (an "@foo{}") cannot come back from an export, and need not.
  parsed.push(...list.filter((c) => c.title || c.authors.length || c.doi || c.text || c.container));
  if (list.length !== k.expected.length) failures.push(`[count] ${k.source} ${k.name}: read ${list.length}, expected ${k.expected.length}`);
  for (const c of list) if (!c.title && !c.doi && !c.pmid && !c.arxiv && !c.isbn && !c.text && !c.authors.length) t.garbage++;
  // BibTeX entries are paired by citation key (a skipped or extra entry must not shift the rest), others by position.
  const keys = format === "bibtex" ? readBibtex(content).map((e) => e.key) : [];
  const used = new Set<number>();
  k.expected.forEach((e, i) => {
    // The n-th entry with a key pairs with the n-th expected one (Mendeley writes many with an empty key).
    const at = e.key !== undefined && keys.length === list.length ? keys.findIndex((key, j) => key === e.key && !used.has(j)) : i;
    used.add(at);
    const c = list[at];
    if (!c) return;
    for (const kind of ["doi", "pmid", "arxiv", "isbn"] as const) {
      const want = e[kind];
      if (want === undefined) continue;
      const got = ours(c, kind);
      if (want === null) {
        // The suite's reader found none; ours finding one is counted as wrong only when it is not in the input.
        const raw = k.bytes.toString().toLowerCase();
        if (got && !raw.includes(got.toLowerCase()) && !(kind === "isbn" && raw.replace(/[\s-]/g, "").includes(got.toLowerCase()))) {
          t.ids[kind]!.wrong++;
          failures.push(`[${kind} invented] ${k.source} ${k.name} #${i + 1}: ${got}`);
        }
        continue;
      }
      t.ids[kind]!.all++;
      if (got === want) t.ids[kind]!.ok++;
      else if (got) {
        t.ids[kind]!.wrong++;
        failures.push(`[${kind} wrong] ${k.source} ${k.name} #${i + 1}: ${got} ≠ ${want}`);
      } else {
        t.ids[kind]!.missed++;
        failures.push(`[${kind} missed] ${k.source} ${k.name} #${i + 1}: ${want}`);
      }
    }
    if (e.title) {
      t.titleAll++;
      if (normTitle(c.title) === normTitle(e.title)) t.titleOk++;
      else failures.push(`[title] ${k.source} ${k.name} #${i + 1}: «${c.title}» ≠ «${e.title}»`);
    }
  });
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : "–");
const idCell = (x: { all: number; ok: number; wrong: number; missed: number }) =>
  x.all || x.wrong ? `${x.ok}/${x.all}${x.wrong ? ` (${x.wrong} wrong)` : ""}` : "–";

const sources: (() => Case[])[] = [bibtexParser, citationJs, jabref, zotero, biopython, cslTestSuite];
const rows: string[] = [];
const all: Case[] = [];
for (const load of sources) {
  const cases = load();
  all.push(...cases);
  const bySource = new Map<string, Case[]>();
  for (const k of cases) bySource.set(k.source, [...(bySource.get(k.source) ?? []), k]);
  for (const [source, ks] of bySource) {
    const t = newTally();
    for (const k of ks) score(t, k);
    rows.push(
      `| ${source} (${ks[0]!.repo}) | ${t.files} | ${t.read}/${t.expected} | ${t.crashes} | ${t.misdetected} | ${t.garbage} | ${idCell(t.ids.doi!)} | ${idCell(t.ids.pmid!)} | ${idCell(t.ids.arxiv!)} | ${idCell(t.ids.isbn!)} | ${pct(t.titleOk, t.titleAll)} | ${t.ms.toFixed(0)} |`,
    );
  }
}

// Pasted lists: one entry per reference.
const texts = anystyle();
{
  let gold = 0;
  let split = 0;
  let exact = 0;
  let ms = 0;
  for (const k of texts) {
    const started = performance.now();
    const got = splitReferences(k.pasted);
    ms += performance.now() - started;
    // Compared without spaces and hyphens: how a line-end hyphen is joined is not the question here.
    const norm = (s: string) =>
      s
        .replace(/^\s*(?:\[\s*\d+\s*\]|\d+[.)])\s*/, "")
        .replace(/[\s\-‐]+/g, "")
        .toLowerCase();
    const goldSet = new Set(k.gold.map(norm));
    gold += k.gold.length;
    split += got.length;
    const hits = got.filter((g) => goldSet.has(norm(g))).length;
    exact += hits;
    if (hits < k.gold.length) {
      failures.push(`[split] ${k.source} ${k.name}: ${got.length} entries for ${k.gold.length} references, ${hits} exact`);
      if (process.env.SPLIT_DEBUG)
        for (const g of got.filter((x) => !goldSet.has(norm(x))).slice(0, Number(process.env.SPLIT_DEBUG))) failures.push(`    «${g.slice(0, 160)}»`);
    }
  }
  rows.push(
    `| AnyStyle finder reference sections (inukshuk/anystyle) | ${texts.length} | ${split}/${gold} | 0 | – | – | – | – | – | – | exact ${pct(exact, gold)} | ${ms.toFixed(0)} |`,
  );
}

// Export round trip: every citation read above, written in each export format and read back.
const FIELDS = [
  "type",
  "title",
  "authors",
  "year",
  "container",
  "volume",
  "issue",
  "pages",
  "publisher",
  "doi",
  "pmid",
  "pmcid",
  "arxiv",
  "isbn",
  "url",
] as const;
const roundTrip: string[] = [];
for (const format of ["bibtex", "ris", "csljson"] as ExportFormat[]) {
  const started = performance.now();
  const written = writeCitations(parsed, format);
  const back = parseCitations(written, format);
  const ms = performance.now() - started;
  const diff = new Map<string, number>();
  let same = 0;
  parsed.forEach((c, i) => {
    const b = back[i];
    let ok = !!b;
    for (const f of FIELDS) {
      if (b && JSON.stringify(b[f]) === JSON.stringify(c[f])) continue;
      ok = false;
      diff.set(f, (diff.get(f) ?? 0) + 1);
      if ((diff.get(f) ?? 0) <= 3) failures.push(`[round trip ${format}] ${f}: ${JSON.stringify(c[f])} → ${JSON.stringify(b?.[f])}`);
    }
    if (ok) same++;
  });
  roundTrip.push(
    `| ${format} | ${parsed.length} | ${back.length} | ${same} | ${[...diff].map(([f, n]) => `${f} ${n}`).join(", ") || "–"} | ${ms.toFixed(0)} |`,
  );
  if (OUT) writeFileSync(path.join(OUT, `export.${format === "csljson" ? "json" : format === "bibtex" ? "bib" : "ris"}`), written);
}

console.log("| source | files | entries read/expected | crashes | wrong format | garbage | DOI | PMID | arXiv | ISBN | titles | ms |");
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows) console.log(r);
console.log("\n| export | citations | read back | identical | fields that changed | ms |\n|---|---|---|---|---|---|");
for (const r of roundTrip) console.log(r);
const counts = new Map<string, number>();
for (const f of failures) {
  const cls = /^\[([^\]]+)\]/.exec(f)?.[1];
  if (!cls) continue;
  counts.set(cls, (counts.get(cls) ?? 0) + 1);
}
console.log(`\nfailures by class: ${[...counts].map(([c, n]) => `${c} ${n}`).join(", ") || "none"}`);
if (SHOW_FAILURES) for (const f of failures.slice(0, SHOW_FAILURES)) console.log(f);

if (OUT) {
  mkdirSync(OUT, { recursive: true });
  const manifest = [];
  for (const [i, k] of all.entries()) {
    const name = `${String(i).padStart(4, "0")}-${k.name.replace(/[^\w.-]+/g, "_").slice(0, 80)}`;
    writeFileSync(path.join(OUT, name), k.bytes);
    manifest.push({ file: name, source: k.source, repo: k.repo, commit: commitOf(k.repo), path: k.file, case: k.name, format: k.format, expected: k.expected });
  }
  for (const k of texts) {
    const name = `text-${k.name}.txt`;
    writeFileSync(path.join(OUT, name), k.pasted);
    manifest.push({ file: name, source: k.source, repo: k.repo, commit: commitOf(k.repo), path: k.file, gold: k.gold });
  }
  writeFileSync(path.join(OUT, "manifest.json"), JSON.stringify(manifest, null, 1));
  console.log(`\nwrote ${manifest.length} inputs and manifest.json to ${OUT}`);
}
