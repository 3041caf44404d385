/**
 * Builds worker/features/getpdf/match/recorded-crossref-cases.json: reference strings with the
 * candidate lists Crossref REALLY answered for them, recorded by public projects, and the true DOI
 * (or none). Nothing here is a constructed Crossref answer; candidates are cut to the fields the
 * validator reads.
 *
 *   markrussinovich/refchecker   tests/fixtures/test_cache: its API cache holds Crossref's answers to
 *                                `GET /works?query=<cited title>&rows=5&filter=from-pub-date:Y,until-pub-date:Y`
 *                                for the references of nine real papers (openreview_<id>/bibliography.json,
 *                                extracted from those papers). A cache file is named by
 *                                sha256("crossref\0search_works\0<query>|<year>|5"), so each answer is paired
 *                                with its reference by recomputing that name (the test checks it again).
 *                                The string given to the validator is the reference's own fields joined as
 *                                "Authors. Title. Venue. Year." (its URL dropped).
 *   Future-House/paper-qa        tests/cassettes (YAML): VCR cassettes of `GET /works?query.title=…&rows=1`
 *                                (some with query.author); the input is the title, after the author when one
 *                                was sent.
 *   CrossRef/search-based-reference-matcher
 *                                src/test/resources/api-responses/unstructured-ref-response-{1,2}.json: Crossref's
 *                                `query.bibliographic` answers (rows=5) for the two reference strings of
 *                                ReferenceMatcherTest.java.
 *
 * Truth. refchecker: a candidate whose title equals the cited title (letters and digits compared, case and
 * accents folded), that has one of the first three authors' family names in the cited authors, and that no
 * other candidate of similar title (60% of the cited title's words) by those authors competes with, is the
 * cited work; when no candidate has the cited title and none of similar title shares an author, the answer
 * holds no cited work ("none"). Every other case was read by hand (HAND below, with the reason where it is
 * not plain): the cited version first, other versions of the same paper (its preprint, its conference
 * version, a second record) as `alternates`. paper-qa and the reference matcher: their tests' own
 * expectations, read by hand. Strings the link box reads as an identifier (an arXiv id in the venue) never
 * reach the matcher and are left out.
 *
 * Bring the repositories first (read-only git mirrors under MIRRORS, default /work/.mirror), then:
 *
 *   MIRRORS=/work/.mirror npx tsx scripts/reference-recorded-cases.ts
 *
 * Only recorded data (reference fields, trimmed Crossref items) is taken; no code of those repositories.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { identify } from "../lib/identify";

const MIRRORS = process.env.MIRRORS ?? "/work/.mirror";
const OUT = path.join(import.meta.dirname, "..", "worker", "features", "getpdf", "match", "recorded-crossref-cases.json");

type Json = Record<string, unknown>;
type Truth = { doi: string | null; alternates?: string[]; by: string };
type Case = {
  id: string;
  input: string;
  /** The request, where no cacheKey says it. */
  request?: string;
  source: { repo: string; file: string };
  reference: string;
  /**
   * refchecker only: what the cache file's name hashes (checked by the test), which is also the request:
   * GET /works?query=<query>&rows=<limit>&filter=from-pub-date:<year>,until-pub-date:<year>.
   */
  cacheKey?: { method: string; query: string; year: number | null; limit: number };
  truth: Truth;
  candidates: Json[];
};

function git(repo: string, ...args: string[]): string {
  return execFileSync("git", ["-C", path.join(MIRRORS, repo.replace("/", "+"), "repo"), ...args], { encoding: "utf8", maxBuffer: 1e9 });
}
const show = (repo: string, file: string) => git(repo, "show", `HEAD:${file}`);
const commit = (repo: string) => git(repo, "rev-parse", "HEAD").trim();

// ---------------------------------------------------------------------------
// Candidates cut to what mapWork() and the validator read

const DATE_KEYS = ["issued", "published", "published-print", "published-online", "posted"];

function trim(item: Json): Json {
  const out: Json = { DOI: item.DOI };
  for (const k of ["type", "title", "subtitle", "container-title", "volume", "issue", "page"]) if (item[k] !== undefined) out[k] = item[k];
  if (Array.isArray(item.author)) {
    // Six names: a reference names the first few; the validator looks at the first and the others.
    out.author = (item.author as Json[]).slice(0, 6).map((a) => {
      const kept: Json = {};
      for (const k of ["given", "family", "name"]) if (a[k] !== undefined) kept[k] = a[k];
      return kept;
    });
  }
  for (const k of DATE_KEYS) {
    const d = item[k] as Json | undefined;
    if (d && Array.isArray(d["date-parts"])) out[k] = { "date-parts": d["date-parts"] };
  }
  if (Array.isArray(item["update-to"])) {
    out["update-to"] = (item["update-to"] as Json[]).map((u) => ({ DOI: u.DOI, type: u.type, label: u.label, updated: u.updated }));
  }
  return out;
}

// ---------------------------------------------------------------------------
// refchecker

const REFCHECKER = "markrussinovich/refchecker";
const CACHE_DIR = "tests/fixtures/test_cache/api_cache/crossref";

const fold = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
const norm = (t: string) => fold(t.replace(/<[^>]+>/g, "")).replace(/[^a-z0-9]+/g, "");
const titleWords = (t: string) =>
  new Set(
    fold(t)
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 2),
  );
const firstTitle = (it: Json) => (Array.isArray(it.title) ? String(it.title[0] ?? "") : "");
const families = (it: Json) => (Array.isArray(it.author) ? (it.author as Json[]).slice(0, 3).map((a) => (typeof a.family === "string" ? a.family : "")) : []);

function sharesAuthor(citedAuthors: string[], it: Json): boolean {
  const cited = citedAuthors.map(fold).join(" ");
  return families(it).some((f) => fold(f).length > 1 && cited.includes(fold(f)));
}

/** The automatic label, or "hand" when the case needs reading. */
function autoTruth(title: string, authors: string[], items: Json[]): Truth | "hand" {
  const T = norm(title);
  const W = titleWords(title);
  const same = items.filter((it) => norm(firstTitle(it)) === T);
  const sameByAuthor = same.filter((it) => sharesAuthor(authors, it));
  const similarByAuthor = items.filter((it) => {
    const w = titleWords(firstTitle(it));
    return W.size > 0 && [...W].filter((x) => w.has(x)).length / W.size >= 0.6 && sharesAuthor(authors, it);
  });
  const only = sameByAuthor[0];
  if (same.length === 1 && only && only.type !== "peer-review" && similarByAuthor.every((it) => it === only)) {
    return { doi: String(only.DOI).toLowerCase(), by: "auto: the one candidate with the cited title and author" };
  }
  if (same.length === 0 && similarByAuthor.length === 0)
    return { doi: null, by: "auto: no candidate has the cited title, none of similar title shares an author" };
  return "hand";
}

/** Cases read by hand: the cache file name's first ten characters → truth. */
const HAND: Record<string, [doi: string | null, note?: string, alternates?: string[]]> = {
  f4a1db14d6: ["10.1038/s43588-024-00662-z", "the cited author field is garbled; the title, journal and year are this article's"],
  "6f8693a66b": ["10.1148/radiol.2020200466", "the first half of the cited title differs; the rest, the first author, journal and year are this article's"],
  "466f4958bb": [null, "only chapters of the cited book are listed"],
  c4b430968c: ["10.1007/s13679-024-00580-1", "the other candidate of this title is its correction notice"],
  "3b122745dc": ["10.1109/access.2024.3351376"],
  "22caf18e51": [null, "Greene's textbook is not listed; the 'Econometric analysis' chapter is another work"],
  b75fd781cd: ["10.1007/s11023-020-09517-8", "the other candidate of this title is its publisher correction"],
  "30cc156f3c": [
    "10.1147/jrd.2019.2940428",
    "the journal version is cited; the IJCAI paper is the same work's conference version",
    ["10.24963/ijcai.2019/891"],
  ],
  "6500ec96d8": ["10.1109/cvpr.2019.00938"],
  dd783d15e4: ["10.1109/iccv48922.2021.00951"],
  "6aadefc97c": [null],
  "4b1fa7f64a": ["10.1109/iros58592.2024.10802376"],
  "992c1306bf": ["10.1109/cvpr52729.2023.01142"],
  "51426f33a9": ["10.18653/v1/2022.emnlp-main.608", "the cited authors are not this paper's (a corrupted reference); title, venue and year are"],
  b7dd982070: ["10.1109/iccv51070.2023.01474"],
  "3c7ccabb38": ["10.1109/cvpr52733.2024.01465", "the cited authors are not this paper's (a corrupted reference); title, venue and year are"],
  ed230dd02f: ["10.1609/aaai.v36i2.20055"],
  "8536a5ef13": ["10.1109/wacv57701.2024.00551"],
  a8b9beda6a: [null],
  b6faaac883: ["10.1007/978-3-030-58601-0_8"],
  "877ee80f42": [null],
  a69949c380: ["10.1109/lra.2021.3062602"],
  ed1b427ab2: ["10.1109/cvpr52733.2024.01443"],
  "8dce7967d5": [null],
  "131605dddb": [null],
  ed9d438052: ["10.52202/079017-3188", "the record lists other authors first; title, venue and year are the cited paper's"],
  "762f9c138b": ["10.1109/cvpr52734.2025.00499", "the cited title adds words the published title lacks"],
  "0d3bb9811d": [null],
  "6b0f5b33b6": ["10.1109/tbme.2015.2468589", "the cited title has a typo (sepcific)"],
  "0f3f5c312e": ["10.1007/b98886", "the book's record has no authors"],
  f3d7633a1d: [null, "only chapters of the cited book are listed"],
  "3175026ab9": ["10.1137/1.9781611970128"],
  eca9992a36: ["10.1002/j.1538-7305.1948.tb01338.x", "the paper appeared in two parts, two DOIs", ["10.1002/j.1538-7305.1948.tb00917.x"]],
  "61f57dbc30": ["10.18653/v1/2025.findings-emnlp.283"],
  b4664c22fa: [null],
  d74ab5ca15: [null, "another paper by the same authors"],
  f01907c8c8: ["10.52202/068431-0855", "the published title adds the name LIFT"],
  ef50176056: ["10.1016/s0167-7152(96)00140-x"],
  "0258de6a23": ["10.1145/3539618.3591708", "DATER is this paper's name; its published title differs"],
  bd5b291aa7: ["10.1038/s41467-025-63038-5", "the other candidate of this title is its author correction"],
  "5b60893d05": [null],
  "7db8567c56": ["10.1016/j.cell.2025.08.004", "a conference abstract of nearly the same title is another work"],
  "650f4e28b5": ["10.1073/pnas.2516627122", "the journal version is cited; the bioRxiv preprint is the same work", ["10.1101/2025.08.24.671942"]],
  fd68c98a04: ["10.4049/jimmunol.1800708", "the journal version is cited; the bioRxiv preprint is the same work", ["10.1101/316026"]],
  "1599dcb683": ["10.1016/j.jmb.2025.169483"],
  "8ba353893b": ["10.1101/2024.02.05.578892"],
  "3077005c8e": [null],
  c2e64180e8: ["10.1101/2025.01.05.630192", "the other candidate of this title is a preLights commentary on it"],
  aa8fbcbf7c: ["10.2139/ssrn.3726167"],
  "110896c7e9": ["10.1016/s0169-7439(01)00119-8"],
  ff7f6aca1e: ["10.1145/3564246.3585217"],
  "48e45d59f7": ["10.1145/335305.335382", "the published title adds (extended abstract)"],
  d56b26606e: ["10.1145/1806689.1806733", "STOC'10 is cited; the same paper also has a record in another ACM proceedings", ["10.1145/1807406.1807428"]],
  "37158f7d58": [null, "the i.i.d. paper is another work (other co-authors)"],
  "4a593db542": [null, "every candidate of this title is a review of the book"],
  "8129e260a7": ["10.1145/2940716.2940760", "the other candidate of this title is its online appendix"],
  "2a8858516a": ["10.1145/3469116.3470012", "the published title lacks the cited subtitle"],
  db6d8b4be7: [null],
  "999184b474": [null],
  "0e68951799": ["10.3389/frobt.2021.665729", "the reference's title field holds its authors; the cited work (its venue field's title) is listed"],
  // The automatic rule said "none", but the cited work is listed under its main title only or without authors.
  "96439b1375": ["10.1145/3197517.3201357", "listed under its main title only"],
  "592ad7b1dd": ["10.1177/0013916502238865", "listed under its main title only"],
  "1d19e122d1": ["10.1145/2939672.2939785", "listed under its main title only"],
  d94a483b52: ["10.1145/1142351.1142380", "listed under its main title only"],
  bd796ff147: ["10.1145/2507157.2507163", "listed under its main title only"],
  "300934293c": ["10.1007/0-387-36620-2", "listed under its main title only, without authors"],
};

function cacheName(query: string, year: number | null): string {
  return createHash("sha256")
    .update(`crossref\0search_works\0${query}|${year === null ? "None" : year}|5`)
    .digest("hex");
}

/** The query refchecker sent for a cited title: the title, or the title with dashes and apostrophes plain. */
function queryVariants(title: string): string[] {
  const t = title.replace(/\s+/g, " ").trim();
  return [...new Set([t, t.replace(/[\u2010-\u2015]/g, "-"), t.replace(/['’]/g, ""), t.replace(/[\u2010-\u2015]/g, "-").replace(/['’]/g, "")])];
}

function refcheckerCases(): Case[] {
  const tree = git(REFCHECKER, "ls-tree", "-r", "HEAD", "--", "tests/fixtures/test_cache");
  const cached = new Set([...tree.matchAll(new RegExp(`${CACHE_DIR}/([0-9a-f]{64})\\.json`, "g"))].map((m) => m[1]));
  const bibs = [...tree.matchAll(/^100644 blob \w+\t(tests\/fixtures\/test_cache\/openreview_\w+\/bibliography\.json)$/gm)].map((m) => m[1]!);
  const cases: Case[] = [];
  const used = new Set<string>();
  let unread = 0;
  for (const bib of bibs) {
    (JSON.parse(show(REFCHECKER, bib)) as Json[]).forEach((ref, index) => {
      const title = typeof ref.title === "string" ? ref.title : "";
      const year = typeof ref.year === "number" && ref.year > 0 ? ref.year : null;
      if (!title) return;
      const hit = queryVariants(title)
        .map((q) => ({ q, key: cacheName(q, year) }))
        .find((x) => cached.has(x.key) && !used.has(x.key));
      if (!hit) return;
      used.add(hit.key);
      const authors = Array.isArray(ref.authors) ? (ref.authors as unknown[]).map(String) : [];
      const venue = typeof ref.venue === "string" ? ref.venue.trim() : "";
      const input = [authors.join(", "), title, venue, year === null ? "" : String(year)]
        .filter(Boolean)
        .map((p) => p.replace(/[.\s]+$/, ""))
        .join(". ")
        .concat(".");
      if (identify(input).kind !== "title") {
        unread++;
        return;
      }
      const file = `${CACHE_DIR}/${hit.key}.json`;
      const items = JSON.parse(show(REFCHECKER, file)) as Json[];
      const hand = HAND[hit.key.slice(0, 10)];
      const auto = autoTruth(title, authors, items);
      let truth: Truth;
      if (hand) {
        truth = { doi: hand[0], by: `by hand${hand[1] ? `: ${hand[1]}` : ""}`, ...(hand[2] ? { alternates: hand[2] } : {}) };
      } else if (auto === "hand") throw new Error(`${hit.key}: needs a hand label (${title})`);
      else truth = auto;
      cases.push({
        id: `refchecker:${hit.key.slice(0, 10)}`,
        input,
        source: { repo: REFCHECKER, file },
        reference: `${bib} [${index}]`,
        cacheKey: { method: "search_works", query: hit.q, year, limit: 5 },
        truth,
        candidates: items.map(trim),
      });
    });
  }
  const missing = Object.keys(HAND).filter((k) => !cases.some((x) => x.id === `refchecker:${k}`));
  if (missing.length) throw new Error(`hand labels without a case: ${missing.join(" ")}`);
  console.log(`refchecker: ${cases.length} cases (${unread} left out: the link box reads an identifier in them)`);
  return cases;
}

// ---------------------------------------------------------------------------
// paper-qa cassettes

const PAPERQA = "Future-House/paper-qa";
/** Title as sent → truth, from the tests that use the cassettes. */
const PAPERQA_TRUTH: Record<string, [doi: string | null, note: string, alternates?: string[]]> = {
  "Attention is All you Need": [null, "test_arxiv_doi_is_used_when_available: the paper has only an arXiv DOI; the answer is another paper"],
  "Augmenting large language models with chemistry tools.": [null, "test_author_matching: the author sent (Jack NoScience) wrote nothing of this title"],
  askldjrq3rjaw938h: [null, "test_bad_titles: no such title"],
  abs12032jsdafn: [null, "test_bad_dois: no such title"],
  "Effect of native oxide layers on copper thin-film tensile properties: A study": [
    "10.1063/1.4938384",
    "test_bad_titles: 'Should find a similar title' (the cited subtitle is shortened)",
  ],
  "Effect of native oxide layers on copper thin-film tensile properties: A reactive molecular dynamics study": ["10.1063/1.4938384", "test_title_search"],
  "PaperQA: Retrieval-Augmented Generative Agent for Scientific Research": [null, "an arXiv-only paper; the answer is another paper"],
  "Convalescent-anti-sars-cov-2-plasma/immune-globulin": ["10.1007/s40278-023-41815-2", "test_bulk_title_search"],
  "Augmenting large language models with chemistry tools": ["10.1038/s42256-024-00832-8", "test_title_search"],
  "High-throughput screening of human genetic variants by pooled prime editing": [
    "10.1016/j.xgen.2025.100814",
    "test_doi_search names the Cell Genomics article; Crossref's answer is its bioRxiv preprint, the same work",
    ["10.1101/2024.04.01.587366"],
  ],
  "An essential role of active site arginine residue in iodide binding and histidine residue in electron transfer for iodide oxidation by horseradish peroxidase":
    ["10.1023/a:1007154515475", "test_bulk_title_search"],
  "Beta-Blocker Interruption or Continuation after Myocardial Infarction": ["10.1056/nejmoa2404204", "the journal-quality test's article"],
  "The Dilemma and Countermeasures of Music Education under the Background of Big Data": [
    "10.1155/2022/8341966",
    "test_crossref_retraction_status (a retracted article)",
  ],
  "National Flag of Canada Day": [null, "a Wikipedia article's title in a document test; the answer is a book chapter on another subject"],
  "Gravity hill": [null, "a Wikipedia article's title in a document test; a book chapter of that name is another work"],
  "SF Districts in the style of Andy Warhol, with Math": [null, "a test document's title; the answer is an encyclopedia entry on Warhol"],
  "A Perspective on Explanations of Molecular Prediction Models": ["10.26434/chemrxiv-2022-qfv02", "the ChemRxiv version by the authors sent"],
};

/**
 * The Crossref requests of a VCR cassette and their response bodies. Only the two forms these
 * cassettes use are read: `string: !!binary |` (base64, gzipped or not) and a single-quoted
 * scalar folded over lines.
 */
function cassetteCrossref(text: string): { uri: string; body: string }[] {
  const lines = text.split("\n");
  const out: { uri: string; body: string }[] = [];
  lines.forEach((line, i) => {
    const uri = /^\s*uri: (https:\/\/api\.crossref\.org\/works\?\S+)\s*$/.exec(line)?.[1];
    if (!uri) return;
    let j = i + 1;
    while (j < lines.length && !/^\s*string:/.test(lines[j]!)) j++;
    const head = lines[j] ?? "";
    const indent = head.search(/\S/);
    const block: string[] = [];
    for (let k = j + 1; k < lines.length && (lines[k]!.trim() === "" || lines[k]!.search(/\S/) > indent); k++) block.push(lines[k]!);
    if (/!!binary/.test(head)) {
      const raw = Buffer.from(block.join("").replace(/\s+/g, ""), "base64");
      out.push({ uri, body: (raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw).toString("utf8") });
      return;
    }
    // A single-quoted scalar: lines fold into one space, a blank line is a newline, '' is '.
    const scalar = [head.replace(/^\s*string:\s*/, ""), ...block.map((l) => l.trim())].filter((l, n) => n > 0 || l !== "");
    let joined = "";
    for (const l of scalar) joined += l === "" ? "\n" : (joined === "" || joined.endsWith("\n") ? "" : " ") + l;
    const m = /^'((?:[^']|'')*)'/.exec(joined);
    if (!m) throw new Error(`cassette body not read after ${uri}`);
    out.push({ uri, body: m[1]!.replace(/''/g, "'") });
  });
  return out;
}

function paperqaCases(): Case[] {
  const files = git(PAPERQA, "ls-tree", "--name-only", "HEAD", "tests/cassettes/")
    .split("\n")
    .filter((f) => f.endsWith(".yaml"));
  const seen = new Set<string>();
  const cases: Case[] = [];
  for (const file of files) {
    for (const { uri, body: raw } of cassetteCrossref(show(PAPERQA, file))) {
      const q = new URL(uri).searchParams;
      const title = q.get("query.title") ?? "";
      const author = q.get("query.author") ?? "";
      const body = JSON.parse(raw) as { message?: { items?: Json[] } };
      const items = body.message?.items ?? [];
      const key = `${title}|${author}|${JSON.stringify(items.map((x) => x.DOI))}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const truth = PAPERQA_TRUTH[title];
      if (!truth) throw new Error(`paper-qa: no truth for ${title}`);
      cases.push({
        id: `paper-qa:${cases.length}`,
        input: author ? `${author}. ${title}` : title,
        request: `GET /works?${[...q]
          .filter(([k]) => k !== "mailto")
          .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
          .join("&")}`,
        source: { repo: PAPERQA, file },
        reference: "the title (and author) the test sent",
        truth: { doi: truth[0], by: `upstream test, read by hand: ${truth[1]}`, ...(truth[2] ? { alternates: truth[2] } : {}) },
        candidates: items.map(trim),
      });
    }
  }
  console.log(`paper-qa: ${cases.length} cases`);
  return cases;
}

// ---------------------------------------------------------------------------
// Crossref's search-based reference matcher

const SBM = "CrossRef/search-based-reference-matcher";

function sbmCases(): Case[] {
  const test = "src/test/java/org/crossref/refmatching/ReferenceMatcherTest.java";
  const src = show(SBM, test);
  /** The Java string literal assigned before `invokeMockStringRequest(reference, "<file>")`. */
  const literal = (file: string) => {
    const at = src.indexOf(`"${file}"`);
    const start = src.lastIndexOf("String reference =", at);
    return [...src.slice(start, at).matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]).join("");
  };
  const rows: [string, string | null, string][] = [
    ["unstructured-ref-response-1.json", "10.1007/s10032-015-0249-8", "shouldMatch_whenUnstructuredRefIsFound"],
    [
      "unstructured-ref-response-2.json",
      null,
      "shouldNotMatch_whenUnstructuredRefIsNotFound: authors, volume, issue, pages and year disagree with every candidate",
    ],
  ];
  return rows.map(([file, doi, why], i) => {
    const items = (JSON.parse(show(SBM, `src/test/resources/api-responses/${file}`)) as { message: { items: Json[] } }).message.items;
    return {
      id: `sbm:${i}`,
      input: literal(file),
      request: "GET /works?query.bibliographic=<the reference>&rows=5",
      source: { repo: SBM, file: `src/test/resources/api-responses/${file}` },
      reference: test,
      truth: { doi, by: `upstream test: ${why}` },
      candidates: items.map(trim),
    };
  });
}

// ---------------------------------------------------------------------------

const cases = [...sbmCases(), ...paperqaCases(), ...refcheckerCases()];
const about =
  "Reference strings with the candidate lists Crossref really answered for them, recorded by public projects (built by scripts/reference-recorded-cases.ts; see there for the sources, the pairing and how the truth was read). Candidates are cut to the fields the validator reads (authors to the first six). refchecker's requests searched the cited title within the cited year, so a work of another year is not among its candidates.";
const commits = Object.fromEntries([REFCHECKER, PAPERQA, SBM].map((r) => [r, commit(r)]));
writeFileSync(OUT, JSON.stringify({ _about: about, commits, cases }, null, 0).replace(/\},\{"id"/g, '},\n{"id"') + "\n");
const withDoi = cases.filter((x) => x.truth.doi !== null).length;
console.log(`${cases.length} cases: ${withDoi} with the cited work among the candidates, ${cases.length - withDoi} without`);
