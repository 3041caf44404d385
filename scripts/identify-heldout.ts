/**
 * Builds the HELD-OUT recognition set for lib/identify.corpus.test.ts: real inputs from public test
 * suites and public pages that the first corpus (scripts/identify-corpus.ts: Zotero translators,
 * Crossref Event Data percolator/doi-reverser, altmetric doi/arxiv/pubmed/handle specs, doi-regex)
 * does not contain. It was assembled and measured BEFORE lib/identify.ts was changed for it, so its
 * first figures are an honest estimate of recognition on inputs the rules were not written for.
 *
 *   inveniosoftware/idutils      tests/test_idutils.py (DOI, arXiv, PMID, PMCID, ISBN, Handle, URN, ARK, ADS, ORCID…)
 *   papis/python-doi             tests/test_doi.py (DOIs in URLs, BibTeX, PDF link annotations, XMP)
 *   datacite/bolognese           spec/doi_utils_spec.rb (resolver forms, sandbox handles, invalid prefixes)
 *   manubot/manubot              manubot/cite/tests/test_citekey.py (citekeys, url_to_citekey)
 *   citation-js/citation-js      packages/plugin-doi/test/{id,data}.js
 *   zotero/utilities             test/tests/utilitiesTest.js (cleanDOI, cleanISBN)
 *   zotero/zotero                test/tests/utilities_internalTest.js (extractIdentifiers)
 *   ourresearch/oadoi            test/test_publication.py (Unpaywall's PDF and landing URLs with their known DOI)
 *   CrossRef/event-data-reverse  README.md, test/event_data_reverse/lookup_test.clj (SICI and resolver forms)
 *   JabRef/jabref                DOITest.java, ArXivIdentifierTest.java
 *   public pages                 real links and references quoted in public GitHub files, found through the
 *                                code index (`find_string`): EZproxy hosts and `login?url=` wrappers, Google
 *                                Scholar redirects, Semantic Scholar, ResearchGate, Wiley /epdf/, Scopus,
 *                                IEEE, medRxiv, SSRN, Europe PMC, PubMed searches, Vancouver references,
 *                                Iranian journals' DOIs next to Persian text. Those rows name the index id
 *                                (`read_file` id) instead of a repository path, which the index does not give.
 *   constructed                  a few real identifiers from the files above, written the way Persian users
 *                                paste them (Persian/Arabic-Indic digits, ZWNJ/RLM marks, Persian punctuation
 *                                and labels, upper case); `source.case` says so and `from` names the original.
 *
 * Bring the repositories here first (read-only git mirrors), then run:
 *
 *   MIRRORS=/work/.mirror npx tsx scripts/identify-heldout.ts
 *
 * A second round (metapub's URL-reverse list and findit tests, more links quoted in public pages) was
 * gathered after the first round's rules were written and measured before anything changed for it.
 *
 * Each mirrored row is checked to occur verbatim in the named file (or, for a constructed row, its `from`
 * string). Output: tests/fixtures/identify-corpus/heldout/<source>.json (first round) and
 * tests/fixtures/identify-corpus/heldout2/<source>.json (second round), rows as in identify-corpus.ts:
 *   expected {kind, value}: the identifier stands in the text and must be read exactly;
 *   expected null: no identifier by an exact rule; `known` lists what the page has (a result equal to
 *                  one of them is "derived" by an exact host rule; anything else is "invented").
 * Only the rows' text and expectations are taken; no code of those repositories is copied.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

type Kind = "doi" | "arxiv" | "pmid" | "pmcid" | "isbn";
interface Expected {
  kind: Kind;
  value: string;
}
interface Row {
  input: string;
  expected: Expected | null;
  source: { repo: string; file: string; case: string };
  note?: string;
  known?: Expected[];
}
interface Opts {
  note?: string;
  known?: Expected[];
  /** The verbatim text in the source file when `input` is built from it (concatenated or wrapped). */
  from?: string;
}
type Case = [caseName: string, input: string, expected: Expected | null, opts?: Opts];

const MIRRORS = process.env.MIRRORS ?? "/work/.mirror";
const OUT = path.join(import.meta.dirname, "..", "tests", "fixtures", "identify-corpus", "heldout");

const doi = (value: string): Expected => ({ kind: "doi", value: value.toLowerCase() });
const ax = (value: string): Expected => ({ kind: "arxiv", value });
const pmid = (value: string): Expected => ({ kind: "pmid", value });
const pmcid = (value: string): Expected => ({ kind: "pmcid", value });
const isbn = (value: string): Expected => ({ kind: "isbn", value });
const page = (...known: Expected[]): Opts => ({ known });

function show(repo: string, file: string): string {
  const dir = path.join(MIRRORS, repo.replace("/", "+"), "repo");
  return execFileSync("git", ["-C", dir, "show", `HEAD:${file}`], { encoding: "utf8", maxBuffer: 1e8 });
}

/** Rows of one mirrored file, each checked to be in the file. */
function fromFile(repo: string, file: string, cases: Case[]): Row[] {
  const text = show(repo, file);
  return cases.map(([name, input, expected, opts]) => {
    const needle = opts?.from ?? input;
    if (!text.includes(needle)) throw new Error(`${JSON.stringify(needle)} is not in ${repo}/${file}`);
    return row(repo, file, name, input, expected, opts);
  });
}

/** Rows quoted from public files found through the code index (not mirrored; the id reopens the file). */
function fromIndex(cases: [id: string, ...Case][]): Row[] {
  return cases.map(([id, name, input, expected, opts]) => row("(public GitHub file, code index)", `read_file id ${id}`, name, input, expected, opts));
}

function row(repo: string, file: string, name: string, input: string, expected: Expected | null, opts?: Opts): Row {
  return {
    input,
    expected,
    source: { repo, file, case: name },
    ...(opts?.note ? { note: opts.note } : {}),
    ...(opts?.known ? { known: opts.known } : {}),
  };
}

const SHORT_DOI = "a shortDOI: doi.org resolves it to the DOI; nothing in the text says which";
const HANDLE = "a Handle, not a DOI: only the landing page says which DOI (if any) the item has";

// ---------------------------------------------------------------------------

function idutils(): Row[] {
  const epsl = doi("10.1016/j.epsl.2011.11.037");
  return fromFile("inveniosoftware/idutils", "tests/test_idutils.py", [
    ["identifiers: doi", "10.1016/j.epsl.2011.11.037", epsl],
    ["identifiers: doi", "doi:10.1016/j.epsl.2011.11.037", epsl],
    ["identifiers: doi", "doi: 10.1016/j.epsl.2011.11.037", epsl],
    ["identifiers: doi", "DOI:10.1016/j.epsl.2011.11.037", epsl],
    ["identifiers: doi", "http://dx.doi.org/10.1016/j.epsl.2011.11.037", epsl],
    ["identifiers: doi", "https://doi.org/10.1016/j.epsl.2011.11.037", epsl],
    ["identifiers: doi", "doi.org/10.1016/j.epsl.2011.11.037", epsl],
    ["identifiers: doi (non-Latin suffix)", "10.1016/üникóδé-дôΐ", doi("10.1016/üникóδé-дôΐ")],
    ["identifiers: doi (Tibetan suffix)", "10.1016/སྦ་བཞེད་", doi("10.1016/སྦ་བཞེད་")],
    [
      "identifiers: doi (SICI)",
      "10.1002/(SICI)1521-3978(199806)46:4/5<493::AID-PROP493>3.0.CO;2-P",
      doi("10.1002/(SICI)1521-3978(199806)46:4/5<493::AID-PROP493>3.0.CO;2-P"),
    ],
    ["test_doi", "10.1000/123456", doi("10.1000/123456")],
    ["test_doi", "10.1038/issn.1476-4687", doi("10.1038/issn.1476-4687")],
    ["test_doi", "10.1000.10/123456", doi("10.1000.10/123456")],
    ["test_doi (not a DOI)", "10.10O0/123456", null],
    ["test_doi (not a DOI)", "10.1.NOTGOOD.0/123456", null],
    ["test_doi (not a DOI)", "10.1000/", null],
    ["identifiers: isbn", "9783468111242", isbn("9783468111242")],
    ["identifiers: isbn", "9798847781275", isbn("9798847781275")],
    ["identifiers: isbn", "978-65-87773-12-4", isbn("9786587773124")],
    ["identifiers: isbn", "978-3-905673-82- 1", isbn("9783905673821")],
    ["identifiers: isbn", "978-3-905673-82-1", isbn("9783905673821")],
    ["identifiers: isbn", "0-9752298-0-X", isbn("9780975229804")],
    ["identifiers: urn isbn", "urn:isbn:0451450523", isbn("9780451450524")],
    ["identifiers: ean13 (not an ISBN)", "4006381333931", null],
    ["identifiers: issn/pmid", "15626865", pmid("15626865")],
    ["identifiers: pmid", "12082125", pmid("12082125")],
    ["identifiers: pmid", "pmid:12082125", pmid("12082125")],
    ["identifiers: pmid", "https://pubmed.ncbi.nlm.nih.gov/12082125", pmid("12082125")],
    ["identifiers: pmid", "https://pubmed.ncbi.nlm.nih.gov/12082125/", pmid("12082125")],
    ["identifiers: pmcid", "PMC2631623", pmcid("PMC2631623")],
    ["identifiers: arxiv", "arXiv:1310.2590", ax("1310.2590")],
    ["identifiers: arxiv", "arxiv:1310.2590", ax("1310.2590")],
    ["identifiers: arxiv", "1310.2590", ax("1310.2590")],
    ["identifiers: arxiv", "math.GT/0309136", ax("math/0309136")],
    ["identifiers: arxiv", "hep-th/9901001v27", ax("hep-th/9901001")],
    ["identifiers: arxiv", "arxiv:math.GT/0309136v2", ax("math/0309136")],
    ["identifiers: arxiv", "arXiv:hep-th/9901001v27", ax("hep-th/9901001")],
    ["identifiers: arxiv", "9912.12345v2", ax("9912.12345")],
    ["identifiers: arxiv (class before a new-style id)", "arXiv:hep-th/1601.07616", ax("1601.07616")],
    ["identifiers: arxiv (class before a new-style id)", "hep-th/1601.07616", ax("1601.07616")],
    ["identifiers: handle", "10013/epic.10033", null, { note: HANDLE }],
    ["identifiers: handle", "hdl:10013/epic.10033", null, { note: HANDLE }],
    ["identifiers: handle", "hdl: 10013/epic.10033", null, { note: HANDLE }],
    ["identifiers: handle", "HDL:10013/epic.10033", null, { note: HANDLE }],
    ["identifiers: handle", "hdl.handle.net/10013/epic.10033", null, { note: HANDLE }],
    ["identifiers: handle", "http://hdl.handle.net/10013/epic.10033", null, { note: HANDLE }],
    ["identifiers: handle", "https://hdl.handle.net/10013/epic.10033", null, { note: HANDLE }],
    ["identifiers: urn", "urn:nbn:de:bvb:19-146642", null],
    ["identifiers: urn", "urn:nbn:de:101:1-201102033592", null],
    ["identifiers: urn", "urn:issn:0167-6423", null],
    ["identifiers: urn", "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66", null],
    ["identifiers: ark", "ark:/13030/tqb3kh97gh8w", null],
    ["identifiers: ark", "http://www.example.org/ark:/13030/tqb3kh97gh8w", null],
    ["identifiers: ads", "2011ApJS..192...18K", null],
    ["identifiers: ads", "ads:2011ApJS..192...18K", null],
    [
      "identifiers: ads (arXiv bibcode)",
      "2016arXiv161002026S",
      null,
      { ...page(ax("1610.02026")), note: "an ADS bibcode spells the arXiv id only by ADS's own convention" },
    ],
    ["identifiers: orcid", "0000000218250097", null],
    ["identifiers: orcid", "https://orcid.org/0000-0002-1825-0097", null],
    ["identifiers: orcid", "0000-0002-1694-233X", null],
    ["identifiers: orcid", "0009-0005-6000-7479", null],
    ["identifiers: issn", "0077-5606", null],
    ["identifiers: issn", "1188-1534", null],
    ["identifiers: gnd", "4079154-3", null],
    ["identifiers: gnd", "http://d-nb.info/gnd/1055864695", null],
    ["identifiers: ror", "03yrm5c26", null],
    ["identifiers: openalex", "W2741809807", null],
    ["identifiers: rrid", "RRID:SCR_014641", null],
    ["identifiers: viaf", "https://viaf.org/viaf/75121530", null],
    ["identifiers: purl", "https://purl.fdlp.gov/GPO/gpo154197", null],
  ]);
}

function pythonDoi(): Row[] {
  const f = "tests/test_doi.py";
  return fromFile("papis/python-doi", f, [
    ["test_validate_doi", "10.1063/1.5081715", doi("10.1063/1.5081715")],
    ["test_validate_doi", "http://aip.scitation.org/doi/10.1063/1.5081715", doi("10.1063/1.5081715")],
    ["test_validate_doi", "10.1007%2FBF01451751", doi("10.1007/BF01451751")],
    ["test_validate_doi", "http://link.springer.com/10.1007/BF01451751", doi("10.1007/BF01451751")],
    ["test_validate_doi", "https://link.aps.org/doi/10.1103/PhysRevLett.49.57", doi("10.1103/PhysRevLett.49.57")],
    ["test_validate_doi", "https://www.tandfonline.com/doi/full/10.1080/14786442408634457", doi("10.1080/14786442408634457")],
    ["test_validate_doi", "https://pubs.acs.org/doi/10.1021/jp003647e", doi("10.1021/jp003647e")],
    ["test_validate_doi", "10.1016/S0009-2614(97)04014-1", doi("10.1016/S0009-2614(97)04014-1")],
    ["test_validate_doi (PII)", "https://linkinghub.elsevier.com/retrieve/pii/S0009261497040141", null, page(doi("10.1016/S0009-2614(97)04014-1"))],
    [
      "test_get_real_url_from_doi (PII)",
      "https://www.sciencedirect.com/science/article/abs/pii/S0009261497040141",
      null,
      { ...page(doi("10.1016/S0009-2614(97)04014-1")), from: "'article/abs/pii/S0009261497040141'" },
    ],
    ["test_find_doi_in_line", "http://dx.doi.org/10.1063/1.881498", doi("10.1063/1.881498")],
    ["test_find_doi_in_line", "http://dx.doi.org/10.1063%2F1.881498", doi("10.1063/1.881498")],
    [
      "test_find_doi_in_line (no 10. prefix)",
      'qer qer var doi = "12345/12345.3"',
      null,
      { from: `var doi = "12345/12345.3"`, note: "upstream reads 12345/12345.3; a DOI starts with 10." },
    ],
    ["test_find_doi_in_line", "http://scitation.org/doi/10.1063/1.881498", doi("10.1063/1.881498")],
    ["test_find_doi_in_line", "org/doi(10.1063/1.881498)", doi("10.1063/1.881498")],
    ["test_find_doi_in_line", "/scitation.org/doi/10.1063/1.881498?234saf=34", doi("10.1063/1.881498")],
    ["test_find_doi_in_line", "/scitation.org/doi/10.1063/1.88149 8?234saf=34", doi("10.1063/1.88149")],
    ["test_find_doi_in_line", "/scitation.org/doi/10.1063/1.uniau12?as=234", doi("10.1063/1.uniau12")],
    ["test_find_doi_in_line", "https://doi.org/10.1093/analys/anw053", doi("10.1093/analys/anw053")],
    ["test_find_doi_in_line", "http://.scitation.org/doi/10.1063/1.mart(88)1498?asdfwer", doi("10.1063/1.mart(88)1498")],
    ["test_find_doi_in_line (BibTeX key)", "@ibook{doi:10.1002/9780470125915.ch2,", doi("10.1002/9780470125915.ch2")],
    [
      "test_find_doi_in_line (XMP)",
      '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements.1/"><dc:format>application/pdf</dc:format><dc:identifier>doi:10.1063/1.5079474</dc:identifier></rdf:Description>',
      doi("10.1063/1.5079474"),
      { from: "doi:10.1063/1.5079474</dc:identifier></rdf:Description>" },
    ],
    ["test_find_doi_in_line (PDF link)", "<(DOI:10.1002/9780470915.CH2)/S/URI,", doi("10.1002/9780470915.CH2")],
    ["test_find_doi_in_line (PDF link)", "URL<(DOI:10.1002/9780470125915.CH2,", doi("10.1002/9780470125915.CH2")],
    [
      "test_find_doi_in_line (PDF link annotation)",
      "A<</S/URI/URI(https://doi.org/10.1016/j.comptc.2018.10.004)>>/Border[0 0 0]/M(D:20181022082356+0530)/Rect[147.40158 594.36926347.24957 605.36926]/Subtype/Link/Type/A",
      doi("10.1016/j.comptc.2018.10.004"),
      { from: "A<</S/URI/URI(https://doi.org/10.1016/j.comptc.2018.10.004)>>/" },
    ],
    ["test_find_doi_in_line", "doi(10.1038/s41535-018-0103-6;)", doi("10.1038/s41535-018-0103-6")],
  ]);
}

function bolognese(): Row[] {
  const dryad = doi("10.5061/dryad.8515");
  return fromFile("datacite/bolognese", "spec/doi_utils_spec.rb", [
    ["doi resolver: doi", "10.5061/DRYAD.8515", dryad],
    ["doi resolver: doi with protocol", "doi:10.5061/DRYAD.8515", dryad],
    ["doi resolver: https url", "https://doi.org/10.5061/dryad.8515", dryad],
    ["doi resolver: dx.doi.org url", "http://dx.doi.org/10.5061/dryad.8515", dryad],
    ["doi resolver: stage resolver", "https://handle.stage.datacite.org/10.5061/dryad.8515", dryad],
    ["doi resolver: stage resolver http", "http://handle.stage.datacite.org/10.5061/dryad.8515", dryad],
    ["normalize doi: SICI doi", "10.1890/0012-9658(2006)87[2832:tiopma]2.0.co;2", doi("10.1890/0012-9658(2006)87[2832:tiopma]2.0.co;2")],
    ["normalize doi: not valid doi prefix", "https://doi.org/20.5061/dryad.8515", null],
    ["normalize doi: doi prefix with string", "https://doi.org/10.506X/dryad.8515", null],
    [
      "normalize doi: doi from url without doi proxy",
      "https://handle.net/10.5061/dryad.8515",
      dryad,
      { note: "upstream wants a DOI proxy; the DOI stands whole in the path" },
    ],
    ["normalize doi: url with one slash", "https:/doi.org/10.5061/dryad.8515", dryad],
    ["normalize doi: doi from datacite sandbox", "https://handle.stage.datacite.org/10.5438/55e5-t5c0", doi("10.5438/55e5-t5c0")],
    ["doi_from_url: doi with special characters", "10.5067/terra+aqua/ceres/cldtyphist_l3.004", doi("10.5067/terra+aqua/ceres/cldtyphist_l3.004")],
    ["doi_from_url: not a doi", "https://doi.org/10.5061", null],
    ["doi registration agency: crossref", "10.1371/journal.pone.0000030", doi("10.1371/journal.pone.0000030")],
    ["doi registration agency: medra", "https://doi.org/10.1392/roma081203", doi("10.1392/roma081203")],
    ["doi registration agency: kisti", "https://doi.org/10.5012/bkcs.2013.34.10.2889", doi("10.5012/bkcs.2013.34.10.2889")],
    ["doi registration agency: jalc", "https://doi.org/10.11367/grsj1979.12.283", doi("10.11367/grsj1979.12.283")],
    ["doi registration agency: op", "https://doi.org/10.2791/81962", doi("10.2791/81962")],
    ["doi registration agency: not a valid prefix", "https://doi.org/10.a/dryad.8515x", null],
    ["validate funder doi", "10.13039/501100001711", doi("10.13039/501100001711")],
    ["validate funder doi: without prefix", "501100001711", null],
    ["validate funder doi", "http://handle.test.datacite.org/10.13039/100000080", doi("10.13039/100000080")],
    ["validate funder doi", "https://dx.doi.org/10.13039/501100001711", doi("10.13039/501100001711")],
    ["subject", "https://doi.org/10.1101/097196", doi("10.1101/097196")],
  ]);
}

function manubot(): Row[] {
  return fromFile("manubot/manubot", "manubot/cite/tests/test_citekey.py", [
    ["test_citekey_class: doi", "DOI:10.5061/DRYad.q447c/1", doi("10.5061/dryad.q447c/1")],
    ["test_citekey_class: doi-infer-prefix", "10.5061/DRYad.q447c/1", doi("10.5061/dryad.q447c/1")],
    ["test_citekey_class: arxiv", "arXiv:1407.3561v1", ax("1407.3561")],
    ["test_citekey_class: pmid", "pmid:24159271", pmid("24159271")],
    ["test_citekey_class: pmcid", "pmcid:PMC4304851", pmcid("PMC4304851")],
    ["test_citekey_class: https", "https://greenelab.github.io/manubot-rootstock/", null],
    ["test_citekey_class: isbn", "isbn:1-339-91988-5", isbn("9781339919881")],
    ["test_citekey_class: doid", "DOID:14330", null],
    ["test_citekey_class: wikidata", "Wikidata:Q50051684", null],
    ["test_inspect_citekey_passes", "doi:10.7717/peerj.705", doi("10.7717/peerj.705")],
    ["test_inspect_citekey_passes", "doi:10/b6vnmd", null, { note: SHORT_DOI }],
    ["test_inspect_citekey_passes", "pmc:PMC4304851", pmcid("PMC4304851")],
    ["test_inspect_citekey_passes", "pubmed:25648772", pmid("25648772")],
    ["test_inspect_citekey_passes", "arxiv:math.GT/0309136v1", ax("math/0309136")],
    ["test_inspect_citekey_passes", "arxiv:hep-th/9305059v2", ax("hep-th/9305059")],
    ["test_inspect_citekey_passes", "isbn:978-1-339-91988-1", isbn("9781339919881")],
    ["test_inspect_citekey_passes", "https://peerj.com/articles/705/", null, page(doi("10.7717/peerj.705"))],
    ["test_inspect_citekey_passes", "GO:0006915", null],
    ["test_inspect_citekey_passes", "clinicaltrials:NCT04372602", null],
    ["test_inspect_citekey_fails", "doi:10.771/peerj.705", null, { note: "a 3-digit registrant code: not an assigned DOI prefix" }],
    ["test_inspect_citekey_fails", "doi:7717/peerj.705", null],
    ["test_inspect_citekey_fails", "doi:b6vnmd", null],
    ["test_inspect_citekey_fails", "pmid:PMC4304851", pmcid("PMC4304851"), { note: "mislabelled, but the PMCID stands whole" }],
    ["test_inspect_citekey_fails", "isbn:1-339-91988-X", null, { note: "bad check digit" }],
    ["test_url_to_citekey", "https://www.doi.org/", null],
    ["test_url_to_citekey", "https://www.doi.org/factsheets/Identifier_Interoper.html", null],
    ["test_url_to_citekey", "https://doi.org/10.1097%2F00004032-200403000-00012", doi("10.1097/00004032-200403000-00012")],
    ["test_url_to_citekey", "http://dx.doi.org/10.7554/eLife.46574", doi("10.7554/eLife.46574")],
    ["test_url_to_citekey", "https://doi.org/10/b6vnmd#anchor", null, { note: SHORT_DOI }],
    ["test_url_to_citekey", "https://doi.org/b6vnmd", null, { note: SHORT_DOI }],
    ["test_url_to_citekey", "https://www.biorxiv.org/about-biorxiv", null],
    ["test_url_to_citekey", "https://sci-hub.tw/10.1038/nature19057", doi("10.1038/nature19057")],
    ["test_url_to_citekey", "https://www.biorxiv.org/content/10.1101/087619v3", doi("10.1101/087619")],
    ["test_url_to_citekey", "https://www.biorxiv.org/content/10.1101/087619v3.full", doi("10.1101/087619")],
    ["test_url_to_citekey", "https://www.biorxiv.org/content/early/2017/08/31/087619.full.pdf", null, page(doi("10.1101/087619"))],
    ["test_url_to_citekey", "https://www.biorxiv.org/content/10.1101/2019.12.11.872580v1", doi("10.1101/2019.12.11.872580")],
    ["test_url_to_citekey", "https://www.biorxiv.org/content/10.1101/2019.12.11.872580v1.full.pdf+html", doi("10.1101/2019.12.11.872580")],
    ["test_url_to_citekey", "https://www.biorxiv.org/content/10.1101/2019.12.11.872580v1.full.pdf", doi("10.1101/2019.12.11.872580")],
    ["test_url_to_citekey", "https://www.ncbi.nlm.nih.gov/pubmed", null],
    ["test_url_to_citekey", "https://www.ncbi.nlm.nih.gov/pubmed/31233491", pmid("31233491")],
    ["test_url_to_citekey", "https://www.ncbi.nlm.nih.gov/pmc/about/intro/", null],
    ["test_url_to_citekey", "https://www.ncbi.nlm.nih.gov/pmc/articles/PMC4304851/", pmcid("PMC4304851")],
    ["test_url_to_citekey", "https://www.wikidata.org/wiki/Q50051684", null],
    ["test_url_to_citekey", "https://arxiv.org/list/q-fin/recent", null],
    ["test_url_to_citekey", "https://arxiv.org/abs/1912.03529v1", ax("1912.03529")],
    ["test_url_to_citekey", "https://arxiv.org/pdf/1912.03529v1.pdf", ax("1912.03529")],
    ["test_url_to_citekey", "https://arxiv.org/ps/1912.03529v1", ax("1912.03529")],
    ["test_url_to_citekey", "https://arxiv.org/abs/math.GT/0309136", ax("math/0309136")],
    ["test_url_to_citekey", "https://arxiv.org/abs/hep-th/9305059", ax("hep-th/9305059")],
    ["test_url_to_citekey", "https://arxiv.org/pdf/hep-th/9305059.pdf", ax("hep-th/9305059")],
  ]);
}

function citationJs(): Row[] {
  const ja = doi("10.1021/ja01577a030");
  return [
    ...fromFile("citation-js/citation-js", "packages/plugin-doi/test/id.js", [
      ["@doi/id: id with []", "10.1641/0006-3568(2002)052[0044:PTLBTR]2.0.CO;2", doi("10.1641/0006-3568(2002)052[0044:PTLBTR]2.0.CO;2")],
      ["@doi/id: id with <>", "10.1002/1520-6394(2000)12:3<118::AID-DA2>3.0.CO;2-G", doi("10.1002/1520-6394(2000)12:3<118::AID-DA2>3.0.CO;2-G")],
      ["@doi/short-url: scheme-less", "doi.org/10.1021/ja01577a030", ja],
      ["@doi/short-url: scheme-less dx", "dx.doi.org/10.1021/ja01577a030", ja],
      ["@doi/list+text: spaces", "10.1021/ja01577a030 10.1021/ci025584y", ja],
    ]),
    ...fromFile("citation-js/citation-js", "packages/plugin-doi/test/data.js", [
      ["one http url", "http://doi.org/10.1021/ja01577a030", ja],
      ["entry with normal type", "https://doi.org/10.5281/zenodo.8242099", doi("10.5281/zenodo.8242099")],
      ["preprint", "https://dx.doi.org/10.1101/2021.08.15.21262067", doi("10.1101/2021.08.15.21262067")],
      ["blogpost", "https://dx.doi.org/10.59350/hhtcn-zah03", doi("10.59350/hhtcn-zah03")],
    ]),
  ];
}

function zoteroUtilities(): Row[] {
  const env = doi("10.1088/1748-9326/11/4/048002");
  const sici = doi("10.1002/1096-9128(200005)12:6<375::AID-CPE480>3.0.CO;2-M");
  const i13 = isbn("9781234567897");
  return fromFile("zotero/utilities", "test/tests/utilitiesTest.js", [
    ["cleanDOI: should parse a DOI", "10.1088/1748-9326/11/4/048002", env],
    ["cleanDOI: should parse a DOI at the end of a sentence", "Foo bar 10.1088/1748-9326/11/4/048002. Foo bar", env, { from: "Foo bar ${doi}. Foo bar" }],
    [
      "cleanDOI: should parse a DOI with URL-encoded < and >",
      "Foo bar 10.1002/1096-9128(200005)12:6%3C375::AID-CPE480%3E3.0.CO;2-M. Foo bar",
      sici,
      { from: "10.1002/1096-9128(200005)12:6%3C375::AID-CPE480%3E3.0.CO;2-M" },
    ],
    [
      "cleanDOI: should parse a DOI URL with encoded characters",
      "Foo bar https://doi.org/10.1002/1096-9128(200005)12:6%3C375::AID-CPE480%3E3.0.CO;2-M. Foo bar",
      sici,
      { from: "https://doi.org/10.1002/1096-9128(200005)12:6%3C375::AID-CPE480%3E3.0.CO;2-M" },
    ],
    ["cleanDOI: should parse a DOI in parentheses", "Foo bar (10.1088/1748-9326/11/4/048002) foo bar", env, { from: "Foo bar (${doi}) foo bar" }],
    ["cleanDOI: should parse a DOI in brackets", "Foo bar [10.1088/1748-9326/11/4/048002] foo bar", env, { from: "Foo bar [${doi}] foo bar" }],
    ["cleanDOI: should parse a short DOI", "10/aabbe", null, { note: SHORT_DOI }],
    ["cleanDOI: invalid URI-encoded character", "https://doi.org/10.101/%E0%A4%A", null],
    ["cleanISBN: non-ISBN string", "Random String 123", null],
    ["cleanISBN: X in the middle", "1234X67890", null],
    ["cleanISBN: X as ISBN-13 check digit", "987123456789X", null],
    ["cleanISBN: invalid ISBN10", "1234567890", null],
    ["cleanISBN: invalid ISBN13", "9871234567890", null],
    ["cleanISBN: valid ISBN10", "123456789X", i13],
    ["cleanISBN: valid ISBN10 lower case", "123456789x", i13],
    ["cleanISBN: valid ISBN13", "9781234567897", i13],
    ["cleanISBN: 979 range", "9791843123391", isbn("9791843123391")],
    ["cleanISBN: preceding string with space", "ISBN 9781234567897", i13],
    ["cleanISBN: preceding string without space", "ISBN:9781234567897", i13],
    ["cleanISBN: trailing string with space", "9781234567897 ISBN13", i13],
    ["cleanISBN: trailing string without space", "9781234567897(ISBN13)", i13],
    ["cleanISBN: surrounding string", "ISBN13:9781234567897 (print)", i13],
    ["cleanISBN: pseudo-ISBN prefix", "978 9781234567 897", i13],
    ["cleanISBN: first of a list", "9781234567897, 9791843123391", i13],
    ["cleanISBN: first of a list (10)", "123456789X, 0199535922", i13],
    ["cleanISBN: first of mixed lengths", "123456789X 9781234567897", i13],
    ["cleanISBN: valid after an invalid one", "1234567890 9781234567897", i13],
    ["cleanISBN: number prefix", "1239781234567897", null],
    ["cleanISBN: number suffix", "9781234567897123", null],
    ["cleanISBN: surrounding numbers", "1239781234567897123", null],
  ]);
}

function zoteroClient(): Row[] {
  return fromFile("zotero/zotero", "test/tests/utilities_internalTest.js", [
    ["extractIdentifiers: ISBN-10", "0838985890", isbn("9780838985892"), { from: 'var id = "0838985890"' }],
    ["extractIdentifiers: ISBN-13", "978-0838985892", isbn("9780838985892")],
    ["extractIdentifiers: multiple ISBN-13s", "978-0838985892 9781479347711 ", isbn("9780838985892")],
    ["extractIdentifiers: DOI", "10.4103/0976-500X.85940", doi("10.4103/0976-500X.85940")],
    [
      "extractIdentifiers: PMID",
      "1 PMID:24297125,222 3-4 1234567890, 123456789",
      pmid("24297125"),
      { note: "upstream also takes every bare number; the labelled PMID is the identifier" },
    ],
    ["extractIdentifiers: ADS bibcodes", "9 2021wfc..rept....8D, 2022MSSP..16208010Y.", null],
  ]);
}

function oadoi(): Row[] {
  const uq = "a repository copy: the DOI is had from Unpaywall/the page, not from the URL";
  return fromFile("ourresearch/oadoi", "test/test_publication.py", [
    ["open_dois", "https://doi.org/10.1016/s0140-6736(15)01087-9", doi("10.1016/s0140-6736(15)01087-9")],
    ["open_dois", "https://doi.org/10.1016/0001-8708(91)90003-p", doi("10.1016/0001-8708(91)90003-p")],
    ["open_dois (Nature legacy id)", "http://www.nature.com/nutd/journal/v6/n7/pdf/nutd201620a.pdf", null, page(doi("10.1038/nutd.2016.20"))],
    ["open_dois", "http://www.nature.com/articles/srep29901.pdf", null, page(doi("10.1038/srep29901"))],
    ["open_dois", "https://occup-med.biomedcentral.com/track/pdf/10.1186/s12995-016-0127-4", doi("10.1186/s12995-016-0127-4")],
    ["open_dois", "http://www.phrp.com.au/wp-content/uploads/2016/09/PHRP-Mesothelioma-26416461.pdf", null, page(doi("10.17061/phrp2641646"))],
    ["open_dois", "https://www.dovepress.com/getfile.php?fileID=31485", null, page(doi("10.2147/jpr.s97759"))],
    [
      "open_dois",
      "https://air.unimi.it/bitstream/2434/423313/2/Genomic%20classif%20%26%20prognosis%20in%20AML.pdf",
      null,
      { ...page(doi("10.1056/nejmoa1516192")), note: uq },
    ],
    ["open_dois (HighWire PDF)", "http://cebp.aacrjournals.org/content/cebp/25/4/634.full.pdf", null, page(doi("10.1158/1055-9965.epi-15-0924"))],
    ["open_dois (HighWire PDF)", "http://genesdev.cshlp.org/content/30/13/1542.full.pdf", null, page(doi("10.1101/gad.284166.116"))],
    ["open_dois", "http://espace.library.uq.edu.au/view/UQ:59317/UQ59317.pdf", null, { ...page(doi("10.1103/physreva.63.022114")), note: uq }],
    ["open_dois", "https://authors.library.caltech.edu/1966/1/NIEprl01.pdf", null, { ...page(doi("10.1103/physrevlett.86.5184")), note: uq }],
    ["open_dois (Europe PMC PDF)", "http://europepmc.org/articles/pmc4752870?pdf=render", pmcid("PMC4752870")],
    ["open_dois (Europe PMC PDF)", "http://europepmc.org/articles/pmc4849557?pdf=render", pmcid("PMC4849557")],
    ["open_dois (Europe PMC PDF)", "http://europepmc.org/articles/pmc3944098?pdf=render", pmcid("PMC3944098")],
    ["open_dois (manual)", "https://arxiv.org/pdf/quant-ph/9706064.pdf", ax("quant-ph/9706064")],
    ["open_dois (other green)", "http://epic.awi.de/10127/1/Eng2004b.pdf", null, page(doi("10.1038/nature02453"))],
    ["open_dois (manual overrides)", "https://arxiv.org/pdf/1703.01424.pdf", ax("1703.01424")],
    ["open_dois (manual overrides)", "http://pubs.acs.org/doi/pdfplus/10.1021/acs.jproteome.5b00852", doi("10.1021/acs.jproteome.5b00852")],
    ["arxiv_dois", "http://arxiv.org/pdf/quant-ph/0605198", ax("quant-ph/0605198")],
    ["arxiv_dois", "http://arxiv.org/pdf/quant-ph/0011063", ax("quant-ph/0011063")],
    ["arxiv_dois", "http://arxiv.org/pdf/0808.3212", ax("0808.3212")],
    ["arxiv_dois", "http://arxiv.org/pdf/0809.0151", ax("0809.0151")],
    ["arxiv_dois", "http://arxiv.org/pdf/quant-ph/9608001", ax("quant-ph/9608001")],
    ["hybrid", "https://esajournals.onlinelibrary.wiley.com/doi/pdf/10.1890/ES13-00330.1", doi("10.1890/ES13-00330.1")],
    ["hybrid", "https://febs.onlinelibrary.wiley.com/doi/pdf/10.1016/j.fob.2014.11.003", doi("10.1016/j.fob.2014.11.003")],
    ["hybrid", "https://link.springer.com/content/pdf/10.1007%2Fs13201-013-0144-8.pdf", doi("10.1007/s13201-013-0144-8")],
    ["hybrid", "https://link.springer.com/content/pdf/10.1007%2Fs11214-015-0153-z.pdf", doi("10.1007/s11214-015-0153-z")],
    ["hybrid", "https://www.tandfonline.com/doi/pdf/10.4161/psb.6.4.14908?needAccess=true", doi("10.4161/psb.6.4.14908")],
    ["hybrid", "https://www.tandfonline.com/doi/pdf/10.1080/00031305.2016.1154108?needAccess=true", doi("10.1080/00031305.2016.1154108")],
    ["hybrid", "http://journals.sagepub.com/doi/pdf/10.1177/2041731413519352", doi("10.1177/2041731413519352")],
    ["hybrid", "http://journals.sagepub.com/doi/pdf/10.1177/1557988316665084", doi("10.1177/1557988316665084")],
    ["hybrid (HighWire PDF)", "http://circ.ahajournals.org/content/129/25_suppl_2/S46.full.pdf", null, page(doi("10.1161/CIR.0000000000000066"))],
    ["hybrid (HighWire PDF)", "http://atvb.ahajournals.org/content/35/9/1963.full.pdf", null, page(doi("10.1161/ATVBAHA.115.305896"))],
    [
      "hybrid (Cambridge PDF)",
      "https://www.cambridge.org/core/services/aop-cambridge-core/content/view/4BCD306196706C82B0DDFDA7EC611BC7/S0022046906008207a.pdf/div-class-title-justification-by-faith-a-patristic-doctrine-div.pdf",
      null,
      page(doi("10.1017/S0022046906008207")),
    ],
    [
      "hybrid (Cambridge PDF)",
      "https://www.cambridge.org/core/services/aop-cambridge-core/content/view/38E0CB06CD4CA6AA6BC70F2EAAE79CB2/S1462399417000072a.pdf/div-class-title-intracellular-delivery-of-biologic-therapeutics-by-bacterial-secretion-systems-div.pdf",
      null,
      page(doi("10.1017/erm.2017.7")),
    ],
    ["hybrid", "http://iopscience.iop.org/article/10.1088/1478-3975/13/6/066003/pdf", doi("10.1088/1478-3975/13/6/066003")],
    ["hybrid", "http://iopscience.iop.org/article/10.1088/1757-899X/165/1/012032/pdf", doi("10.1088/1757-899X/165/1/012032")],
    ["hybrid", "http://www.thieme-connect.de/products/ejournals/pdf/10.1055/s-0036-1597987.pdf", doi("10.1055/s-0036-1597987")],
    ["hybrid", "http://www.thieme-connect.de/products/ejournals/pdf/10.1055/s-0043-102400.pdf", doi("10.1055/s-0043-102400")],
    ["hybrid (BMJ PDF)", "http://tobaccocontrol.bmj.com/content/22/suppl_1/i33.full.pdf", null, page(doi("10.1136/tobaccocontrol-2012-050767"))],
    ["hybrid", "https://www.emeraldinsight.com/doi/pdfplus/10.1108/IJCCSM-04-2017-0089", doi("10.1108/IJCCSM-04-2017-0089")],
    ["hybrid", "http://www.nature.com/articles/427016b.pdf", null, page(doi("10.1038/427016b"))],
    ["hybrid (Nature legacy id)", "https://www.nature.com/articles/nmicrobiol201648.pdf", null, page(doi("10.1038/nmicrobiol.2016.48"))],
    ["hybrid", "http://arxiv.org/pdf/1609.03449", ax("1609.03449")],
    ["bronze (J-STAGE)", "https://www.jstage.jst.go.jp/article/geosoc1893/102/8/102_8_685/_pdf", null, page(doi("10.5575/geosoc.102.685"))],
    ["bronze", "https://nph.onlinelibrary.wiley.com/doi/pdf/10.1111/nph.14052", doi("10.1111/nph.14052")],
    ["bronze", "http://www.ndsl.kr/soc_img/society/kivt/SHGSCZ/2016/v17n5/SHGSCZ_2016_v17n5_316.pdf", null, page(doi("10.5762/kais.2016.17.5.316"))],
    ["comment (CHORUS search)", "http://search.chorusaccess.org/?q=10.1016%2Fj.jhydrol.2016.08.050&doi=t", doi("10.1016/j.jhydrol.2016.08.050")],
    ["hybrid (IEEE stamp, port 80)", "http://ieeexplore.ieee.org:80/stamp/stamp.jsp?tp=&arnumber=7225120", null, page(doi("10.1109/JSTQE.2015.2473140"))],
    ["hybrid (Lancet PII)", "http://www.thelancet.com/article/S2213858713700330/pdf", null, page(doi("10.1016/s2213-8587(13)70033-0"))],
    [
      "hybrid (ScienceDirect PDF)",
      "http://www.sciencedirect.com/science/article/pii/S0360131517300726/pdfft?md5=ee1077bac521e4d909ffc2e4375ea3d0&pid=1-s2.0-S0360131517300726-main.pdf",
      null,
      page(doi("10.1016/j.compedu.2017.03.017")),
    ],
    ["hybrid (OUP PDF)", "https://academic.oup.com/icvts/article-pdf/14/4/420/1935098/ivr077.pdf", null, page(doi("10.1093/icvts/ivr077"))],
    ["hybrid (RSC PDF)", "http://pubs.rsc.org/en/content/articlepdf/2013/sm/c3sm27341e", null, page(doi("10.1039/C3SM27341E"))],
    ["hybrid (Elsevier partner PII)", "http://www.gastrojournal.org/article/S001650850502576X/pdf", null, page(doi("10.1053/j.gastro.2005.12.036"))],
    [
      "hybrid (LWW PDF)",
      "http://pdfs.journals.lww.com/ejanaesthesiology/2014/06001/Nonintubated_thoracoscopic_lobectomy_using.238.pdf?token=method|ExpireAbsolute;source|Journals;ttl|1496524564436",
      null,
      {
        ...page(doi("10.1097/00003643-201406001-00238")),
        from: "Nonintubated_thoracoscopic_lobectomy_using.238.pdf?token=method|ExpireAbsolute;source|Journals;ttl|1496524564436",
      },
    ],
  ]);
}

function eventDataReverse(): Row[] {
  const repo = "CrossRef/event-data-reverse";
  const hrm = doi("10.1002/(SICI)1099-050X(199823/24)37:3/4<197::AID-HRM2>3.0.CO;2-#");
  const enc = "10.1002%2F(SICI)1099-050X(199823%2F24)37%3A3%2F4%3C197%3A%3AAID-HRM2%3E3.0.CO%3B2-%23";
  const bilder = "Appendix A: On the complexity of handling DOIs in the wild";
  return [
    ...fromFile(repo, "README.md", [
      ["Variously expressed DOIs", "doi: 10.5555/12345678", doi("10.5555/12345678")],
      ["landing page: DOI at the end of the URL", "http://www.jim.org.cn/EN/10.15541/jim20130556", doi("10.15541/jim20130556")],
      [
        "landing page: DOI with a hash fragment",
        "http://www.jstor.org/stable/10.13110/antipodes.27.2.0157#references_tab_contents",
        doi("10.13110/antipodes.27.2.0157"),
      ],
      ["landing page: URL-encoded DOI", "http://link.springer.com/article/10.1007%2Fs10552-015-0707-0", doi("10.1007/s10552-015-0707-0")],
      ["ShortDOI not as a URL", "doi.org/hvx", null, { note: SHORT_DOI }],
      ["ShortDOI expressed as a Handle", "10/hvx", null, { note: SHORT_DOI }],
      ["page must be consulted", "http://www.hindawi.com/archive/2015/708915/", null, page(doi("10.1155/2015/708915"))],
      [
        "page must be consulted",
        "http://www.nature.com/nrendo/journal/v10/n9/full/nrendo.2014.114.html?WT.mc_id=TWT_NatureRevEndo",
        null,
        page(doi("10.1038/nrendo.2014.114")),
      ],
      ["DOI in the text of a tweet", "Look at this article lol 10.5555/12345678 what is a psycho ceramic neway?", doi("10.5555/12345678")],
      ["ShortDOI in a tweet", "Shrtr DOIs Mns Lgr Twts doi.org/hvx", null, { note: SHORT_DOI }],
      [bilder, enc, hrm],
      [bilder, `DOI%3A${enc}`, hrm],
      [bilder, "http://doi.org/10.1002/(SICI)1099-050X(199823/24)37:3/4<197::AID-HRM2>3.0.CO;2-#", hrm],
      [bilder, `http://doi.org/${enc}`, hrm],
      [bilder, `http://doi.org/doi:${enc}`, hrm],
      [bilder, `http://doi.org/urn:doi:${enc}`, hrm],
      [bilder, `http://doi.org/info:doi/${enc}`, hrm],
      [bilder, `https://dx.doi.org/${enc}`, hrm],
      [bilder, `https://dx.doi.org/doi:${enc}`, hrm],
      [bilder, `https://dx.doi.org/info:doi/${enc}`, hrm],
      [bilder, "http://doi.org/bwhrfx", null, { note: SHORT_DOI }],
      [bilder, "https://dx.doi.org/info:doi/bwhrfx", null, { note: SHORT_DOI }],
      [bilder, "doi:10.1002/(SICI)1099-050X(199823/24)37:3/4<197::AID-HRM2>3.0.CO;2-#", hrm],
      [bilder, "DOI:10.1002/(SICI)1099-050X(199823/24)37:3/4<197::AID-HRM2>3.0.CO;2-#", hrm],
      [bilder, "10.1002/(sici)1099-050x(199823/24)37:3/4<197::aid-hrm2>3.0.co;2-#", hrm],
    ]),
    ...fromFile(repo, "test/event_data_reverse/lookup_test.clj", [
      ["cleanup-doi-inputs", "dx.doi.org/10.5555/12345678", doi("10.5555/12345678")],
      ["cleanup-doi-inputs", "https://dx.doi.org/10.5555/12345678", doi("10.5555/12345678")],
      ["cleanup-doi-inputs", "DOI: 10.5555/12345678", doi("10.5555/12345678")],
      ["get-doi-from-get-params-inputs", "http://synapse.koreamed.org/DOIx.php?id=10.6065/apem.2013.18.3.128", doi("10.6065/apem.2013.18.3.128")],
      ["get-doi-from-get-params-inputs", "http://journals.plos.org/plosone/article?id=10.5555/12345678", doi("10.5555/12345678")],
      ["TODO mid-underscore", "http://biolifejournal.com/10.17812_blj2015.31.30.html", null, { note: "the slash is an underscore here: not a DOI as written" }],
      ["get-embedded-doi-from-string-inputs (shortDOI)", "https://doi.org/hvx", null, { note: SHORT_DOI }],
      ["get-embedded-doi-from-string-inputs (shortDOI)", "http://doi.org/info:doi/hvx", null, { note: SHORT_DOI }],
      [
        "potentially confusing text from a tweet",
        "#Smarkets here click &gt;&gt; https://t.co/ujLKnsw3cU for a £10 Sign Up Bonus / 2% commission #freebet https://t.co/609STAr9OC",
        null,
      ],
      ["resolve-url-inputs", "http://www.bmj.com/content/351/bmj.h6326", null, page(doi("10.1136/bmj.h6326"))],
      ["resolve-url-inputs", "http://www.hindawi.com/journals/aan/2015/708915/", null, page(doi("10.1155/2015/708915"))],
    ]),
  ];
}

function jabref(): Row[] {
  const repo = "JabRef/jabref";
  const dt = "jablib/src/test/java/org/jabref/model/entry/identifier/DOITest.java";
  const jmbi = doi("10.1006/jmbi.1998.2354");
  const brc = doi("10.1007/s10549-018-4743-9");
  const springer = doi("10.1007/978-3-642-15618-2_19");
  const edawpo = doi("10.1175/1520-0493(2002)130<1913:EDAWPO>2.0.CO;2");
  return [
    ...fromFile(repo, dt, [
      ["PlainDoi", "10.1006/jmbi.1998.2354", jmbi],
      ["PlainDoi", "10.1002/(SICI)1522-2594(199911)42:5<952::AID-MRM16>3.0.CO;2-S", doi("10.1002/(SICI)1522-2594(199911)42:5<952::AID-MRM16>3.0.CO;2-S")],
      ["PlainDoi", "10.1126/sciadv.1500214", doi("10.1126/sciadv.1500214")],
      ["ignoreLeadingAndTrailingWhitespaces", "  10.1006/jmbi.1998.2354 ", jmbi],
      ["acceptDoiPrefix", "doi:10.1006/jmbi.1998.2354", jmbi],
      ["acceptURLDoi: https with % divider", "https://dx.doi.org/10.2307%2F1990888", doi("10.2307/1990888")],
      ["acceptURLDoi: other domains", "http://doi.acm.org/10.1145/1294928.1294933", doi("10.1145/1294928.1294933")],
      ["acceptURLDoi: other domains", "http://doi.acm.net/10.1145/1294928.1294933", doi("10.1145/1294928.1294933")],
      ["acceptURLDoi: other domains", "http://dx.doi.org/10.1007/978-3-642-15618-2_19", springer],
      ["acceptURLDoi: other domains", "http://dx.doi.de/10.1007/978-3-642-15618-2_19", springer],
      ["acceptURLDoi: other domains", "http://dx.doi.org/10.4108/ICST.COLLABORATECOM2009.8275", doi("10.4108/ICST.COLLABORATECOM2009.8275")],
      ["acceptURLDoi: other domains", "http://doi.ieeecomputersociety.org/10.1109/MIC.2012.43", doi("10.1109/MIC.2012.43")],
      ["PlainShortDoi", "10/gf4gqc", null, { note: SHORT_DOI }],
      ["acceptShortcutShortDoi", "https://doi.org/d8dn", null, { note: SHORT_DOI }],
      ["acceptShortcutShortDoi", "www.doi.org/d8dn", null, { note: SHORT_DOI }],
      ["acceptURNPrefixInShortDoi", "http://doi.org/urn:doi:10/gf4gqc", null, { note: SHORT_DOI }],
      ["acceptURLShortDoi", "https://dx.doi.org/10%2Fgf4gqc", null, { note: SHORT_DOI }],
      [
        "parse DOI with backslashes (BibTeX escape)",
        "10.1007/978-3-030-02671-4\\_7",
        doi("10.1007/978-3-030-02671-4_7"),
        { from: '"10.1007/978-3-030-02671-4\\\\_7"' },
      ],
      ["correctlyDecodeHttpDOIs: # -> (%23)", "http://doi.org/10.1006/rwei.1999%23.0001", doi("10.1006/rwei.1999#.0001")],
      ["correctlyDecodeHttpDOIs: ? -> (%3F)", "http://doi.org/10.1006/rwei.1999%3F.0001", doi("10.1006/rwei.1999?.0001")],
      ["correctlyDecodeHttpDOIs: <,> -> (%3C, %3E)", "https://doi.org/10.1175/1520-0493(2002)130%3C1913:EDAWPO%3E2.0.CO;2", edawpo],
      ["acceptDoiWithSpecialCharacters", "https://doi.org/10.1175/1520-0493(2002)130<1913:EDAWPO>2.0.CO;2", edawpo],
      ["findDoiInsideArbitraryText", "other stuff 10.1006/jmbi.1998.2354 end", jmbi],
      ["findDoiInsideArbitraryText", "Breast Cancer Res Treat. 2018 July ; 170(1): 77–87. doi:10.1007/s10549-018-4743-9. ", brc],
      ["findDoiInsideArbitraryText", "Breast Cancer Res Treat. 2018 July ; 170(1): 77–87. doi:10.1007/s10549-018-4743-9, ", brc],
      ["findDoiInsideArbitraryText", "Breast Cancer Res Treat. 2018 July ; 170(1): 77–87. doi:10.1007/s10549-018-4743-9; something else", brc],
      ["findDoiInsideArbitraryText", "bla doi:10.1007/s10549-018-4743-9.1234 with . in doi", doi("10.1007/s10549-018-4743-9.1234")],
      ["findShortcutDoiInsideArbitraryText", "https://www.scitepress.org/Link.aspx?doi=10.5220/0010404301780189", doi("10.5220/0010404301780189")],
      ["Unicode replacement character", "other stuff \ufffd10.1006/jmbi.1998.2354", jmbi, { from: "other stuff �10.1006/jmbi.1998.2354" }],
      ["Unicode replacement character", "other stuff 10.1006/jmbi.1998.2354\ufffd", jmbi, { from: "other stuff 10.1006/jmbi.1998.2354�" }],
      ["equalsIgnoresPrefixAndCase", "10.1109/CLOUD.2017.89", doi("10.1109/CLOUD.2017.89")],
      ["noDOIFoundInsideArbitraryText", "text without 28282 a doi", null],
      ["noDOIFoundInsideArbitraryText", "It's 10:30 o'clock", null],
      ["noDOIFoundInsideArbitraryText", "...archive number 10/XYZ/123...", null],
      ["noDOIFoundInsideArbitraryText", "some website poi.org/ab123 end", null],
      ["rejectURLShortDoi", "http://www.cs.utexas.edu/users/kaufmann/itp-trusted-extensions-aug-20/10/summary/summary.pdf", null],
      ["rejectURLShortDoi", "http://www.boi.org/10/2010bingbong", null],
      ["rejectEmbeddedShortDoi", "10/2021/01", null],
      ["rejectEmbeddedShortDoi", "01/10/2021", null],
      ["rejectInvalidDirectoryIndicator", "12.1006/jmbi.1998.2354 end", null],
      ["rejectMissingDivider", "10.1006jmbi.1998.2354 end", null],
    ]),
    ...fromFile(repo, "jablib/src/test/java/org/jabref/model/entry/identifier/ArXivIdentifierTest.java", [
      ["parse: plain", "0710.0994", ax("0710.0994")],
      ["parse: arXiv prefix", "arXiv:0710.0994", ax("0710.0994")],
      ["parse: listing form with subject class", "0706.0001v1 [q-bio.CB]", ax("0706.0001")],
      ["parse: prefixed listing form", "arXiv:0706.0001v1 [q-bio.CB]", ax("0706.0001")],
      ["parse: old style", "arXiv:math.GT/0309136", ax("math/0309136")],
      ["parse: url", "http://arxiv.org/abs/1502.05795v1", ax("1502.05795")],
      ["parse: url", "http://arxiv.org/pdf/hep-ex/0307015v1", ax("hep-ex/0307015")],
      ["fourDigitDateIsInvalidInLegacyFormat", "2017/1118", null],
      ["parse: whitespace", "  0706.0001v1 ", ax("0706.0001")],
      ["rejectUrlOtherDomainEprint", "https://asdf.org/abs/0706.0001v1", null],
      ["parseHtmlUrl", "https://arxiv.org/html/2511.01348v2", ax("2511.01348")],
      ["parseHtmlUrl (fragment)", "https://arxiv.org/html/2510.26275v2#bib", ax("2510.26275")],
      ["findInTextFindsArxivFromHtmlUrlWithFragment", "https://arxiv.org/html/2503.08641v1#bib.bib5", ax("2503.08641")],
    ]),
  ];
}

// Real links and references quoted in public files (code index), with the identifier they carry.
function publicPages(): Row[] {
  const pii = "an Elsevier PII: the DOI is had from the page (or a lookup), never from the PII";
  const ieee = "an IEEE article number: the DOI is on the page";
  return fromIndex([
    // EZproxy "proxy by hostname" hosts (dots of the original host become hyphens)
    [
      "13260576139",
      "EZproxy host (ScienceDirect)",
      "https://www-sciencedirect-com.ezproxy.unal.edu.co/science/article/pii/S2213133720300366?via%3Dihub#fig3",
      null,
      { note: pii },
    ],
    [
      "53752446166",
      "EZproxy host (ScienceDirect)",
      "https://www-sciencedirect-com.ezproxy.lib.vutbr.cz/science/article/pii/S0950705121002203",
      null,
      { note: pii },
    ],
    [
      "51781358374",
      "EZproxy host with port (ScienceDirect)",
      "https://www-sciencedirect-com.ezproxy.kpu.ca:2443/science/article/pii/S3333333333333333",
      null,
      { note: pii },
    ],
    [
      "53363927552",
      "EZproxy host (Springer)",
      "https://link-springer-com.ezproxy.ugm.ac.id/article/10.1007/s10257-023-00659-7",
      doi("10.1007/s10257-023-00659-7"),
    ],
    ["53363927552", "EZproxy host (IEEE)", "https://ieeexplore-ieee-org.ezproxy.ugm.ac.id/document/10216831", null, { note: ieee }],
    [
      "40846338147",
      "EZproxy host (Wiley supplement, DOI as a query value)",
      "https://besjournals-onlinelibrary-wiley-com.ezproxy.lib.utexas.edu/action/downloadSupplement?doi=10.1111%2F2041-210X.12330&file=mee312330-sup-0001-AppendixS1.pdf",
      doi("10.1111/2041-210X.12330"),
    ],
    ["11759654584", "EZproxy host (Wiley PDF)", "https://onlinelibrary-wiley-com.ezproxy.clarkson.edu/doi/pdf/10.1002/sim.1742", doi("10.1002/sim.1742")],
    [
      "695619421",
      "EZproxy host (Wiley pdfdirect)",
      "https://onlinelibrary-wiley-com.ezproxy.lib.vt.edu/doi/pdfdirect/10.1107/S1600576720014041",
      doi("10.1107/S1600576720014041"),
    ],
    [
      "52588642246",
      "EZproxy host (Wiley journal subdomain)",
      "https://advanced-onlinelibrary-wiley-com.ezproxy.uio.no/doi/full/10.1002/aisy.202100001",
      doi("10.1002/aisy.202100001"),
    ],
    [
      "22636837361",
      "EZproxy host (Wiley PDF)",
      "https://onlinelibrary-wiley-com.ezproxy.universite-paris-saclay.fr/doi/pdf/10.1111/coep.12478",
      doi("10.1111/coep.12478"),
    ],
    [
      "5756987985",
      "EZproxy host (Wiley/ACSESS)",
      "https://acsess-onlinelibrary-wiley-com.ezproxy4.library.arizona.edu/doi/10.2135/cropsci2003.9430",
      doi("10.2135/cropsci2003.9430"),
    ],
    [
      "14150433977",
      "markdown link through an EZproxy host",
      "- [Structure and Function Relationship in the Abdominal Stretch Receptor Organs of the Crayfish](https://onlinelibrary-wiley-com.ezproxy.wesleyan.edu/doi/pdfdirect/10.1002/cne.20590)",
      doi("10.1002/cne.20590"),
    ],
    // EZproxy "login?url=" wrappers
    [
      "52151853876",
      "EZproxy login?url= wrapper",
      "https://login.ezproxy.lib.ucalgary.ca/login?url=https://doi.org/10.1093/ageing/afaf050",
      doi("10.1093/ageing/afaf050"),
    ],
    [
      "51975059122",
      "EZproxy wrapper in prose, angle brackets",
      "Oxford Academic paywall. Try U Calgary EZproxy: <https://login.ezproxy.lib.ucalgary.ca/login?url=https://doi.org/10.1093/ageing/afaf050>, or email author Patrick V-Q Nguyen (CHUM Pharmacy).",
      doi("10.1093/ageing/afaf050"),
    ],
    ["30341081952", "OCLC-hosted EZproxy wrapper (database home page)", "https://ucc.idm.oclc.org/login?url=https://www.scopus.com/", null],
    // Google Scholar redirects
    [
      "1746934780",
      "Google Scholar redirect (arXiv)",
      "https://scholar.google.com/scholar_url?url=https://arxiv.org/abs/1803.02155&hl=zh-CN&sa=T&oi=gsb&ct=res&cd=0&d=5563767891081728261&ei=K57BZfHYArCH6rQPgome8AY&scisig=AFWwaeZGunl1eC-MkbFMxp5PVpEE",
      ax("1803.02155"),
    ],
    [
      "42505859695",
      "Google Scholar redirect (ACM PDF)",
      "https://scholar.google.com/scholar_url?url=https://dl.acm.org/doi/pdf/10.1145/168304.168306&hl=en&sa=T&oi=gsb-ggp&ct=res&cd=0&d=10176669309393884854&ei=5h_FY9ffEYaymgHM6YaoBw&scisig=AAGBfm26p-N1UN5egv0YIQzRamLrWqemLw",
      doi("10.1145/168304.168306"),
    ],
    ["29166239022", "Google Scholar redirect (arXiv)", "https://scholar.google.com/scholar_url?url=https://arxiv.org/abs/2312.12345", ax("2312.12345")],
    [
      "32422616321",
      "Google Scholar redirect (ScienceDirect PII)",
      "https://scholar.google.com/scholar_url?url=https://www.sciencedirect.com/science/article/pii/S1570826818300702&hl=fr&sa=T&oi=gsb&ct=res&cd=0&d=5238262037328151074&ei=35ylXuaYBNqIy9YP85eIwAc&scisig=AAGBfm2S2N0AQmRqbobunMAeoxWJA9VR4w",
      null,
      { note: pii },
    ],
    [
      "48181028934",
      "Google Scholar redirect (MDPI PDF)",
      "https://scholar.google.com/scholar_url?url=https://www.mdpi.com/1424-8220/19/3/495/pdf&hl=en&oi=gsb-gga&ct=res&d=11656171690071367110&scisig=AAGBfm3mFAyEBx585JYi26bjBqji2hdlbw",
      null,
      { note: "MDPI's volume/issue/article path: the DOI is on the page" },
    ],
    // Semantic Scholar, ResearchGate: opaque ids
    ["55356529119", "Semantic Scholar paper id", "https://www.semanticscholar.org/paper/4e481e96331921f712b91a99a69f37a085ec75ef", null],
    [
      "61955647089",
      "reference with a Semantic Scholar link",
      '[28] Yoshida, N., Hu, R. "The Scribble Protocol Language." 2014. https://www.semanticscholar.org/paper/The-Scribble-Protocol-Language-Yoshida-Hu/a06ba59cfd193d2538e24fd0e0ccf290df0d20ef. Accessed 2026-02-28.',
      null,
    ],
    [
      "15157676962",
      "reference with a ResearchGate link",
      "Woods, David. (2018). Resilience is a Verb. https://www.researchgate.net/publication/329035477",
      null,
    ],
    [
      "6717206962",
      "ResearchGate publication",
      "https://www.researchgate.net/publication/284545341_Building_and_Using_a_Knowledge_Graph_to_Combat_Human_Trafficking",
      null,
    ],
    // Wiley /epdf/ reader links
    ["42565824747", "Wiley epdf", "https://onlinelibrary.wiley.com/doi/epdf/10.1111/j.0006-341X.2004.00187.x", doi("10.1111/j.0006-341X.2004.00187.x")],
    [
      "38743497702",
      "Wiley epdf in a markdown link",
      "- [Paper in Proteins](https://onlinelibrary.wiley.com/doi/epdf/10.1002/prot.25834) (Sep 2019)",
      doi("10.1002/prot.25834"),
    ],
    [
      "12319040727",
      "Wiley epdf in an HTML link",
      '<a href="https://wires.onlinelibrary.wiley.com/doi/epdf/10.1002/widm.1484">hyperparameter optimisation/tuning techniques</a>',
      doi("10.1002/widm.1484"),
    ],
    [
      "8556376482",
      "Wiley epdf in a docstring",
      "Quarterly Journal of the Royal Meteorological Society, Vol. 135, 2009. https://rmets.onlinelibrary.wiley.com/doi/epdf/10.1002/qj.456",
      doi("10.1002/qj.456"),
    ],
    [
      "70332166647",
      "Wiley epdf in a markdown link",
      "[In 1988, he coined an important term:](https://onlinelibrary.wiley.com/doi/epdf/10.1207/s15516709cog1202_4) **[Cognitive Load]",
      doi("10.1207/s15516709cog1202_4"),
    ],
    [
      "230206122",
      "markdown link, italic journal",
      "[_Pediatr. Diabetes_ 2021, _22_, 594-604. 2021](https://onlinelibrary.wiley.com/doi/epdf/10.1111/pedi.13190)",
      doi("10.1111/pedi.13190"),
    ],
    [
      "30358711692",
      "Scopus record link",
      "https://www.scopus.com/inward/record.uri?eid=2-s2.0-84978327317&doi=10.1002%2fcae.21729&partnerID=40&md5=53882aa9f10e59865a3ae086e889534a",
      doi("10.1002/cae.21729"),
    ],
    // IEEE
    [
      "53579876",
      "IEEE reference with DOI and stamp URL",
      '" in IEEE Transactions on Geoscience and Remote Sensing, DOI: 10.1109/TGRS.2018.2860590\nURL: http://ieeexplore.ieee.org/stamp/stamp.jsp?tp=&arnumber=8439086&isnumber=4358825',
      doi("10.1109/TGRS.2018.2860590"),
    ],
    ["17322819071", "IEEE stamp PDF", "https://ieeexplore.ieee.org/stamp/stamp.jsp?tp=&arnumber=9376388", null, { note: ieee }],
    ["17322819071", "IEEE abstract page", "https://ieeexplore.ieee.org/abstract/document/9376388", null, { note: ieee }],
    ["23408124566", "IEEE stamp, zero-padded number", "http://ieeexplore.ieee.org/stamp/stamp.jsp?arnumber=04636917", null, { note: ieee }],
    [
      "11532946766",
      "IEEE stamp with click id",
      "https://ieeexplore.ieee.org/stamp/stamp.jsp?tp=&arnumber=9607840&fbclid=IwAR27cTIscjnq54a7CsZpp3f1WaGG1Setdouo1lUxnBLswvdQR4aHNZRCCdQ&tag=1",
      null,
      { note: ieee },
    ],
    // Iranian journals (10.22034) next to Persian and markdown
    ["11799483995", "markdown table cell", "| DOI | `10.22034/aeis.2024.460563.1202` |", doi("10.22034/aeis.2024.460563.1202")],
    [
      "11799483995",
      "markdown link text = target",
      "| Full Paper | [https://doi.org/10.22034/aeis.2024.460563.1202](https://doi.org/10.22034/aeis.2024.460563.1202) |",
      doi("10.22034/aeis.2024.460563.1202"),
    ],
    [
      "67648828665",
      "APA reference followed by Persian text",
      "Analysis of Twitter Users' Sentiments on ChatGPT Technology. Information Management, 9(1), 159-182. https://doi.org/10.22034/AIMJ.2024.431651.1576\n\n\n# شواهد پروژه BERT احساس-رفتار (Emotion-Behavior BERT Artifacts)",
      doi("10.22034/AIMJ.2024.431651.1576"),
    ],
    [
      "57901643057",
      "DOI as markdown link text",
      "Research in Industrial Engineering, 12(1), 102-118. DOI: [10.22034/riejournal.2025.223902](https://doi.org/10.22034/riejournal.2025.223902).",
      doi("10.22034/riejournal.2025.223902"),
    ],
    [
      "71321322141",
      "doi: as markdown link text",
      "*International Journal of Iron and Steel Society of Iran* (2023). [doi:10.22034/ijissi.2023.1990580.1262](https://doi.org/10.22034/ijissi.2023.1990580.1262)",
      doi("10.22034/ijissi.2023.1990580.1262"),
    ],
    ["60838721768", "quoted URL in code", "    url: 'https://doi.org/10.22034/efl.2020.233566.1043',", doi("10.22034/efl.2020.233566.1043")],
    // Vancouver / PubMed-style references
    [
      "40215256684",
      "PubMed citation",
      "Lang UE, Torres R, Cheung C, Vladar EK, McCalmont TH, Kim J, Judson-Torres RL.  J Invest Dermatol. 2020 Jul;140(7):1401-1409.e2. doi: 10.1016/j.jid.2019.11.028. Epub 2020 Jan 22. PubMed PMID: 31978411.",
      doi("10.1016/j.jid.2019.11.028"),
    ],
    [
      "7853433285",
      "PubMed citation with a DOI link after",
      "Koktzoglou et al. Magn Reson Med. 2020 Aug;84(2):825-837. doi: 10.1002/mrm.28179. Epub 2020 Jan 23. (https://doi.org/10.1002/mrm.28179).",
      doi("10.1002/mrm.28179"),
    ],
    [
      "7957358943",
      "numbered Vancouver reference",
      "[4] Roimi M, Neuberger A, Shrot A, Paul M, Geffen Y, Bar-Lavie Y. Early diagnosis of bloodstream infections in the intensive care unit using machine-learning algorithms. Intensive Care Med. 2020 Mar;46(3):454-462. doi: 10.1007/s00134-019-05876-8. Epub 2020 Jan 7. PMID: 31912208.",
      doi("10.1007/s00134-019-05876-8"),
    ],
    [
      "42711346113",
      "reference as markdown link text",
      "Early Transmission Dynamics in Wuhan, China, of Novel Coronavirus-Infected Pneumonia. N Engl J Med. 2020 Mar 26;382(13):1199-1207. doi: 10.1056/NEJMoa2001316. Epub 2020 Jan 29. PMID: 31995857; PMCID: PMC7121484.](https://www.nejm.org/doi/full/10.1056/NEJMoa2001316) <br/>",
      doi("10.1056/NEJMoa2001316"),
    ],
    [
      "3569260166",
      "reference with PMID link",
      "1. Jumper J et al. Highly accurate protein structure prediction with AlphaFold. Nature. 2021 Jul 15;1-7. doi: 10.1038/s41586-021-03819-2 (PMID:[34265844](https://europepmc.org/article/MED/34265844)).",
      doi("10.1038/s41586-021-03819-2"),
    ],
    [
      "25680615272",
      "reference without identifier",
      "Clinical Phenogroups in Heart Failure With Preserved Ejection Fraction: Detailed Phenotypes, Prognosis, and Response to Spironolactone. JACC Heart Fail 2020 Mar;8(3):172-184. Epub 2020 Jan 8.",
      null,
    ],
    [
      "67475844253",
      "markdown reference definition",
      '[Lai 2020]: https://pubmed.ncbi.nlm.nih.gov/31924447/ "Lai F, Damle SS, Ling KK, Rigo F. Directed RNase H Cleavage of Nascent Transcripts Causes Transcription Termination. Mol Cell. 2020 Mar 5;77(5):1032-1043.e4. doi: 10.1016/j.molcel.2019.12.029. Epub 2020 Jan 7. PMID: 31924447."',
      pmid("31924447"),
    ],
    // medRxiv, SSRN, Europe PMC, PubMed searches
    ["27464378855", "medRxiv", "http://www.medrxiv.org/content/10.1101/2020.04.08.20058073", doi("10.1101/2020.04.08.20058073")],
    ["5717656670", "medRxiv version", "https://www.medrxiv.org/content/10.1101/2020.03.14.20036178v1", doi("10.1101/2020.03.14.20036178")],
    ["1169642345", "medRxiv PDF", "#from https://www.medrxiv.org/content/10.1101/2020.11.24.20229948v1.full.pdf", doi("10.1101/2020.11.24.20229948")],
    [
      "14107900370",
      "medRxiv in a markdown link",
      "- Results from the [Covasim](https://www.medrxiv.org/content/10.1101/2020.05.10.20097469v2) model of COVID-19 dynamics.",
      doi("10.1101/2020.05.10.20097469"),
    ],
    [
      "61953012762",
      "SSRN reference with DOI",
      "2026. DOI: [10.2139/ssrn.6713979](https://doi.org/10.2139/ssrn.6713979). Source: <https://papers.ssrn.com/sol3/papers.cfm?abstract_id=6713979>.",
      doi("10.2139/ssrn.6713979"),
    ],
    ["56397403032", "SSRN abstract page", "https://papers.ssrn.com/sol3/papers.cfm?abstract_id=2659431", null, page(doi("10.2139/ssrn.2659431"))],
    ["32360038107", "SSRN download", "https://papers.ssrn.com/sol3/papers.cfm?abstract_id=3512994&download=yes", null, page(doi("10.2139/ssrn.3512994"))],
    ["47272817703", "Europe PMC abstract", 'href="http://europepmc.org/abstract/MED/26700850"', pmid("26700850")],
    ["7061048238", "Europe PMC link in LaTeX \\url{}", "Hum Mol Genet\n#'21:2815-2824.  \\url{http://europepmc.org/abstract/MED/22403184}", pmid("22403184")],
    ["280111386", "PubMed author search (cauthor_id is not the work)", "https://pubmed.ncbi.nlm.nih.gov/?term=Abbott+A&cauthor_id=35253062", null],
    ["56505183276", "PubMed text search", "https://pubmed.ncbi.nlm.nih.gov/?term=CALCOCO1", null],
  ]);
}

// Real identifiers from the files above, pasted the way Persian users paste them.
function constructed(): Row[] {
  const c = (file: string, repo: string, cases: [string, string, Expected | null, string][]): Row[] =>
    fromFile(
      repo,
      file,
      cases.map(([how, input, expected, from]) => [`constructed: ${how}`, input, expected, { from, note: `real identifier from this file, ${how}` }]),
    );
  return [
    ...c("tests/test_idutils.py", "inveniosoftware/idutils", [
      [
        "after a Persian sentence",
        "مقاله را از اینجا دریافت کنید: doi:10.1016/j.epsl.2011.11.037",
        doi("10.1016/j.epsl.2011.11.037"),
        "doi:10.1016/j.epsl.2011.11.037",
      ],
      ["in Persian digits", "۱۰.۱۰۱۶/j.epsl.۲۰۱۱.۱۱.۰۳۷", doi("10.1016/j.epsl.2011.11.037"), "10.1016/j.epsl.2011.11.037"],
      [
        "upper-case resolver URL",
        "HTTPS://DOI.ORG/10.1016/J.EPSL.2011.11.037",
        doi("10.1016/j.epsl.2011.11.037"),
        "https://doi.org/10.1016/j.epsl.2011.11.037",
      ],
      ["PMID typed in Persian digits", "۱۲۰۸۲۱۲۵", pmid("12082125"), "12082125"],
      ["ISBN with the Persian label «شابک»", "شابک: ۰-۹۷۵۲۲۹۸-۰-X", isbn("9780975229804"), "0-9752298-0-X"],
      ["Persian comma after an arXiv id", "arXiv:1310.2590، لطفاً نسخهٔ نهایی", ax("1310.2590"), "arXiv:1310.2590"],
    ]),
    ...c("jablib/src/test/java/org/jabref/model/entry/identifier/DOITest.java", "JabRef/jabref", [
      ["in Arabic-Indic digits", "١٠.١٠٠٦/jmbi.١٩٩٨.٢٣٥٤", doi("10.1006/jmbi.1998.2354"), "10.1006/jmbi.1998.2354"],
      ["with a zero-width space after it", "10.1006/jmbi.1998.2354\u200b", doi("10.1006/jmbi.1998.2354"), "10.1006/jmbi.1998.2354"],
      [
        "in parentheses inside Persian text",
        "نتایج این پژوهش (doi: 10.1007/s10549-018-4743-9) را ببینید",
        doi("10.1007/s10549-018-4743-9"),
        "doi:10.1007/s10549-018-4743-9",
      ],
    ]),
    ...c("tests/test_doi.py", "papis/python-doi", [
      ["between RTL marks", "\u200f10.1063/1.881498\u200f", doi("10.1063/1.881498"), "10.1063/1.881498"],
      ["upper case after DOI", "DOI: 10.1103/PHYSREVLETT.49.57", doi("10.1103/PhysRevLett.49.57"), "10.1103/PhysRevLett.49.57"],
    ]),
    ...c("manubot/cite/tests/test_citekey.py", "manubot/manubot", [
      ["with a Persian full stop after it", "لطفاً این مقاله را بفرستید 10.1038/nature19057.", doi("10.1038/nature19057"), "10.1038/nature19057"],
      ["PMCID in a Persian sentence with ZWNJ", "شناسه‌ی PMC4304851 است", pmcid("PMC4304851"), "PMC4304851"],
      ["PMID with a Persian label", "شناسهٔ پاب‌مد PMID: 24159271", pmid("24159271"), "pmid:24159271"],
    ]),
    ...c("packages/plugin-doi/test/id.js", "citation-js/citation-js", [
      ["in Persian quotation marks", "«10.1021/ja01577a030»", doi("10.1021/ja01577a030"), "10.1021/ja01577a030"],
      ["with a Persian question mark", "این مقاله 10.1021/ja01577a030؟", doi("10.1021/ja01577a030"), "10.1021/ja01577a030"],
    ]),
  ];
}

// ---------------------------------------------------------------------------
// Second held-out round ("heldout2"): gathered after the first round's rules were written, and
// measured before anything was changed for it, to check that those rules were not fitted to round one.

function metapubUrlreverse(): Row[] {
  const file = "tests/urlreverse_test_urls.txt";
  const repo = "metapub/metapub";
  // Every URL of metapub's URL-reverse list; the DOIs standing in them, read by hand.
  const inPath: Record<string, string> = {
    "http://onlinelibrary.wiley.com/doi/10.1002/ajmg.a.37609/pdf": "10.1002/ajmg.a.37609",
    "https://www.ahajournals.org/doi/pdf/10.1161/CIRCRESAHA.116.305085": "10.1161/CIRCRESAHA.116.305085",
    "http://onlinelibrary.wiley.com/doi/10.1111/j.1346-8138.2010.01101.x/pdf": "10.1111/j.1346-8138.2010.01101.x",
    "http://onlinelibrary.wiley.com/doi/10.1111/j.1346-8138.2010.01101.x/abstract": "10.1111/j.1346-8138.2010.01101.x",
    "http://onlinelibrary.wiley.com/doi/10.1002/mgg3.203/full": "10.1002/mgg3.203",
    "http://onlinelibrary.wiley.com/doi/10.1002/ijc.23246/pdf": "10.1002/ijc.23246",
    "http://onlinelibrary.wiley.com/doi/10.1002/anie.198104441/pdf": "10.1002/anie.198104441",
    "http://onlinelibrary.wiley.com/doi/10.1111/j.1600-0609.1998.tb01076.x/pdf": "10.1111/j.1600-0609.1998.tb01076.x",
    "http://link.springer.com/content/pdf/10.1007/978-3-319-08717-7_5.pdf": "10.1007/978-3-319-08717-7_5",
    "http://onlinelibrary.wiley.com/doi/10.1111/j.1538-7836.2007.tb00034.x/pdf": "10.1111/j.1538-7836.2007.tb00034.x",
    "http://link.springer.com/content/pdf/10.1007/s12018-013-9140-7.pdf": "10.1007/s12018-013-9140-7",
    "http://onlinelibrary.wiley.com/doi/10.1002/ajmg.a.35827/pdf": "10.1002/ajmg.a.35827",
    "http://link.springer.com/content/pdf/10.1007/s004399900122.pdf": "10.1007/s004399900122",
    "http://link.springer.com/content/pdf/10.1007/s10689-009-9301-5.pdf": "10.1007/s10689-009-9301-5",
    "http://link.springer.com/10.1007/978-4-431-54240-7_156": "10.1007/978-4-431-54240-7_156",
    "http://link.springer.com/content/pdf/10.1007/978-94-007-7893-1_10.pdf": "10.1007/978-94-007-7893-1_10",
    "http://onlinelibrary.wiley.com/doi/10.1002/hep.22683/full": "10.1002/hep.22683",
  };
  const lines = [
    ...new Set(
      show(repo, file)
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ];
  const unused = Object.keys(inPath).filter((u) => !lines.includes(u));
  if (unused.length > 0) throw new Error(`not in ${file}: ${unused.join(" ")}`);
  return lines.map((url) => {
    const d = inPath[url];
    return row(
      repo,
      file,
      "URL-reverse test URL",
      url,
      d ? doi(d) : null,
      d ? undefined : { note: "no identifier in the URL (PII, HighWire path, supplement, article number)" },
    );
  });
}

function metapubFindit(): Row[] {
  const repo = "metapub/metapub";
  const one = (file: string, input: string, expected: Expected | null, opts?: Opts) => fromFile(repo, file, [["findit expected URL", input, expected, opts]]);
  return [
    ...one("tests/findit/test_jci.py", "http://www.jci.org/articles/view/23606", null),
    ...one("tests/test_utils.py", "http://www.nature.com/pr/journal/v49/n1/full/pr20018a.html", null, { note: "a Nature legacy id (pr + 2001 + 8)" }),
    ...one("tests/test_utils.py", "http://www.ncbi.nlm.nih.gov/pubmed/17108762", pmid("17108762")),
    ...one("tests/findit/test_oxford_academic.py", "https://academic.oup.com/jes/article-pdf/6/1/bvab173/41722664/bvab173.pdf", null),
    ...one("tests/findit/test_oxford_academic.py", "https://academic.oup.com/jes/article/6/1/bvab173/6431677", null),
    ...one("tests/findit/test_ajph.py", "https://ajph.aphapublications.org/doi/pdf/10.2105/AJPH.2021.306453?download=true", doi("10.2105/AJPH.2021.306453")),
    ...one("tests/findit/test_brill.py", "https://brill.com/view/journals/esm/20/2/article-p150_3.xml", null),
    ...one("tests/findit/test_bmj.py", "https://heart.bmj.com/content/108/21/1674", null),
    ...one("tests/findit/test_asm.py", "https://journals.asm.org/doi/pdf/10.1128/aac.00216-22?download=true", doi("10.1128/aac.00216-22")),
    ...one("tests/findit/test_aps.py", "https://journals.physiology.org/doi/pdf/10.1152/ajpheart.00590.2021", doi("10.1152/ajpheart.00590.2021")),
    ...one("tests/findit/test_plos.py", "https://journals.plos.org/ploscompbiol/article?id=10.1371/journal.pcbi.1012441", doi("10.1371/journal.pcbi.1012441")),
    ...one("tests/findit/test_projectmuse.py", "https://muse.jhu.edu/pub/17/article/757992/pdf", null),
    ...one("tests/findit/test_wiley.py", "https://onlinelibrary.wiley.com/doi/epdf/10.1155/2021/5792975", doi("10.1155/2021/5792975")),
    ...one("tests/findit/test_biochemsoc.py", "https://portlandpress.com/biochemj/article-pdf/478/21/3827/924171/10.1042-bcj20210185c.pdf", null, {
      note: "10.1042-bcj… is a file name, not a DOI",
    }),
    ...one(
      "tests/findit/test_biochemsoc.py",
      "https://portlandpress.com/biochemj/article-pdf/doi/10.1042/BCJ20210185/951144/bcj-2021-0185.pdf",
      doi("10.1042/BCJ20210185"),
    ),
    ...one(
      "tests/findit/test_biochemsoc.py",
      "https://portlandpress.com/biochemj/article-pdf/doi/10.1042/BCJ20240037/951142/bcj-2024-0037.pdf",
      doi("10.1042/BCJ20240037"),
    ),
    ...one("tests/findit/test_apa.py", "https://psycnet.apa.org/fulltext/10.1037/amp0000904.pdf", doi("10.1037/amp0000904")),
    ...one(
      "tests/findit/test_sciendo.py",
      "https://sciendo.com/pdf/10.34763/jmotherandchild.20222601.d-22-00034",
      doi("10.34763/jmotherandchild.20222601.d-22-00034"),
    ),
    ...one("tests/findit/test_annualreviews.py", "https://www.annualreviews.org/deliver/fulltext/marine/13/1/annurev-marine-032720-095144.pdf", null),
    ...one("tests/findit/test_degruyter.py", "https://www.degruyter.com/document/doi/10.1515/cclm-2024-0070/pdf", doi("10.1515/cclm-2024-0070")),
    ...one("tests/findit/test_dovepress.py", "https://www.dovepress.com/article/download/75287", null),
    ...one("tests/findit/test_bentham.py", "https://www.eurekaselect.com/article/140986", null),
    ...one(
      "tests/findit/test_wjgnet.py",
      "https://www.f6publishing.com/forms/main/DownLoadFile.aspx?Type=Digital&TypeId=1&id=10.5527%2fwjn.v11.i5.139&FilePath=6A4247D346110392065501C81D5D466E53E38B2A2665D5B6BE8824B66204A160082ECAB47942E514A44C5C35D97F94A64F5E83A741587ABA",
      doi("10.5527/wjn.v11.i5.139"),
    ),
    ...one(
      "tests/findit/test_wjgnet.py",
      "https://www.f6publishing.com/forms/main/DownLoadFile.aspx?Type=Digital&amp;TypeId=22&amp;id=10.5527%2fwjn.v13.i1.89637&amp;FilePath=DE686458A2BF16892F4B88612C01518D26AA3E447185B0240AE1546F2068C44ECF6E9742C6968B0E995CAC46EB1683AAF16B32515F46C322",
      doi("10.5527/wjn.v13.i1.89637"),
      { note: "&amp; left from HTML" },
    ),
    ...one("tests/findit/test_wjgnet.py", "https://www.wjgnet.com/2220-6124/full/v13/i1/89637.htm", null),
    ...one("tests/findit/test_inderscience.py", "https://www.inderscienceonline.com/doi/epdf/10.1504/IJBRA.2013.056620", doi("10.1504/IJBRA.2013.056620")),
    ...one("tests/findit/test_ingentaconnect.py", "https://www.ingentaconnect.com/content/cuny/cp/2022/00000054/00000002/art00007", null),
    ...one("tests/findit/test_uchicago.py", "https://www.journals.uchicago.edu/doi/pdf/10.1086/713927", doi("10.1086/713927")),
    ...one("tests/findit/test_mdpi.py", "https://www.mdpi.com/1422-0067/25/18/10046/pdf", null),
    ...one("tests/findit/test_nature.py", "https://www.nature.com/articles/s41598-022-10666-2.pdf", null, page(doi("10.1038/s41598-022-10666-2"))),
    ...one("tests/findit/test_nejm.py", "https://www.nejm.org/doi/pdf/10.1056/NEJMoa2309000", doi("10.1056/NEJMoa2309000")),
    ...one("tests/findit/test_oatext.py", "https://www.oatext.com/pdf/JSIN-6-228.pdf", null),
    ...one("tests/findit/test_pnas.py", "https://www.pnas.org/doi/pdf/10.1073/pnas.2305772120", doi("10.1073/pnas.2305772120")),
    ...one("tests/findit/test_scielo.py", "https://www.scielo.br/j/ag/a/tmtNzPCNWvVSLhRw7NyjSnq/?lang=en", null),
    ...one("tests/findit/test_aaas.py", "https://www.science.org/doi/reader/10.1126/sciadv.abl6449", doi("10.1126/sciadv.abl6449")),
    ...one("tests/findit/test_scirp.py", "https://www.scirp.org/journal/paperinformation?paperid=129647", null),
    ...one(
      "tests/findit/test_taylor_francis.py",
      "https://www.tandfonline.com/doi/epdf/10.1016/S1470-2045(22)00455-4?needAccess=true",
      doi("10.1016/S1470-2045(22)00455-4"),
    ),
    ...one("tests/findit/test_ats.py", "https://www.thoracic.org/doi/pdf/10.1165/rcmb.2022-0208TR?download=true", doi("10.1165/rcmb.2022-0208TR")),
    ...one(
      "tests/findit/test_walshmedia.py",
      "https://www.walshmedicalmedia.com/open-access/evaluating-the-whitening-and-microstructural-effects-of-a-novel-whitening-strip-on-porcelain-and-composite-dental-materials-2161-1122-1000449.pdf",
      null,
    ),
    ...one(
      "tests/findit/test_worldscientific.py",
      "https://www.worldscientific.com/doi/pdf/10.1142/S0218957719500118?download=true",
      doi("10.1142/S0218957719500118"),
    ),
  ];
}

function publicPages2(): Row[] {
  const pii = "an Elsevier/Cell PII: the DOI is on the page";
  return fromIndex([
    [
      "59151187788",
      "Cell PII with markdown-escaped parentheses",
      "[building the AI virtual cell (AIVC)](https://www.cell.com/cell/fulltext/S0092-8674\\(24\\)01332-1?_returnURL=https%3A%2F%2Flinkinghub.elsevier.com%2Fretrieve%2Fpii%",
      null,
      { note: pii },
    ],
    [
      "8072925558",
      "Cell PII, markdown link text = target",
      "[https://www.cell.com/cell/fulltext/S0092-8674(18)31353-8](https://www.cell.com/cell/fulltext/S0092-8674(18)31353-8)",
      null,
      { note: pii },
    ],
    [
      "15135062973",
      "two references: a Cell PII in <…>, then a DOI of another work",
      "A number of recent studies ([Holmes et al. (2021)](<https://www.cell.com/cell/fulltext/S0092-8674(21)00991-0>), [Worobey et al. (2022)](https://www.science.org/doi/10.1126/science.abp8715)) have provided strong evidence against it.",
      null,
      { note: "the first work is the Cell article (a PII: its page says the DOI); the later DOI is another work's" },
    ],
    [
      "15135062973",
      "APA reference without identifier",
      "Holmes, E. C., Goldstein, S. A., Rasmussen, A. L., Robertson, D. L., Crits-Christoph, A., Wertheim, J. O., ... & Rambaut, A. (2021). The origins of SARS-CoV-2: A critical review. Cell, 184(19), 4848-4856.",
      null,
    ],
    ["22421764248", "Cell PII with a fragment", "##  https://www.cell.com/cell/fulltext/S0092-8674(19)31385-6#secsectitle0190", null, { note: pii }],
    [
      "5420457596",
      "Frontiers abstract in YAML",
      "    href: https://www.frontiersin.org/articles/10.3389/fclim.2020.618644/abstract",
      doi("10.3389/fclim.2020.618644"),
    ],
    [
      "24322568096",
      "Frontiers full, sentence full stop",
      "was published with a pilot study here:\nhttps://www.frontiersin.org/articles/10.3389/fnbeh.2020.618180/full.",
      doi("10.3389/fnbeh.2020.618180"),
    ],
    [
      "58792956311",
      "Frontiers PDF in a numbered link",
      "[21](https://www.frontiersin.org/articles/10.3389/fncom.2023.1215824/pdf)",
      doi("10.3389/fncom.2023.1215824"),
    ],
    [
      "25536521",
      "doi: as markdown link text (Frontiers)",
      "[doi:10.3389/fphy.2014.00005](https://www.frontiersin.org/articles/10.3389/fphy.2014.00005/full)",
      doi("10.3389/fphy.2014.00005"),
    ],
    [
      "18437257361",
      "Frontiers link then a DOI",
      "Perspective](https://www.frontiersin.org/articles/10.3389/fmed.2021.629134/full). Front. Med. 8:629134. doi: 10.3389/fmed.2021.629134",
      doi("10.3389/fmed.2021.629134"),
    ],
    ["71645489745", "PMC (new domain)", "https://pmc.ncbi.nlm.nih.gov/articles/PMC3545223", pmcid("PMC3545223")],
    ["68546693175", "PMC in a markdown link", "[PMC10428214](https://pmc.ncbi.nlm.nih.gov/articles/PMC10428214/). Trajectories", pmcid("PMC10428214")],
    ["58250301360", "DOI and arXiv id on one line", "- **Identifier:** doi:10.1098/rsif.2012.0558 · arXiv:1203.4942", doi("10.1098/rsif.2012.0558")],
    ["55632541065", "PMC in a JS object", 'href: "https://pmc.ncbi.nlm.nih.gov/articles/PMC10070067/" },', pmcid("PMC10070067")],
    ["23542863885", "MDPI article", "[Shankar et al.](https://www.mdpi.com/2076-3417/13/6/3701).", null],
    ["71491115925", "MDPI PDF", "https://www.mdpi.com/2076-3417/15/21/11468/pdf-vor", null],
    [
      "21181232839",
      "bioRxiv in an HTML attribute",
      '<a href="https://www.biorxiv.org/content/10.1101/2021.01.20.427458v1">ImPartial</a>',
      doi("10.1101/2021.01.20.427458"),
    ],
    [
      "2977615759",
      "bioRxiv full in markdown",
      "[Cerebrovascular super-resolution 4D Flow MRI](https://www.biorxiv.org/content/10.1101/2021.08.25.457611v1.full)",
      doi("10.1101/2021.08.25.457611"),
    ],
    [
      "14329317964",
      "bioRxiv PDF in an unquoted attribute",
      "<a href = https://www.biorxiv.org/content/10.1101/2021.04.30.441514v1.full.pdf>publication</a>",
      doi("10.1101/2021.04.30.441514"),
    ],
    ["33136088629", "bioRxiv v2 full", "[ESM2](https://www.biorxiv.org/content/10.1101/2021.07.09.450648v2.full) uses", doi("10.1101/2021.07.09.450648")],
    ["44519167", "JAMA article number", "[5] https://jamanetwork.com/journals/jama/fullarticle/1104511 <br />", null],
    [
      "24149906542",
      "JAMA in an HTML attribute",
      '<a href="https://jamanetwork.com/journals/jama/fullarticle/2780562" style="color:#006d2c" target="_blank">Al Kaabi; JAMA 2021</a>',
      null,
    ],
    ["22362120", "eLife in a MATLAB comment", "%             https://elifesciences.org/articles/61408", null, page(doi("10.7554/eLife.61408"))],
    ["56789872965", "eLife in <…>", "eLife 2023;12:e85492. <https://elifesciences.org/articles/85492>", null, page(doi("10.7554/eLife.85492"))],
    ["12284643870", "arXiv HTML in a footnote", "[^1_29]: https://arxiv.org/html/2503.14910v1", ax("2503.14910")],
    ["61423982268", "arXiv in a markdown link", "**arXiv**: [2601.13503](https://arxiv.org/abs/2601.13503)", ax("2601.13503")],
    ["20203438038", "arXiv in prose", "This is our solver for a parity game, based on https://arxiv.org/abs/1904.12446 ", ax("1904.12446")],
    ["71654291898", "not an arXiv id", '            url="https://arxiv.org/abs/quant-coherence",', null],
  ]);
}

// ---------------------------------------------------------------------------

const sources: [string, () => Row[]][] = [
  ["idutils", idutils],
  ["python-doi", pythonDoi],
  ["bolognese", bolognese],
  ["manubot", manubot],
  ["citation-js", citationJs],
  ["zotero-utilities", zoteroUtilities],
  ["zotero-client", zoteroClient],
  ["oadoi", oadoi],
  ["event-data-reverse", eventDataReverse],
  ["jabref", jabref],
  ["public-pages", publicPages],
  ["constructed", constructed],
];
const secondRound: [string, () => Row[]][] = [
  ["metapub-urlreverse", metapubUrlreverse],
  ["metapub-findit", metapubFindit],
  ["public-pages-2", publicPages2],
];
for (const [dir, round] of [
  [OUT, sources],
  [`${OUT}2`, secondRound],
] as const) {
  mkdirSync(dir, { recursive: true });
  let total = 0;
  for (const [name, build] of round) {
    const rows = build();
    total += rows.length;
    writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(rows, null, 1) + "\n");
    const inText = rows.filter((r) => r.expected !== null).length;
    console.log(`${name}: ${rows.length} rows (${inText} with the identifier in the text, ${rows.length - inText} needing the page)`);
  }
  console.log(`${path.basename(dir)} total: ${total}`);
}
