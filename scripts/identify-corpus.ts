/**
 * Builds the recognition corpus for lib/identify.corpus.test.ts from public test suites:
 *
 *   zotero/translators            every `web` test case with one item (URL → DOI/PMID/PMCID/arXiv of the item)
 *   altmetric/identifiers         DOI, arXiv, PubMed and Handle extraction specs + a sample of its Crossref DOI list
 *   regexhq/doi-regex             spec/test.js arrays
 *   CrossRef/event-data-percolator, CrossRef/event-data-doi-reverser   URL/DOI cases of their tests (listed by hand
 *                                 below; each input is checked to occur verbatim in the named file)
 *
 * Bring the repositories here first (read-only git mirrors, no work tree), then run:
 *
 *   MIRRORS=/work/.mirror npx tsx scripts/identify-corpus.ts
 *
 * `MIRRORS` holds `<owner>+<name>/repo` git directories (default /work/.mirror). Output:
 * tests/fixtures/identify-corpus/<source>.json, rows `{input, expected, source, note?, known?}`:
 *   expected {kind, value}: the identifier is in the text and must be read exactly;
 *   expected null: the text holds no identifier by an exact rule (the landing page has to say);
 *                  `known` lists the ids the upstream suite says the page has, so a result equal to
 *                  one of them is "derived" and any other identifier is "invented".
 * Only the rows' text and expectations are taken; no code of those repositories is copied.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

type Kind = "doi" | "arxiv" | "pmid" | "pmcid";
interface Expected {
  kind: Kind;
  value: string;
}
export interface CorpusRow {
  input: string;
  expected: Expected | null;
  source: { repo: string; file: string; case: string };
  note?: string;
  known?: Expected[];
}

const MIRRORS = process.env.MIRRORS ?? "/work/.mirror";
const OUT = path.join(import.meta.dirname, "..", "tests", "fixtures", "identify-corpus");

function gitDir(repo: string): string {
  return path.join(MIRRORS, repo.replace("/", "+"), "repo");
}
function show(repo: string, file: string): string {
  return execFileSync("git", ["-C", gitDir(repo), "show", `HEAD:${file}`], { encoding: "utf8", maxBuffer: 1e8 });
}
function ls(repo: string): string[] {
  return execFileSync("git", ["-C", gitDir(repo), "ls-tree", "--name-only", "HEAD"], { encoding: "utf8" }).split("\n");
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const doi = (value: string): Expected => ({ kind: "doi", value: value.toLowerCase() });

// ---------------------------------------------------------------------------
// Zotero translators

/** The testCases array of a translator: JSON between the markers (trailing commas tolerated). */
function zoteroTestCases(src: string): unknown[] | null {
  const m = /\/\*\* BEGIN TEST CASES \*\*\/\s*var testCases\s*=\s*([\s\S]*?);?\s*\/\*\* END TEST CASES \*\*\//.exec(src);
  if (!m?.[1]) return null;
  try {
    return JSON.parse(m[1].replace(/,(\s*[\]}])/g, "$1")) as unknown[];
  } catch {
    return null;
  }
}

const ARXIV_IN_TEXT = /(?:arxiv\.org\/(?:abs|pdf|html)\/|arxiv:\s*)((?:\d{4}\.\d{4,5})|(?:[a-z-]+(?:\.[a-z]{2})?\/\d{7}))(?:v\d+)?/i;

function canonicalArxiv(id: string): string {
  return id
    .replace(/v\d+$/i, "")
    .replace(/^([a-z-]+)\.[a-z]{2}\//i, "$1/")
    .toLowerCase();
}

/** Every identifier the item carries (DOI field, or DOI/PMID/PMCID/arXiv lines of `extra`, arXiv in number/url). */
function itemIds(item: Record<string, unknown>): Expected[] {
  const ids: Expected[] = [];
  const extra = typeof item.extra === "string" ? item.extra : "";
  const d = typeof item.DOI === "string" ? item.DOI : /^DOI:\s*(\S+)/im.exec(extra)?.[1];
  if (d) ids.push(doi(d.trim()));
  const pmid = /^PMID:\s*(\d+)/im.exec(extra)?.[1];
  if (pmid) ids.push({ kind: "pmid", value: pmid.replace(/^0+/, "") });
  const pmcid = /^PMCID:\s*(?:PMC)?(\d+)/im.exec(extra)?.[1];
  if (pmcid) ids.push({ kind: "pmcid", value: `PMC${pmcid}` });
  for (const field of [item.number, item.url, item.archiveID, item.extra, item.publicationTitle]) {
    const a = typeof field === "string" ? ARXIV_IN_TEXT.exec(field)?.[1] : undefined;
    if (a) {
      ids.push({ kind: "arxiv", value: canonicalArxiv(a) });
      break;
    }
  }
  return ids;
}

/** Whether `id` stands in the URL as a whole token (not as the prefix of something longer). */
function inText(url: string, id: Expected): boolean {
  const text = safeDecode(url).toLowerCase();
  if (id.kind === "doi") {
    let from = 0;
    for (;;) {
      const at = text.indexOf(id.value, from);
      if (at < 0) return false;
      const next = text[at + id.value.length];
      if (next === undefined || /[/?#&;]/.test(next)) return true;
      from = at + 1;
    }
  }
  if (id.kind === "arxiv") {
    const a = ARXIV_IN_TEXT.exec(text)?.[1];
    return a !== undefined && canonicalArxiv(a) === id.value;
  }
  if (id.kind === "pmcid") return new RegExp(`(?:^|[^\\d])(?:pmc)?${id.value.slice(3)}(?!\\d)`, "i").test(text) && /pmc|europepmc/i.test(text);
  return /(?:pubmed|ncbi|europepmc)/i.test(text) && new RegExp(`[/=](?:0*)${id.value}(?![\\d])`).test(text);
}

function zoteroRows(): CorpusRow[] {
  const repo = "zotero/translators";
  const rows: CorpusRow[] = [];
  for (const file of ls(repo).filter((f) => f.endsWith(".js"))) {
    const cases = zoteroTestCases(show(repo, file));
    if (!cases) continue;
    cases.forEach((raw, i) => {
      const t = raw as { type?: string; url?: string; items?: unknown };
      if (t.type !== "web" || typeof t.url !== "string" || !Array.isArray(t.items) || t.items.length !== 1) return;
      const ids = itemIds(t.items[0] as Record<string, unknown>);
      if (ids.length === 0) return; // nothing to check the result against
      const source = { repo, file, case: `testCases[${i}]` };
      // The identifier the URL itself carries, in this order of preference.
      const order: Kind[] = ["doi", "arxiv", "pmcid", "pmid"];
      const hit = order.map((k) => ids.find((id) => id.kind === k && inText(t.url as string, id))).find((x) => x !== undefined);
      if (hit) rows.push({ input: t.url as string, expected: hit, source });
      else rows.push({ input: t.url as string, expected: null, source, known: ids });
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------
// regexhq/doi-regex: the arrays of spec/test.js, each with what it means for a paste box

function doiRegexRows(): CorpusRow[] {
  const repo = "regexhq/doi-regex";
  const file = "spec/test.js";
  const src = show(repo, file);
  const rows: CorpusRow[] = [];
  const notes: Record<string, string> = {
    doiResolvePathInvalid: "upstream rejects the resolver syntax; the DOI itself stands in the path",
    doiResolvePathWithProtocolInvalid: "upstream rejects the scheme; the DOI itself stands in the text",
    doiNotDeclared: "upstream rejects the `doi:` declaration; the DOI itself stands in the text",
  };
  for (const m of src.matchAll(/var (\w+) = \[([\s\S]*?)\n\]/g)) {
    const name = m[1] ?? "";
    for (const s of (m[2] ?? "").matchAll(/'([^']*)'/g)) {
      const input = s[1] ?? "";
      const source = { repo, file, case: `${name}: ${input}` };
      const bare = /10\.\d{4,9}(?:\.\d+)*\/\S+/.exec(input)?.[0];
      if (name === "doiNot" || (name === "doiNotDeclared" && input.includes("10..")) || !bare) {
        const twoDigit = input === "10.10.123/456";
        rows.push({ input, expected: null, source, ...(twoDigit ? {} : {}) });
        continue;
      }
      rows.push({ input, expected: doi(bare), source, ...(notes[name] ? { note: notes[name] } : {}) });
    }
  }
  // 10.10.123/456: a 2-digit registrant code; every assigned DOI prefix has 4 or more digits (10.1000 up).
  for (const r of rows) {
    if (r.input === "10.10.123/456") {
      r.expected = null;
      r.note = "registrant code of 2 digits: no such DOI prefix is assigned (they start at 10.1000); not read as a DOI";
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------
// altmetric/identifiers: RSpec `it` blocks with a literal input and contain_exactly / be_empty

function rubyString(lit: string): string {
  if (lit.startsWith("'")) return lit.slice(1, -1).replace(/\\'/g, "'").replace(/\\\\/g, "\\");
  return lit.slice(1, -1).replace(/\\n/g, "\n").replace(/\\"/g, '"').replace(/\\\\/g, "\\");
}

interface SpecCase {
  name: string;
  input: string;
  outputs: string[];
}

function rspecCases(src: string): SpecCase[] {
  const out: SpecCase[] = [];
  const STR = String.raw`('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")`;
  for (const block of src.split(/\n\s*it '/).slice(1)) {
    const name = block.slice(0, block.indexOf("'"));
    const vars = new Map<string, string>();
    for (const v of block.matchAll(new RegExp(String.raw`(\w+) = ${STR}`, "g"))) vars.set(v[1] ?? "", rubyString(v[2] ?? ""));
    const call = new RegExp(String.raw`extract\((?:${STR}|(\w+))(?:, [^)]*)?\)\)\.to (contain_exactly\(((?:\s*${STR}\s*,?)*)\)|be_empty)`).exec(block);
    if (!call) continue;
    const input = call[1] !== undefined ? rubyString(call[1]) : vars.get(call[2] ?? "");
    if (input === undefined) continue;
    const outputs = call[3] === "be_empty" ? [] : [...(call[4] ?? "").matchAll(new RegExp(STR, "g"))].map((s) => rubyString(s[1] ?? ""));
    out.push({ name, input, outputs });
  }
  return out;
}

/** Of several expected values, the one standing first in the input (identify reads the first identifier). */
function firstInInput(input: string, outputs: string[]): string | undefined {
  const lower = input.toLowerCase();
  return [...outputs].sort((a, b) => lower.indexOf(a.toLowerCase()) - lower.indexOf(b.toLowerCase()))[0];
}

function altmetricRows(): CorpusRow[] {
  const repo = "altmetric/identifiers";
  const rows: CorpusRow[] = [];
  const specs: [string, Kind | "handle"][] = [
    ["spec/identifiers/doi_spec.rb", "doi"],
    ["spec/identifiers/arxiv_id_spec.rb", "arxiv"],
    ["spec/identifiers/pubmed_id_spec.rb", "pmid"],
    ["spec/identifiers/handle_spec.rb", "handle"],
  ];
  const seen = new Set<string>();
  for (const [file, kind] of specs) {
    // Strict mode keeps trailing periods on purpose, which a paste box must not do: only the
    // default-mode cases are taken.
    const spec = show(repo, file).split("context 'with strict mode on'")[0] ?? "";
    for (const c of rspecCases(spec)) {
      if (c.input === "" || seen.has(c.input)) continue;
      seen.add(c.input);
      const source = { repo, file, case: c.name };
      const first = firstInInput(c.input, c.outputs);
      const doiInInput = /10\.\d{4,9}\/[^\s"]+/.exec(c.input)?.[0];
      if (first === undefined && kind !== "doi" && doiInInput) {
        // e.g. "does not extract IDs from DOIs that end in a valid arXiv ID": no arXiv id / PMID, but a DOI.
        rows.push({ input: c.input, expected: doi(doiInInput), source, note: `upstream: no ${kind} here; the DOI in the text is what a paste box reads` });
      } else if (first === undefined) {
        rows.push({ input: c.input, expected: null, source });
      } else if (kind === "handle") {
        rows.push({ input: c.input, expected: null, source, note: "a Handle is not a DOI; only the landing page can say which DOI (if any) it has" });
      } else if (kind === "pmid" && !/pubmed|pmid/i.test(c.input)) {
        rows.push({
          input: c.input,
          expected: null,
          source,
          note: "bare numbers in running text are not taken as PubMed ids (only a whole input of 1-8 digits is); upstream reads every number",
        });
      } else if (kind === "arxiv") {
        rows.push({
          input: c.input,
          expected: { kind: "arxiv", value: canonicalArxiv(first) },
          source,
          note: "arXiv canonical form: no version, no subject class",
        });
      } else if (kind === "pmid") {
        rows.push({ input: c.input, expected: { kind: "pmid", value: first.replace(/^0+/, "") }, source });
      } else {
        rows.push({ input: c.input, expected: doi(first), source });
      }
    }
  }
  // A sample of the 999-DOI Crossref list of spec/fixtures/dois.txt: every 10th line, so bare DOIs
  // do not outweigh the links and prose of the other sources.
  const list = show(repo, "spec/fixtures/dois.txt").split("\n").filter(Boolean);
  list.forEach((d, i) => {
    if (i % 10 === 0) rows.push({ input: d, expected: doi(d), source: { repo, file: "spec/fixtures/dois.txt", case: `line ${i + 1}` } });
  });
  return rows;
}

// ---------------------------------------------------------------------------
// Crossref Event Data: the inputs of their URL/DOI matcher tests, with the DOI those tests expect.

const PERCOLATOR = "CrossRef/event-data-percolator";
const REVERSER = "CrossRef/event-data-doi-reverser";
const LP = "test/event_data_percolator/matchers/landing_page_url_test.clj";
const UTIL = "test/event_data_percolator/util/doi_test.clj";
const CROSSREF_CASES: [string, string, string, string, Expected | null, string?][] = [
  [PERCOLATOR, LP, "try-from-get-params", "http://psychoceramics.labs.crossref.org/plosone/article?id=10.5555/12345678", doi("10.5555/12345678")],
  [PERCOLATOR, LP, "try-from-get-params", "http://psychoceramics.labs.crossref.org/DOIx.php?id=10.5555/12345678", doi("10.5555/12345678")],
  [
    PERCOLATOR,
    LP,
    "try-doi-from-url-text-extra",
    "http://www.nomos-elibrary.de/10.5235/219174411798862578/criminal-law-issues-in-the-case-law-of-the-european-court-of-justice-a-general-overview-jahrgang-1-2011-heft-2",
    doi("10.5235/219174411798862578"),
  ],
  [
    PERCOLATOR,
    LP,
    "try-doi-from-url-text-jsessionid",
    "http://onlinelibrary.wiley.com/doi/10.1002/1521-3951(200009)221:1<453::AID-PSSB453>3.0.CO;2-Q/abstract;jsessionid=FAD5B5661A7D092460BEEDA0D55204DF.f02t01",
    doi("10.1002/1521-3951(200009)221:1<453::AID-PSSB453>3.0.CO;2-Q"),
  ],
  [
    PERCOLATOR,
    LP,
    "try-doi-from-url-text-slash-extras",
    "http://www.ijorcs.org/manuscript/id/12/doi:10.7815/ijorcs.21.2011.012/arul-anitha/network-security-using-linux-intrusion-detection-system",
    doi("10.7815/ijorcs.21.2011.012"),
  ],
  [PERCOLATOR, LP, "try-doi-from-url-text-url-escape", "http://link.springer.com/article/10.1007%2Fs00423-015-1364-1", doi("10.1007/s00423-015-1364-1")],
  [
    PERCOLATOR,
    LP,
    "try-pii-from-url-text-pii",
    "http://api.elsevier.com/content/article/PII:S0169534701023801?httpAccept=text/plain",
    null,
    "an Elsevier PII: the DOI (10.1016/s0169-5347(01)02380-1) is had by a lookup, not from the text",
  ],
  [
    PERCOLATOR,
    LP,
    "doi-from-meta-tags-citation-doi-1",
    "http://www.ncbi.nlm.nih.gov/pmc/articles/PMC4852986/?report=classic",
    { kind: "pmcid", value: "PMC4852986" },
  ],
  [PERCOLATOR, LP, "doi-from-meta-tags-citation-doi-2", "http://pubsonline.informs.org/doi/abs/10.1287/mnsc.2016.2427", doi("10.1287/mnsc.2016.2427")],
  [
    PERCOLATOR,
    LP,
    "doi-from-meta-tags-dc-identifier",
    "https://psychoceramics.labs.crossref.org/articles/A_Modeler_s_Tale/3423371/1",
    null,
    "DOI only in the page's meta tags",
  ],
  [
    PERCOLATOR,
    LP,
    "doi-from-meta-tags-dc-identifier-doi",
    "http://www.circumpolarhealthjournal.net/index.php/ijch/article/view/18594/html",
    null,
    "DOI only in the page's meta tags",
  ],
  [PERCOLATOR, LP, "checked-url-exact", "http://ccforum.biomedcentral.com/articles/10.1186/s13054-016-1322-5", doi("10.1186/s13054-016-1322-5")],
  [
    PERCOLATOR,
    LP,
    "doi-from-meta-tags (jnci)",
    "http://jnci.oxfordjournals.org/content/108/6/djw160.full",
    null,
    "DOI (10.1093/jnci/djw160) only in the page's meta tags",
  ],
  [
    PERCOLATOR,
    LP,
    "issue 29 (platform=hootsuite)",
    "http://link.springer.com/article/10.1007/s11906-017-0700-y?platform=hootsuite",
    doi("10.1007/s11906-017-0700-y"),
  ],
  [PERCOLATOR, LP, "url-equality", "http://dl.lib.mrt.ac.lk/bitstream/handle/123/13258/7.pdf", null],
  [PERCOLATOR, LP, "url-equality", "http://Insights.ovid.com/crossref?an=00000539-201705000-00065", null],
  [PERCOLATOR, LP, "url-equality", "http://Platform.almanhal.com/CrossRef/Preview/?ID=2-17559", null],
  [
    PERCOLATOR,
    LP,
    "url-equality",
    "http://links.jstor.org/sici?sici=0018-098X%28194210%2F12%2911%3A4%3C365%3ATFTNOH%3E2.0.CO%3B2-E&origin=crossref",
    null,
    "a SICI, not a DOI",
  ],
  [PERCOLATOR, LP, "url-equality", "http://stacks.iop.org/0004-637X/844/i=1/a=13?key=crossref.fe7fe13734d4fef613a701421d972882", null],
  [PERCOLATOR, LP, "url-equality", "http://www.jstor.org/stable/3179886?origin=crossref", null, "a JSTOR stable id: not every item has a DOI"],
  [
    PERCOLATOR,
    LP,
    "url-equality",
    "http://www.informaworld.com/openurl?genre=article&doi=10.1300/J148V01N03_03&magic=crossref||D404A21C5BB053405B1A640AFFD44AE3",
    doi("10.1300/J148V01N03_03"),
  ],
  [
    PERCOLATOR,
    LP,
    "url-equality",
    "http://www.schweizerbart.de/papers/metz/detail/15/54914/Objective_mesoscale_analyses_in_complex_terrain_ap?af=crossref",
    null,
  ],
  [PERCOLATOR, UTIL, "qmarks-hash-not-included-resolve-doi", "10.1111/nicc.12290#.wlw5yueemak.twitter", doi("10.1111/nicc.12290")],
  [PERCOLATOR, UTIL, "qmarks-hash-not-included-resolve-doi", "10.2752/136270497779613666?journalcode=rfft20", doi("10.2752/136270497779613666")],
  [
    PERCOLATOR,
    UTIL,
    "qmarks-hash-not-included-resolve-doi",
    "10.1111/(issn)1475-6811?hootpostid=cdae1d8ac3a881bcc0152faf4bb970a1",
    doi("10.1111/(issn)1475-6811"),
  ],
  [
    PERCOLATOR,
    UTIL,
    "qmarks-hash-not-included-resolve-doi",
    "10.1007/s11739-017-1643-7?utm_content=bufferd3cda&utm_medium=social&utm_source=twitter.com&utm_campaign=buffer",
    doi("10.1007/s11739-017-1643-7"),
  ],
  [
    PERCOLATOR,
    UTIL,
    "qmarks-hash-not-included-resolve-doi",
    "10.1007/s00127-017-1346-4?wt_mc=internal.event.1.sem.articleauthoronlinefirst",
    doi("10.1007/s00127-017-1346-4"),
  ],
  [PERCOLATOR, UTIL, "resolve-escaped", "10.1007%2fs00423-015-1364-1", doi("10.1007/s00423-015-1364-1")],
  [PERCOLATOR, UTIL, "resolve-escaped", "10.1007%2Fs00423-015-1364-1", doi("10.1007/s00423-015-1364-1")],
  [PERCOLATOR, UTIL, "nonexistent-doi-resolve-doi", "www.uclouvain.be/784506.html", null],
  [PERCOLATOR, "test/event_data_percolator/matchers/doi_url_test.clj", "match-doi-url-candidate", "https://doi.org/10.5555/12345678", doi("10.5555/12345678")],
  [
    PERCOLATOR,
    "test/event_data_percolator/matchers/doi_url_test.clj",
    "match-doi-url-candidate",
    "http://dx.doi.org/10.5555/12345678",
    doi("10.5555/12345678"),
  ],
  [PERCOLATOR, "test/event_data_percolator/matchers/plain_doi_test.clj", "match-plain-doi-candidate", "10.5555/12345678", doi("10.5555/12345678")],
  [
    PERCOLATOR,
    "test/event_data_percolator/matchers/shortdoi_url_test.clj",
    "match-shortdoi-url-candidate",
    "http://doi.org/hvx",
    null,
    "a shortDOI: its DOI is had by a lookup",
  ],
  [PERCOLATOR, "test/event_data_percolator/matchers/pii_test.clj", "match-pii-candidate", "S232251141300001-2", null, "a PII: its DOI is had by a lookup"],
  [
    PERCOLATOR,
    "test/event_data_percolator/observation_types/plaintext_test.clj",
    "Plain DOIs can be extracted from text",
    "the quick brown 10.5555/1111 jumps",
    doi("10.5555/1111"),
  ],
  [
    PERCOLATOR,
    "test/event_data_percolator/observation_types/plaintext_test.clj",
    "PIIs can be extracted from text",
    "this is my PII S232251141300001-2 there",
    null,
  ],
  [PERCOLATOR, "test/event_data_percolator/observation_types/url_test.clj", "process-url-observation-2", "http://dx.doi.org/10.5555/1111", doi("10.5555/1111")],
  [
    REVERSER,
    "test/event_data_doi_reverser/url_test.clj",
    "jsessionid-test",
    "http://onlinelibrary.wiley.com/doi/10.1002/14356007.b04_477.pub2/abstract;jsessionid=DD9AD0EF3745D55704C00E31796F0166.f04t03",
    doi("10.1002/14356007.b04_477.pub2"),
  ],
  [
    REVERSER,
    "test/event_data_doi_reverser/url_test.clj",
    "jsessionid-test",
    "http://iopscience.iop.org/book/978-0-7503-1218-9/chapter/bk978-0-7503-1218-9ch16;jsessionid=E616FFAEA824F58AA3F99A42CD451B79.c2.iopscience.cld.iop.org",
    null,
    "a book chapter page: its DOI is on the page",
  ],
  [
    REVERSER,
    "test/event_data_doi_reverser/url_test.clj",
    "jsessionid-test",
    "http://jpharmsci.org/action/consumeSharedSessionAction?SERVER=WZ6myaEXBLFhx%2B6Ws3Nrug%3D%3D&MAID=5ovq0AmgcuyAzuGD%2F%2FTyag%3D%3D&JSESSIONID=aaa__0LVu3h1M5_kK9uFv&ORIGIN=432061129&RD=RD",
    null,
  ],
];

function crossrefRows(): CorpusRow[] {
  const files = new Map<string, string>();
  return CROSSREF_CASES.map(([repo, file, name, input, expected, note]) => {
    const key = `${repo}:${file}`;
    if (!files.has(key)) files.set(key, show(repo, file));
    if (!files.get(key)?.includes(input)) throw new Error(`${input} is not in ${repo}/${file}`);
    return { input, expected, source: { repo, file, case: name }, ...(note ? { note } : {}) };
  });
}

// ---------------------------------------------------------------------------

const sources: [string, () => CorpusRow[]][] = [
  ["zotero-translators", zoteroRows],
  ["crossref-event-data", crossrefRows],
  ["altmetric-identifiers", altmetricRows],
  ["doi-regex", doiRegexRows],
];
mkdirSync(OUT, { recursive: true });
for (const [name, build] of sources) {
  const rows = build();
  writeFileSync(path.join(OUT, `${name}.json`), JSON.stringify(rows, null, 1) + "\n");
  const inText = rows.filter((r) => r.expected !== null).length;
  console.log(`${name}: ${rows.length} rows (${inText} with the identifier in the text, ${rows.length - inText} needing the page)`);
}
