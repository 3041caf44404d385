/**
 * Turns whatever a user pastes into the "article link or DOI" box into
 * identifiers. Pure: no network, no clock, no randomness.
 *
 * Rules, in order:
 * 1. The text is cleaned (invisible bidi marks removed, whitespace collapsed)
 *    and, for matching only, Persian/Arabic digits and typographic dashes are
 *    folded to ASCII. The title keeps the user's own characters.
 * 2. The whole input is checked for forms that are only meaningful alone
 *    (see `identifyWholeInput`): bare digits, a bare ISBN, a bare arXiv id.
 * 3. Otherwise the FIRST identifier in the text wins: a URL, a DOI, an
 *    arXiv/PMID/PMCID/ISBN with its label, or an ISBN-13 without one.
 * 4. A URL yields an identifier by, in order: the exact host rule of
 *    `HOST_RULES` (resolvers, arXiv, PubMed, hosts whose URL is a fixed
 *    function of the DOI); a query value that is wholly a DOI (`doi=`, `id=`,
 *    `persistentId=doi:`…); a path segment that starts a DOI (`10.NNNN/…`, on
 *    any host), ending where a known non-DOI tail starts (see
 *    `doiInPublisherPath`); an ISBN-13 standing as a token of the link, or an
 *    ISBN labelled isbn (see `isbnInUrl`). Never by guessing: an opaque id (Nature legacy id,
 *    IEEE number, PII, Handle) leaves kind "url" and the pipeline reads the
 *    landing page's citation_doi.
 * 5. Nothing recognised: kind "title" with the cleaned text.
 */
import { toLatinDigits } from "./digits";
import type { IdentifyResult } from "./identify-result";

export type { IdentifyKind, IdentifyResult } from "./identify-result";

type Ids = Omit<IdentifyResult, "kind">;

function result(kind: IdentifyResult["kind"], ids: Partial<Ids> = {}): IdentifyResult {
  return {
    kind,
    doi: ids.doi ?? null,
    arxiv: ids.arxiv ?? null,
    pmid: ids.pmid ?? null,
    pmcid: ids.pmcid ?? null,
    isbn: ids.isbn ?? null,
    url: ids.url ?? null,
    title: ids.title ?? null,
  };
}

// ---------------------------------------------------------------------------
// Text normalisation

// Marks that RTL editors and PDF viewers slip into copied text, and the
// replacement character U+FFFD that a broken decoding leaves. ZWNJ (U+200C)
// is kept: it is part of Persian spelling.
const INVISIBLE_CHARS = /[\u00ad\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff\ufffd]/g;

function cleanText(input: string): string {
  return input.replace(INVISIBLE_CHARS, "").replace(/\s+/g, " ").trim();
}

/**
 * Persian (U+06F0..) and Arabic-Indic (U+0660..) digits to ASCII, the Arabic
 * decimal separator to ".", typographic dashes to "-", ZWNJ/ZWJ to a space.
 * Every replacement is one UTF-16 unit for one, so indexes into the folded
 * text stay valid.
 */
function foldForMatching(s: string): string {
  return (
    toLatinDigits(s)
      .replace(/\u066b/g, ".")
      .replace(/[\u2010-\u2015\u2212]/g, "-")
      // ZWNJ/ZWJ join Persian letters; next to an id they are only a separator.
      .replace(/[\u200c\u200d]/g, " ")
  );
}

function safeDecode(s: string): string {
  if (!/%[0-9a-f]{2}/i.test(s)) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

// Always-trailing punctuation (Latin and Persian) that is never part of an id.
const TRAILING_JUNK = new Set([".", ",", ";", ":", "!", "?", "،", "؛", "؟", "»", "«", "”", "’", "“", "‘", "…"]);
const CLOSER_TO_OPENER: Record<string, string> = { ")": "(", "]": "[", "}": "{", ">": "<" };

function countChar(s: string, ch: string): number {
  let n = 0;
  for (const c of s) if (c === ch) n++;
  return n;
}

/**
 * Where an identifier or URL token copied from markup or prose ends, at the
 * latest: a double quote or backtick (never in a DOI or a URL unescaped), an
 * HTML closing tag `</`, or the first closing bracket that no bracket inside
 * the token opened, as in `[10.1/x](https://…)`, `(DOI:10.1/x)/S/URI` or
 * `<https://…>`. The brackets of a DOI's own text are balanced
 * (`(SICI)1097-4636(199706)35:4<431::AID-JBM4>`), so they are kept.
 */
function cutAtTokenEnd(s: string): string {
  const open: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charAt(i);
    if (c === '"' || c === "`" || (c === "<" && s.charAt(i + 1) === "/")) return s.slice(0, i);
    if (c === "(" || c === "[" || c === "{" || c === "<") open.push(c);
    const opener = CLOSER_TO_OPENER[c];
    if (opener !== undefined) {
      if (open.at(-1) !== opener) return s.slice(0, i);
      open.pop();
    }
  }
  return s;
}

/**
 * Strips trailing punctuation picked up from prose. Closing brackets and
 * quotes go only when unbalanced, so SICI DOIs such as
 * 10.1002/(SICI)1097-4636(199706)35:4<431::AID-JBM4>3.0.CO;2-C survive.
 */
function trimTrailingPunctuation(s: string): string {
  let t = s;
  for (;;) {
    const last = t.at(-1);
    if (last === undefined) return t;
    if (TRAILING_JUNK.has(last)) {
      t = t.slice(0, -1);
      continue;
    }
    const opener = CLOSER_TO_OPENER[last];
    if (opener !== undefined && countChar(t, last) > countChar(t, opener)) {
      t = t.slice(0, -1);
      continue;
    }
    if ((last === '"' || last === "'") && countChar(t, last) % 2 === 1) {
      t = t.slice(0, -1);
      continue;
    }
    return t;
  }
}

// ---------------------------------------------------------------------------
// DOI

const DOI_AT_START = /^10\.\d{4,9}(?:\.\d+)*\/\S+/;
// ISBN-A: the ISBN-13 as a DOI, 10.978.<group+registrant>/<publication+check>.
const ISBN_A_AT_START = /^10\.(97[89])\.(\d+)\/(\d+)(?![\w])/;

/**
 * Cuts what follows a DOI in a link or prose but is not part of it: a query
 * (`?utm_…`, `?journalcode=…`) and a fragment (`#.wlw5…`). The DOI Handbook
 * makes `?` and `#` mandatory to escape inside a DOI; the one exception kept
 * is the SICI check character `#` at the very end (…3.0.CO;2-#).
 */
function cutQueryAndFragment(s: string): string {
  let t = s;
  const q = t.indexOf("?");
  if (q > 0) t = t.slice(0, q);
  for (let i = t.indexOf("#"); i >= 0; i = t.indexOf("#", i + 1)) {
    const siciCheckChar = /;\d+-$/.test(t.slice(0, i)) && trimTrailingPunctuation(t.slice(i + 1)) === "";
    if (!siciCheckChar) return t.slice(0, i);
  }
  return t;
}

function isbnADoi(t: string): string | null {
  const m = ISBN_A_AT_START.exec(t);
  if (!m) return null;
  return toIsbn13(`${m[1]}${m[2]}${m[3]}`) !== null && `${m[1]}${m[2]}${m[3]}`.length === 13 ? m[0] : null;
}

/**
 * Returns the DOI in `s` lower-cased and without trailing prose punctuation,
 * or null. Accepts resolver prefixes (doi.org, dx.doi.org), `doi:`,
 * `info:doi/`, `urn:doi:`, URL-encoding and BibTeX's escaped `\_`.
 * `fromUrlPath`: `s` is an already decoded URL path or query value, whose
 * query and fragment were split off before decoding, so a `?` or `#` in it
 * is the DOI's own (encoded as %3F/%23 in the link).
 */
export function normalizeDoi(s: string, fromUrlPath = false): string | null {
  let t = safeDecode(foldForMatching(cleanText(s)));
  t = t.replace(/^(?:https?:\/\/)?(?:www\.|dx\.)?doi\.org\//i, "");
  t = t.replace(/^(?:(?:info|urn):)?doi\s*[:/]\s*/i, "");
  const isbnA = isbnADoi(t);
  if (isbnA !== null) return isbnA;
  const match = DOI_AT_START.exec(t);
  if (!match) return null;
  // LaTeX escapes (\_ \& \% \#) from a .bib file: a DOI never holds a backslash before them.
  const raw = cutAtTokenEnd(match[0].replace(/\\([_&%#$])/g, "$1"));
  const doi = trimTrailingPunctuation(fromUrlPath ? raw : cutQueryAndFragment(raw));
  if (!/^10\.\d{4,9}(?:\.\d+)*\/./.test(doi)) return null;
  return doi.toLowerCase();
}

// ---------------------------------------------------------------------------
// arXiv

// New style (April 2007 on): YYMM.NNNN until 1412, YYMM.NNNNN from 1501.
const ARXIV_NEW = String.raw`\d{4}\.\d{4,5}`;
// Old style: archive(.SubjectClass)/YYMMNNN, e.g. hep-th/9901001, math.GT/0309136.
const ARXIV_OLD = String.raw`[a-z]+(?:-[a-z]+)*(?:\.[a-z]{2})?\/\d{7}`;
// A new-style id behind a redundant archive, as INSPIRE and idutils write it: hep-th/1601.07616.
const ARXIV_CLASSED_NEW = String.raw`[a-z]+(?:-[a-z]+)*(?:\.[a-z]{2})?\/\d{4}\.\d{4,5}`;
const ARXIV_ID = String.raw`(?:${ARXIV_NEW}|${ARXIV_CLASSED_NEW}|${ARXIV_OLD})`;
// Every archive an old-style id can name (arXiv's list, including the retired ones).
const ARXIV_ARCHIVES = [
  "acc-phys",
  "adap-org",
  "alg-geom",
  "ao-sci",
  "astro-ph",
  "atom-ph",
  "bayes-an",
  "chao-dyn",
  "chem-ph",
  "cmp-lg",
  "comp-gas",
  "cond-mat",
  "cs",
  "dg-ga",
  "funct-an",
  "gr-qc",
  "hep-ex",
  "hep-lat",
  "hep-ph",
  "hep-th",
  "math",
  "math-ph",
  "mtrl-th",
  "nlin",
  "nucl-ex",
  "nucl-th",
  "patt-sol",
  "physics",
  "plasm-ph",
  "q-alg",
  "q-bio",
  "quant-ph",
  "solv-int",
  "supr-con",
].join("|");
// Archives created with the new-style ids (2007 on): they appear only in a category, e.g. [stat.ML].
const ARXIV_CATEGORY_ARCHIVES = `${ARXIV_ARCHIVES}|econ|eess|q-fin|stat`;

/**
 * Canonical arXiv id without version, or null when the id is not well formed.
 * The version is dropped on purpose: one paper is one fetch job, and the
 * latest version is what is fetched. An old-style subject class
 * (math.GT/0309136) is dropped too; arXiv's canonical id is math/0309136.
 */
function canonicalArxivId(raw: string): string | null {
  const id = raw.replace(/v\d+$/i, "");
  const classed = /^[a-z]+(?:-[a-z]+)*(?:\.[a-z]{2})?\/(\d{4}\.\d{4,5})$/i.exec(id);
  if (classed?.[1]) return canonicalArxivId(classed[1]);
  const modern = /^(\d{4})\.(\d{4,5})$/.exec(id);
  if (modern) {
    const yymm = Number(modern[1]);
    const month = yymm % 100;
    if (month < 1 || month > 12 || yymm < 704) return null;
    const serialDigits = yymm >= 1501 ? 5 : 4;
    return modern[2]?.length === serialDigits ? id : null;
  }
  const old = /^([a-z]+(?:-[a-z]+)*)(?:\.[a-z]{2})?\/(\d{7})$/i.exec(id);
  if (old) {
    const month = Number(old[2]?.slice(2, 4));
    if (month < 1 || month > 12) return null;
    return `${old[1]?.toLowerCase()}/${old[2]}`;
  }
  return null;
}

function arxivResult(id: string, url: string | null): IdentifyResult {
  return result("arxiv", { arxiv: id, doi: `10.48550/arxiv.${id}`, url });
}

/** A DOI found anywhere becomes an arXiv result when it is an arXiv DOI. */
function resultForDoi(rawDoi: string, url: string | null): IdentifyResult | null {
  // A DOI read from a URL came out of its decoded path or query value.
  const doi = normalizeDoi(rawDoi, url !== null);
  if (doi === null) return null;
  const arxivDoi = /^10\.48550\/arxiv\.(.+)$/.exec(doi);
  if (arxivDoi) {
    const id = canonicalArxivId(arxivDoi[1] ?? "");
    if (id !== null) return arxivResult(id, url);
  }
  // An ISBN-A is the ISBN written as a DOI (10.978.88-98392/315 is ISBN 978-88-98392-31-5): both are exact.
  const isbnA = ISBN_A_AT_START.exec(doi);
  const isbn = isbnA ? toIsbn13(`${isbnA[1]}${isbnA[2]}${isbnA[3]}`) : null;
  return result("doi", { doi, url, ...(isbn !== null ? { isbn } : {}) });
}

// ---------------------------------------------------------------------------
// ISBN

function isbnCharacters(s: string): string | null {
  const compact = foldForMatching(s)
    .replace(/^isbn(?:-?1[03])?:?/i, "")
    .replace(/[\s-]/g, "")
    .toUpperCase();
  return /^(?:\d{9}[\dX]|\d{13})$/.test(compact) ? compact : null;
}

function isbn10CheckOk(d: string): boolean {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const c = d[i];
    const value = c === "X" ? 10 : Number(c);
    if (c === "X" && i !== 9) return false;
    sum += (10 - i) * value;
  }
  return sum % 11 === 0;
}

function isbn13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/**
 * An ISBN-13 written by putting 978 before an ISBN-10 and keeping the ISBN-10's check digit
 * (978-0-13-814757-4 for 0-13-814757-4, whose ISBN-13 is 978-0-13-814757-0): the book's
 * ISBN-13, only when the 13 digits fail their own check and the last 10 pass the ISBN-10 check.
 */
export function isbn10Behind978(s: string): string | null {
  const d = foldForMatching(s).replace(/[\s-]/g, "").toUpperCase();
  if (!/^978\d{9}[\dX]$/.test(d) || toIsbn13(d) !== null) return null;
  return toIsbn13(d.slice(3));
}

/** True for a checksum-valid ISBN-10 or ISBN-13 (978/979), hyphens and spaces allowed. */
export function isValidIsbn(s: string): boolean {
  return toIsbn13(s) !== null;
}

/** The ISBN as 13 digits, converting an ISBN-10; null when not a valid ISBN. */
export function toIsbn13(s: string): string | null {
  const d = isbnCharacters(s);
  if (d === null) return null;
  if (d.length === 10) {
    if (!isbn10CheckOk(d)) return null;
    const first12 = "978" + d.slice(0, 9);
    return first12 + String(isbn13CheckDigit(first12));
  }
  if (!/^97[89]/.test(d)) return null;
  return isbn13CheckDigit(d.slice(0, 12)) === Number(d[12]) ? d : null;
}

/**
 * The first valid ISBN at the start of a run like "978-3-16-148410-0 (pbk)"
 * or "0 306 40615 2, 1999": digits are taken one by one and the run is cut
 * where 13 (preferred) or 10 of them form a valid ISBN.
 */
function isbnAtStartOfRun(run: string): string | null {
  let digits = "";
  let best: string | null = null;
  for (const ch of run) {
    if (ch === "-" || ch === " ") continue;
    if (!/[0-9Xx]/.test(ch)) break;
    digits += ch.toUpperCase();
    if (digits.length === 10) best = toIsbn13(digits);
    if (digits.length === 13) {
      const thirteen = toIsbn13(digits);
      if (thirteen !== null) return thirteen;
      break;
    }
    if (ch === "X" || ch === "x") break;
  }
  return best;
}

// ---------------------------------------------------------------------------
// URLs and the host table

interface UrlParts {
  /** Lower-case host without a leading "www." */
  host: string;
  /** Percent-decoded path without trailing slashes ("" for the root). */
  path: string;
  query: URLSearchParams;
}

type Found = { doi: string } | { arxiv: string } | { pmid: string } | { pmcid: string } | { isbn: string };

interface HostRule {
  publisher: string;
  /** Exact hosts (www. removed); "*.example.org" also matches every subdomain. */
  hosts: readonly string[];
  /** Exact extraction for this host; null means "read the landing page". */
  find: (u: UrlParts) => Found | null;
}

const DOI_PATTERN = String.raw`10\.\d{4,9}(?:\.\d+)*\/`;

/** A rule that takes group 1 of `re` (matched against the decoded path) as the DOI. */
function doiInPath(re: RegExp): (u: UrlParts) => Found | null {
  return (u) => {
    const m = re.exec(u.path);
    return m?.[1] ? { doi: m[1] } : null;
  };
}

/** A rule that builds the DOI from a fixed prefix and group 1 of `re`. */
function doiFromSuffix(re: RegExp, prefix: string): (u: UrlParts) => Found | null {
  return (u) => {
    const m = re.exec(u.path);
    return m?.[1] ? { doi: prefix + m[1] } : null;
  };
}

/** Tries rules in order. */
function firstOf(...finders: ((u: UrlParts) => Found | null)[]): (u: UrlParts) => Found | null {
  return (u) => {
    for (const find of finders) {
      const found = find(u);
      if (found) return found;
    }
    return null;
  };
}

const noDoiInUrl = (): Found | null => null;

/**
 * Nature's article id is the DOI suffix with its dots removed: s41586-020-2649-2,
 * nature12968, ncomms1234 and ng.3097 are their DOI suffixes, but the legacy
 * ids of journals whose DOIs read <code>.<year>.<number> lose the dots
 * (onc2011282 is 10.1038/onc.2011.282, sdata201618 is 10.1038/sdata.2016.18).
 * Where the dots went cannot be known from the id, so an undotted
 * letters+digits id whose digits start like a year (19xx, 20xx) is left to
 * the landing page. So is an id that starts with a digit: the old "sj."
 * journals drop their prefix and add a file letter (ejhg/…/5200459a.pdf is
 * 10.1038/sj.ejhg.5200459), which no rule can tell from Nature's own numeric
 * DOIs (10.1038/427016b). Any other id is its DOI suffix exactly.
 */
function natureDoi(re: RegExp): (u: UrlParts) => Found | null {
  return (u) => {
    const id = re.exec(u.path)?.[1];
    if (!id) return null;
    if (/^\d/.test(id) || /^[a-z]+(?:19|20)\d{2}\d+[a-z]?$/i.test(id)) return null;
    return { doi: `10.1038/${id}` };
  };
}

// A path segment that a DOI's suffix never continues into: the page's view
// (Wiley's /doi/<doi>/abstract, IOP's /article/<doi>/pdf, Atypon's
// /doi/<doi>/suppl_file/x, a journal's /journal/<its DOI>/issues).
const VIEW_SEGMENT =
  /^(?:abstract|full|fulltext|html|pdf|epdf|epub|ampdf|meta|summary|references|suppinfo|supplemental|suppl_file|citedby|cited-by|figures|tables|metrics|data|media|info|comments|reader|download|view|issues|homepage)(?:\.(?:html?|pdf|xml))?$/i;
// A title slug after the DOI (nomos-elibrary.de/<doi>/criminal-law-issues-…,
// taylorfrancis.com/books/mono/<doi>/application-nanomaterials-…,
// universitypressscholarship.com/view/<doi>/acprof-9780199299591): words
// joined by hyphens, one of them of 3+ letters, no dot, colon, parenthesis or
// underscore as DOI suffixes have.
const SLUG_SEGMENT = /^(?=[^/]*[a-z]{3})[a-z0-9]+(?:-[a-z0-9]+)+$/i;
// A part of a book on Oxford's platforms, after the book's DOI: <product>-<ISBN>-e-<n> (an entry),
// <product>-<ISBN>-chapter-<n>.
const OXFORD_PART = /^[a-z]+-97[89]\d{10}-(?:e|chapter)-\d+$/i;
// Silverchair (OUP, ASH, …): /<journal>/article[-abstract]/doi/<doi>/<article id>[/<slug>].
const SILVERCHAIR_PATH = /\/(?:advance-)?article(?:-abstract|-pdf|-lookup)?\/doi\//i;

/**
 * The DOI standing in a publisher's path: from a segment that starts
 * `10.NNNN` (or `doi:10.NNNN`) to where a known non-DOI tail starts: a
 * `;jsessionid=`, a view segment, a title slug, Silverchair's numeric article
 * id, a trailing `.pdf`. The first suffix segment is always kept. Not on
 * Crossref's test prefix 10.5555 (a placeholder there).
 */
function doiInPublisherPath(path: string): string | null {
  const p = path.replace(/;jsessionid=.*$/i, "");
  const m = /(?:^|\/)(?:doi:)?(10\.\d{4,9}(?:\.\d+)*)\/(.+)$/i.exec(p);
  if (!m?.[1] || !m[2]) return null;
  // 10.5555 is Crossref's test prefix: a site that puts it in its own paths uses it as a placeholder
  // for work without a DOI (ACM's Digital Library, Aluka), so the page has to say.
  if (m[1] === "10.5555") return null;
  const [first, ...rest] = m[2].split("/");
  const kept = [first];
  const silverchair = SILVERCHAIR_PATH.test(p);
  for (const segment of rest) {
    // Oxford's platforms put a part of a book after the book's DOI (…9780199546572.001.0001/
    // acref-9780199546572-e-0009, …/acprof-9780199299591-chapter-3): the page is the part, whose
    // own DOI is on it, not the book.
    if (OXFORD_PART.test(segment)) return null;
    if (VIEW_SEGMENT.test(segment) || SLUG_SEGMENT.test(segment) || (silverchair && /^\d+$/.test(segment))) break;
    kept.push(segment);
  }
  const suffix = kept.join("/").replace(/\.pdf$/i, "");
  return suffix === "" ? null : `${m[1]}/${suffix}`;
}

const publisherPathDoi = (u: UrlParts): Found | null => {
  const doi = doiInPublisherPath(u.path);
  return doi === null ? null : { doi };
};

// A query value that is wholly a DOI, bare or behind a resolver prefix:
// ?doi=10.…, ?id=10.…, ?persistentId=doi:10.…, ?rft_id=info:doi/10.…
const DOI_QUERY_VALUE = /^(?:(?:https?:\/\/)?(?:dx\.)?doi\.org\/|(?:(?:info|urn):)?doi[:/])?\s*(10\.\d{4,9}(?:\.\d+)*\/\S+)$/i;

const queryValueDoi = (u: UrlParts): Found | null => {
  for (const [key, value] of u.query) {
    // A query that is wholly a DOI, without a key: Thieme's /DOI/DOI?10.1055/s-0038-1636965.
    const m = DOI_QUERY_VALUE.exec((value === "" ? key : value).trim());
    if (m?.[1]) return { doi: m[1] };
  }
  return null;
};

/**
 * An ISBN standing in a link, on any host: an ISBN-13 (978/979, valid check
 * digit) as a whole token of the path or query, hyphens inside it allowed
 * (/book/9780262037310/slug, ?docid=b-9781474208642, …-2010_9789264086968-en),
 * or an ISBN-10 labelled isbn (?isbn=0262033844, /isbn/0-262-03384-4). Ten
 * digits without the label are not taken: they are an article number as often
 * as a book. Digits glued to letters or other digits (a PII such as
 * B9780123694683500083, RSC's bk9781849730518-00330) are a longer id. Not on
 * a chapter's or a page's link: there the ISBN is the whole book's.
 */
const isbnInUrl = (u: UrlParts): Found | null => {
  const query = [...u.query].map(([k, v]) => `${k}=${v}`).join("&");
  const text = `${u.path}?${query}`;
  // A part of a book (a chapter, an entry): the ISBN in its link is the book's, and the part's own
  // id is on its page. A link with a DOI is about the DOI's work: an ISBN there is inside the DOI.
  if (/(?:^|[/_.-])chapters?(?:$|[/_.?-])/i.test(u.path) || /(?:^|[/=:])10\.\d{4,9}(?:\.\d+)*\//.test(text)) return null;
  const labelled = /(?:^|[/?&=._-])isbn(?:[-_]?1[03])?[=/:_-]+([0-9][0-9-]{8,15}[0-9Xx])(?![\dA-Za-z])/i.exec(text)?.[1];
  if (labelled !== undefined && toIsbn13(labelled) !== null) return { isbn: labelled };
  const joined = text.replace(/(?<=\d)-(?=\d)/g, "");
  for (const m of joined.matchAll(/(?<![\dA-Za-z])97[89]\d{10}(?![\dA-Za-z])/g)) {
    // …or a page or an entry of the book (Cairn's …--9782728835904-p-111.htm, Oxford's acref-<ISBN>-e-9).
    if (/^-(?:p|page|e|chapter)-\d/i.test(joined.slice(m.index + 13))) return null;
    if (toIsbn13(m[0]) !== null) return { isbn: m[0] };
  }
  return null;
};

const arxivInPath = (u: UrlParts): Found | null => {
  const m = new RegExp(String.raw`^\/(?:abs|pdf|html|format|ps|src)\/(${ARXIV_ID})(?:v\d+)?(?:\.pdf)?(?:\/.*)?$`, "i").exec(u.path);
  return m?.[1] ? { arxiv: m[1] } : null;
};

const pmidInPath =
  (re: RegExp) =>
  (u: UrlParts): Found | null => {
    const m = re.exec(u.path);
    return m?.[1] ? { pmid: m[1] } : null;
  };

/** PubMed's search for a bare number opens that record: ?term=21249754. */
const pmidInTerm =
  (pathRe: RegExp) =>
  (u: UrlParts): Found | null => {
    const term = u.query.get("term")?.trim();
    return pathRe.test(u.path) && term && /^\d{1,8}$/.test(term) ? { pmid: term } : null;
  };

const pmcidInPath =
  (re: RegExp) =>
  (u: UrlParts): Found | null => {
    const m = re.exec(u.path);
    return m?.[1] ? { pmcid: m[1] } : null;
  };

/**
 * Host → exact extraction rule, tried before the general rules (a query value
 * that is a DOI, a DOI in the path: `queryValueDoi`, `doiInPublisherPath`),
 * which apply to every host. Only patterns that are a documented or
 * platform-wide convention of that host are here; hosts whose URLs carry no
 * DOI (PII, article numbers, hashes) are listed with `noDoiInUrl` so the
 * decision is visible. Publishers listed with `publisherPathDoi` need nothing
 * beyond the general rule; they are listed so a schemeless link to them in
 * prose is recognised.
 */
export const HOST_RULES: readonly HostRule[] = [
  // DOI resolvers: the path is the DOI. A DOI is a handle under prefix 10.
  {
    publisher: "DOI resolver",
    hosts: ["doi.org", "dx.doi.org", "doi.wiley.com", "dx.plos.org", "doi.acm.org", "doi.ieeecomputersociety.org"],
    find: doiInPath(new RegExp(String.raw`^\/(?:(?:urn:)?doi:|info:doi\/)?(${DOI_PATTERN}.+)$`, "i")),
  },
  { publisher: "Handle System", hosts: ["hdl.handle.net"], find: doiInPath(new RegExp(String.raw`^\/(${DOI_PATTERN}.+)$`)) },
  {
    publisher: "Crossref API",
    hosts: ["api.crossref.org"],
    find: doiInPath(new RegExp(String.raw`^\/(?:v1\/)?works\/(${DOI_PATTERN}.+?)(?:\/agency)?$`, "i")),
  },

  // Springer Nature
  {
    publisher: "Springer",
    hosts: ["link.springer.com"],
    // /article/<doi>, /chapter/<doi>, /content/pdf/<doi>.pdf, /<doi>, /article/<doi>/fulltext.html
    find: publisherPathDoi,
  },
  {
    publisher: "Springer (book catalogue)",
    hosts: ["springer.com"],
    find: (u) => {
      const m = /^\/(?:[a-z]{2}\/)?book\/(97[89]\d{10})$/i.exec(u.path);
      return m?.[1] ? { isbn: m[1] } : null;
    },
  },
  {
    publisher: "BMC / SpringerOpen",
    hosts: ["*.biomedcentral.com", "*.springeropen.com"],
    find: doiInPath(new RegExp(String.raw`^\/(?:articles|track\/pdf)\/(${DOI_PATTERN}[^/]+)(?:\/.*)?$`, "i")),
  },
  {
    publisher: "Nature",
    hosts: ["nature.com"],
    find: firstOf(
      natureDoi(/^\/articles\/([a-z0-9][a-z0-9._-]*?)(?:\.pdf)?(?:\/.*)?$/i),
      doiInPath(new RegExp(String.raw`^\/doifinder\/(${DOI_PATTERN}.+)$`, "i")),
      // Pre-2013 links: /nature/journal/v505/n7484/full/nature12968.html
      natureDoi(/^\/[a-z0-9]+\/journal\/v\d+\/n[a-z0-9]+\/(?:full|abs|pdf)\/([a-z0-9._-]+?)\.(?:html|pdf)$/i),
    ),
  },

  // Atypon-hosted publishers: /doi/{view}/{doi}, /doi/{doi}/{view}: the general path rule
  { publisher: "Wiley", hosts: ["*.onlinelibrary.wiley.com"], find: publisherPathDoi },
  { publisher: "Taylor & Francis", hosts: ["tandfonline.com"], find: publisherPathDoi },
  { publisher: "ACS", hosts: ["pubs.acs.org"], find: publisherPathDoi },
  { publisher: "SAGE", hosts: ["journals.sagepub.com"], find: publisherPathDoi },
  { publisher: "Science (AAAS)", hosts: ["science.org"], find: publisherPathDoi },
  { publisher: "PNAS", hosts: ["pnas.org"], find: publisherPathDoi },
  { publisher: "NEJM", hosts: ["nejm.org"], find: publisherPathDoi },
  { publisher: "Royal Society", hosts: ["royalsocietypublishing.org"], find: publisherPathDoi },
  { publisher: "ASCE", hosts: ["ascelibrary.org"], find: publisherPathDoi },
  { publisher: "ACM", hosts: ["dl.acm.org"], find: publisherPathDoi },
  { publisher: "SIAM", hosts: ["epubs.siam.org"], find: publisherPathDoi },
  { publisher: "World Scientific", hosts: ["worldscientific.com"], find: publisherPathDoi },
  { publisher: "Annual Reviews", hosts: ["annualreviews.org"], find: publisherPathDoi },
  { publisher: "American Heart Association", hosts: ["ahajournals.org"], find: publisherPathDoi },
  { publisher: "ASM", hosts: ["journals.asm.org"], find: publisherPathDoi },
  { publisher: "Mary Ann Liebert", hosts: ["liebertpub.com"], find: publisherPathDoi },
  { publisher: "American Physiological Society", hosts: ["journals.physiology.org"], find: publisherPathDoi },
  { publisher: "RSNA", hosts: ["pubs.rsna.org"], find: publisherPathDoi },
  { publisher: "Karger", hosts: ["karger.com"], find: publisherPathDoi },
  { publisher: "Future Science / Future Medicine", hosts: ["future-science.com", "futuremedicine.com"], find: publisherPathDoi },
  { publisher: "INFORMS", hosts: ["pubsonline.informs.org"], find: publisherPathDoi },
  { publisher: "American Meteorological Society", hosts: ["journals.ametsoc.org"], find: publisherPathDoi },

  // Other platforms with the DOI in the path
  {
    publisher: "APS",
    hosts: ["journals.aps.org"],
    find: doiInPath(new RegExp(String.raw`^\/[a-z]+\/(?:abstract|pdf|supplemental|references|cited-by|export)\/(${DOI_PATTERN}.+)$`, "i")),
  },
  {
    publisher: "IOP Publishing",
    hosts: ["iopscience.iop.org"],
    find: doiInPath(new RegExp(String.raw`^\/article\/(${DOI_PATTERN}.+?)(?:\/(?:pdf|meta|ampdf|data|fulltext|epub))?$`, "i")),
  },
  {
    publisher: "Oxford University Press",
    hosts: ["academic.oup.com"],
    find: doiInPath(new RegExp(String.raw`\/article-lookup\/doi\/(${DOI_PATTERN}.+)$`, "i")),
  },
  {
    publisher: "Emerald",
    hosts: ["emerald.com"],
    find: doiInPath(new RegExp(String.raw`^\/insight\/content\/doi\/(${DOI_PATTERN}[^/]+)(?:\/.*)?$`, "i")),
  },
  {
    publisher: "De Gruyter",
    hosts: ["degruyter.com", "degruyterbrill.com"],
    find: doiInPath(new RegExp(String.raw`^\/document\/doi\/(${DOI_PATTERN}[^/]+)(?:\/.*)?$`, "i")),
  },
  {
    publisher: "Frontiers",
    hosts: ["frontiersin.org"],
    find: doiInPath(new RegExp(String.raw`^\/(?:journals\/[^/]+\/)?articles\/(${DOI_PATTERN}[^/]+)(?:\/.*)?$`, "i")),
  },
  {
    publisher: "PLOS",
    hosts: ["*.plos.org", "plosone.org"],
    find: firstOf(queryValueDoi, doiInPath(new RegExp(String.raw`info:doi\/(${DOI_PATTERN}.+)$`, "i"))),
  },
  {
    // bioRxiv/medRxiv DOIs are 10.1101/NNNNNN or 10.1101/YYYY.MM.DD.NNNNNN;
    // the URL adds a version (v2) and a view (.full.pdf) that are not part of it.
    publisher: "bioRxiv / medRxiv",
    hosts: ["biorxiv.org", "medrxiv.org"],
    find: firstOf(
      doiInPath(/^\/content\/(10\.1101\/(?:\d{4}\.\d{2}\.\d{2}\.)?\d{6,})(?:v\d+)?(?:[./].*)?$/i),
      // Pre-2019 links: /content/early/2017/08/31/087619(.full.pdf) for 10.1101/087619.
      doiFromSuffix(/^\/content\/early\/\d{4}\/\d{2}\/\d{2}\/(\d{6})(?:\.[a-z.+]+)?$/i, "10.1101/"),
    ),
  },
  {
    publisher: "Thieme",
    hosts: ["thieme-connect.com", "thieme-connect.de"],
    find: doiInPath(/^\/products\/ejournals\/(?:abstract|html|pdf)\/(10\.1055\/[^/]+?)(?:\.pdf)?$/i),
  },
  {
    publisher: "JSTOR",
    hosts: ["jstor.org"],
    // Only the explicit /stable/10.xxxx/… form: a bare /stable/<n> has no DOI for every item.
    find: doiInPath(new RegExp(String.raw`^\/stable\/(?:pdf\/)?(${DOI_PATTERN}.+?)(?:\.pdf)?$`, "i")),
  },
  {
    publisher: "APA PsycNet",
    hosts: ["psycnet.apa.org"],
    find: doiInPath(new RegExp(String.raw`^\/doi(?:landing)?\/(${DOI_PATTERN}.+)$`, "i")),
  },

  // Hosts whose article URL is a fixed function of the DOI suffix
  {
    publisher: "BMJ",
    hosts: ["bmj.com"],
    find: doiFromSuffix(/^\/content\/\d+\/(bmj\.[a-z]\d+)(?:\.(?:full|abstract|long|short)(?:\.pdf)?)?$/i, "10.1136/"),
  },
  { publisher: "eLife", hosts: ["elifesciences.org"], find: doiFromSuffix(/^\/articles\/(\d{4,6})(?:\/.*)?$/, "10.7554/eLife.") },
  { publisher: "PeerJ", hosts: ["peerj.com"], find: doiFromSuffix(/^\/articles\/(\d+)$/, "10.7717/peerj.") },
  {
    publisher: "Hindawi",
    hosts: ["hindawi.com"],
    find: (u) => {
      const m = /^\/journals\/[a-z0-9]+\/(\d{4})\/(\d{6,7})$/i.exec(u.path);
      return m ? { doi: `10.1155/${m[1]}/${m[2]}` } : null;
    },
  },
  {
    publisher: "RSC",
    hosts: ["pubs.rsc.org"],
    find: doiFromSuffix(/^\/(?:[a-z]{2}\/)?content\/(?:articlelanding|articlehtml|articlepdf)\/\d{4}\/[a-z0-9]+\/([a-z0-9]+)$/i, "10.1039/"),
  },
  {
    publisher: "Copernicus",
    hosts: ["*.copernicus.org"],
    find: (u) => {
      const journal = /^([a-z0-9-]+)\.copernicus\.org$/.exec(u.host)?.[1];
      const m = /^\/articles\/(\d+)\/(\d+)\/(\d{4})(?:\/.*)?$/.exec(u.path);
      return journal && m ? { doi: `10.5194/${journal}-${m[1]}-${m[2]}-${m[3]}` } : null;
    },
  },
  {
    publisher: "SSRN",
    hosts: ["papers.ssrn.com", "ssrn.com"],
    find: (u) => {
      for (const [key, value] of u.query) {
        if (/^abstract_?id$/i.test(key) && /^\d+$/.test(value)) return { doi: `10.2139/ssrn.${value}` };
      }
      const m = /^\/abstract=(\d+)$/.exec(u.path);
      return m ? { doi: `10.2139/ssrn.${m[1]}` } : null;
    },
  },
  // A Zenodo record's DOI is 10.5281/zenodo.<id> only when Zenodo minted it;
  // records of published work carry the publisher's DOI instead: the page says.
  { publisher: "Zenodo", hosts: ["zenodo.org"], find: noDoiInUrl },

  // Preprints and biomedical indexes
  { publisher: "arXiv", hosts: ["arxiv.org", "export.arxiv.org"], find: arxivInPath },
  // Readers and mirrors keyed by the arXiv id (same /abs/<id>, /pdf/<id>, /html/<id> paths).
  { publisher: "arXiv readers", hosts: ["alphaxiv.org", "ar5iv.labs.arxiv.org", "ar5iv.org"], find: arxivInPath },
  {
    // An ADS bibcode of an arXiv e-print spells the id: 2020arXiv201207436Z is 2012.07436.
    publisher: "NASA ADS / SciX",
    hosts: ["ui.adsabs.harvard.edu", "adsabs.harvard.edu", "scixplorer.org"],
    find: (u) => {
      const m = /^\/abs\/\d{4}arXiv(\d{4})\.?(\d{4,5})[A-Z](?:\/.*)?$/.exec(u.path);
      return m ? { arxiv: `${m[1]}.${m[2]}` } : null;
    },
  },
  { publisher: "PubMed", hosts: ["pubmed.ncbi.nlm.nih.gov"], find: firstOf(pmidInPath(/^\/(\d{1,8})$/), pmidInTerm(/^$/)) },
  {
    publisher: "NCBI",
    hosts: ["ncbi.nlm.nih.gov"],
    find: firstOf(
      pmidInPath(/^\/(?:m\/)?pubmed\/(\d{1,8})$/),
      pmidInTerm(/^\/(?:m\/)?pubmed$/),
      pmidInPath(/^\/pmc\/articles\/pmid\/(\d{1,8})$/i),
      pmcidInPath(/^\/pmc\/articles\/(PMC\d+)(?:\/.*)?$/i),
    ),
  },
  {
    publisher: "PubMed Central",
    hosts: ["pmc.ncbi.nlm.nih.gov"],
    find: firstOf(pmidInPath(/^\/articles\/pmid\/(\d{1,8})$/i), pmcidInPath(/^\/articles\/(PMC\d+)(?:\/.*)?$/i)),
  },
  {
    publisher: "Europe PMC",
    hosts: ["europepmc.org"],
    find: firstOf(pmidInPath(/^\/(?:article|abstract)\/MED\/(\d{1,8})$/i), (u) => {
      const m = /^\/(?:(?:article|abstract)\/PMC\/|articles?\/)(?:PMC)?(\d+)(?:\/.*)?$/i.exec(u.path);
      return m ? { pmcid: `PMC${m[1]}` } : null;
    }),
  },

  // Known publishers whose URLs carry no DOI: the landing page is read.
  { publisher: "Elsevier ScienceDirect (PII)", hosts: ["sciencedirect.com", "linkinghub.elsevier.com"], find: noDoiInUrl },
  { publisher: "Cell Press (PII)", hosts: ["cell.com"], find: noDoiInUrl },
  { publisher: "The Lancet (PII)", hosts: ["thelancet.com"], find: noDoiInUrl },
  { publisher: "IEEE Xplore (article number)", hosts: ["ieeexplore.ieee.org"], find: noDoiInUrl },
  { publisher: "JAMA Network (article id)", hosts: ["jamanetwork.com"], find: noDoiInUrl },
  // Bookshops: Amazon's product id of a printed book is its ISBN-10 (/dp/0138147574).
  {
    publisher: "Amazon (books)",
    hosts: [
      "amazon.com",
      "amazon.co.uk",
      "amazon.de",
      "amazon.fr",
      "amazon.ca",
      "amazon.in",
      "amazon.it",
      "amazon.es",
      "amazon.nl",
      "amazon.com.au",
      "amazon.co.jp",
      "amazon.ae",
      "amazon.sa",
      "amazon.com.tr",
      "amazon.com.br",
      "amazon.com.mx",
      "amazon.se",
      "amazon.pl",
      "amazon.sg",
    ],
    find: (u) => {
      const m = /(?:^|\/)(?:dp|gp\/product|gp\/aw\/d|o\/asin|exec\/obidos\/asin|exec\/obidos\/isbn=)\/?([0-9]{9}[0-9Xx])(?:\/|$)/i.exec(u.path);
      return m?.[1] && toIsbn13(m[1]) !== null ? { isbn: m[1] } : null;
    },
  },
  // Google Books: an edition named by its ISBN (?vid=ISBN0138147574, ?isbn=…, ?q=isbn:…).
  {
    publisher: "Google Books",
    hosts: [
      "books.google.com",
      "books.google.co.uk",
      "books.google.de",
      "books.google.fr",
      "books.google.ca",
      "books.google.co.in",
      "books.google.com.au",
      "books.google.it",
      "books.google.es",
      "books.google.nl",
      "books.google.ae",
      "books.google.com.tr",
      "books.google.co.ir",
    ],
    find: (u) => {
      const candidates = [
        /^isbn:?([0-9Xx-]{10,17})$/i.exec(u.query.get("vid") ?? "")?.[1],
        /(?:^|\s)isbn:?\s*([0-9Xx-]{10,17})/i.exec(u.query.get("q") ?? "")?.[1],
        u.query.get("isbn") ?? undefined,
      ];
      const isbn = candidates.find((c) => c !== undefined && toIsbn13(c) !== null);
      return isbn ? { isbn } : null;
    },
  },
  { publisher: "Cambridge Core (hash)", hosts: ["cambridge.org"], find: noDoiInUrl },
  { publisher: "MDPI (volume/issue/article)", hosts: ["mdpi.com"], find: noDoiInUrl },
  { publisher: "Wolters Kluwer LWW", hosts: ["journals.lww.com"], find: noDoiInUrl },
  { publisher: "AIP Publishing", hosts: ["pubs.aip.org"], find: noDoiInUrl },
  { publisher: "Science (legacy HighWire)", hosts: ["science.sciencemag.org"], find: noDoiInUrl },
];

function hostMatches(pattern: string, host: string): boolean {
  if (pattern.startsWith("*.")) {
    const base = pattern.slice(2);
    return host === base || host.endsWith("." + base);
  }
  return host === pattern;
}

/** The rule of the most specific matching host pattern. */
function ruleForHost(host: string): HostRule | null {
  let best: HostRule | null = null;
  let bestLength = -1;
  for (const rule of HOST_RULES) {
    for (const pattern of rule.hosts) {
      const length = pattern.replace(/^\*\./, "").length;
      if (hostMatches(pattern, host) && length > bestLength) {
        best = rule;
        bestLength = length;
      }
    }
  }
  return best;
}

function urlParts(u: URL): UrlParts {
  const path = safeDecode(u.pathname).replace(/\/+$/, "");
  return { host: u.hostname.toLowerCase().replace(/^www\d?\./, ""), path, query: u.searchParams };
}

function parseHttpUrl(raw: string): URL | null {
  try {
    const u = new URL(raw);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    if (!u.hostname.includes(".")) return null;
    return u;
  } catch {
    return null;
  }
}

function foundToResult(found: Found, url: string): IdentifyResult | null {
  if ("doi" in found) return resultForDoi(found.doi, url);
  if ("arxiv" in found) {
    const id = canonicalArxivId(found.arxiv);
    return id === null ? null : arxivResult(id, url);
  }
  if ("pmid" in found) {
    const pmid = found.pmid.replace(/^0+/, "");
    return pmid === "" ? null : result("pmid", { pmid, url });
  }
  if ("pmcid" in found) return result("pmcid", { pmcid: found.pmcid.toUpperCase(), url });
  const isbn = toIsbn13(found.isbn);
  return isbn === null ? null : result("isbn", { isbn, url });
}

/**
 * The publisher host behind a library proxy's rewritten host, when it is a
 * host of the table: EZproxy's "proxy by hostname" writes www.nature.com as
 * www-nature-com.<proxy host> (a hyphen of the original doubled), older
 * set-ups append the proxy host: www.nature.com.<proxy host>. Only a host of
 * the table is accepted, so no other host is reinterpreted.
 */
function unproxiedHost(host: string): string | null {
  const labels = host.split(".");
  if (labels.length < 3) return null;
  const first = labels[0] ?? "";
  if (first.includes("-")) {
    const candidate = first
      .replace(/--/g, "\u0000")
      .replace(/-/g, ".")
      .replace(/\u0000/g, "-")
      .replace(/^www\d?\./, "");
    if (candidate.includes(".") && ruleForHost(candidate) !== null) return candidate;
  }
  // The appended form keeps at least two labels of the proxy's own host.
  for (let k = labels.length - 2; k >= 2; k--) {
    const candidate = labels
      .slice(0, k)
      .join(".")
      .replace(/^www\d?\./, "");
    if (candidate.includes(".") && ruleForHost(candidate) !== null) return candidate;
  }
  return null;
}

// Query keys under which redirectors and proxies carry the target URL: EZproxy
// login?url=/qurl=, Google Scholar's scholar_url?url=, Google's url?q=, Facebook's l.php?u=.
const WRAPPER_KEY = /^(?:url|qurl|u|q|target|dest|destination|redirect|redirect_?ur[il]|return_?url)$/i;

/**
 * What the URL a redirector or proxy link wraps identifies: its identifier,
 * else the wrapped URL itself (the page to read is the target's, not the
 * proxy's login or the redirector's).
 */
function wrappedUrlResult(u: URL, depth: number): IdentifyResult | null {
  if (depth >= 2) return null;
  const targets: string[] = [];
  for (const [key, value] of u.searchParams) if (WRAPPER_KEY.test(key) && /^https?:\/\//i.test(value.trim())) targets.push(value.trim());
  // EZproxy takes everything after url= as the target, its own & and ? included.
  const rest = /[?&]q?url=(https?:\/\/.+)$/i.exec(u.search)?.[1];
  if (rest !== undefined) targets.push(rest);
  let page: IdentifyResult | null = null;
  for (const target of targets) {
    const inner = identifyUrl(target, depth + 1);
    if (inner !== null && inner.kind !== "url") return inner;
    page ??= inner;
  }
  return page;
}

/** A URL: its identifier by the host's exact rule or a general rule, else kind "url". Null if not an http(s) URL. */
function identifyUrl(raw: string, depth = 0): IdentifyResult | null {
  // BibTeX escapes (\_ \& \% \#) copied with a link: a URL holds no backslash, and the URL parser
  // would read it as "/" (doi.org/10.1007/978-3-642-40328-6\_47).
  const u = parseHttpUrl(raw.replace(/\\([_&%#$])/g, "$1"));
  if (u === null) return null;
  const url = u.href;
  const parts = urlParts(u);
  // A SICI DOI's check character "#" (…3.0.CO;2-#) reads as an empty fragment.
  if (u.hash === "" && raw.endsWith("#") && /;\d+-$/.test(parts.path)) parts.path += "#";
  if (ruleForHost(parts.host) === null) parts.host = unproxiedHost(parts.host) ?? parts.host;
  const rule = ruleForHost(parts.host);
  const found = rule?.find(parts) ?? queryValueDoi(parts) ?? publisherPathDoi(parts) ?? isbnInUrl(parts);
  return (found ? foundToResult(found, url) : null) ?? wrappedUrlResult(u, depth) ?? result("url", { url });
}

function isKnownHost(host: string): boolean {
  return ruleForHost(host.toLowerCase().replace(/^www\d?\./, "")) !== null;
}

/** A URL on a host of the table, directly or behind a library proxy. */
function isPublisherPage(url: string | null): boolean {
  const host =
    url === null
      ? null
      : parseHttpUrl(url)
          ?.hostname.toLowerCase()
          .replace(/^www\d?\./, "");
  return host !== undefined && host !== null && (isKnownHost(host) || unproxiedHost(host) !== null);
}

const TRACKING_PARAM = /^(?:utm_.*|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|_gl)$/i;

/**
 * The URL as a stable key: no fragment, no tracking parameters (utm_* and
 * click ids), remaining parameters sorted. Null if not an http(s) URL.
 */
export function normalizeUrl(raw: string): string | null {
  const u = parseHttpUrl(raw);
  if (u === null) return null;
  u.hash = "";
  const kept = [...u.searchParams].filter(([key]) => !TRACKING_PARAM.test(key));
  kept.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  u.search = kept.length > 0 ? new URLSearchParams(kept).toString() : "";
  return u.href;
}

// ---------------------------------------------------------------------------
// Whole-input forms

/**
 * Forms that are only read as identifiers when they are the entire input:
 * - 10 or 13 characters of an ISBN (hyphens/spaces allowed) with a valid
 *   checksum: an ISBN. Checked first, so 10/13 digits never become a PMID.
 * - 1 to 8 bare digits: a PubMed id (PMIDs are at most 8 digits today).
 *   Other bare numbers (9, 11, 12, 14+ digits, or 10/13 digits with a bad
 *   checksum) are not guessed at and fall through to a title search.
 * - a bare arXiv id (2001.01234, 2001.01234v2, hep-th/9901001).
 * - a URL that was percent-encoded as a whole (copied from a query string).
 */
function identifyWholeInput(text: string): IdentifyResult | null {
  if (/^[0-9][0-9 -]{8,16}[0-9Xx]$/.test(text)) {
    const isbn = toIsbn13(text);
    if (isbn !== null) return result("isbn", { isbn });
  }
  // "978" put before an ISBN-10, keeping its check digit: the usual hand conversion to ISBN-13.
  const prefixed = isbn10Behind978(text.replace(/^isbn(?:-?13)?\s*:?\s*/i, ""));
  if (prefixed !== null) return result("isbn", { isbn: prefixed });
  // A list of ISBNs and nothing else (every one checks): the first.
  const listed = text.split(/\s*[,;]\s*|\s+(?=\d)/);
  if (listed.length > 1 && listed.every((t) => /^[0-9][0-9-]{8,16}[0-9Xx]$/.test(t) && toIsbn13(t) !== null)) {
    const first = toIsbn13(listed[0] ?? "");
    if (first !== null) return result("isbn", { isbn: first });
  }
  if (/^\d{1,8}$/.test(text)) {
    const pmid = text.replace(/^0+/, "");
    if (pmid !== "") return result("pmid", { pmid });
  }
  if (new RegExp(String.raw`^${ARXIV_ID}(?:v\d+)?$`, "i").test(text)) {
    const id = canonicalArxivId(text);
    if (id !== null) return arxivResult(id, null);
  }
  if (/^https?%3a/i.test(text)) {
    const decoded = safeDecode(text);
    if (decoded !== text) return identifyUrl(trimTrailingPunctuation(decoded));
  }
  return null;
}

// ---------------------------------------------------------------------------
// Identifiers in prose

interface Candidate {
  index: number;
  /** Where the matched text ends: identifiers inside a URL belong to that URL. */
  end: number;
  build: () => IdentifyResult | null;
}

type Scanner = (text: string) => Candidate[];

function scan(
  re: RegExp,
  text: string,
  build: (m: RegExpExecArray) => IdentifyResult | null,
  length: (m: RegExpExecArray) => number = (m) => m[0].length,
): Candidate[] {
  const out: Candidate[] = [];
  for (const m of text.matchAll(re)) out.push({ index: m.index, end: m.index + length(m), build: () => build(m) });
  return out;
}

/** A URL token's own length: up to where markup or prose around it starts. */
const urlTokenLength = (m: RegExpExecArray) => cutAtTokenEnd(m[0]).length;

const SCANNERS: readonly Scanner[] = [
  // A URL with a scheme.
  (text) => scan(/https?:\/\/\S+/gi, text, (m) => identifyUrl(trimTrailingPunctuation(cutAtTokenEnd(m[0]))), urlTokenLength),

  // A URL without a scheme, at the start of a word. To keep titles like
  // "Node.js/Express …" titles, it counts only with "www.", on a host of the
  // table, or when it is the whole input and has a path.
  (text) =>
    scan(
      /(?<=^|[\s([{<«"'“])(?:www\d?\.)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d+)?(?:\/\S*)?/gi,
      text,
      (m) => {
        const token = trimTrailingPunctuation(cutAtTokenEnd(m[0]));
        const host = token.split(/[/:]/)[0] ?? "";
        const wholeWithPath = token === text && token.includes("/");
        if (!/^www\d?\./i.test(host) && !isKnownHost(host) && !wholeWithPath) return null;
        return identifyUrl("https://" + token);
      },
      urlTokenLength,
    ),

  // A DOI, also URL-encoded (10.1002%2F…) or an ISBN-A (10.978.88…/315),
  // standing alone or as a path segment (what a URL scanner above did not
  // take, e.g. after an ftp:// or a mistyped scheme). Not inside a longer
  // number or word (110.1234/x, v10.1234/x).
  (text) =>
    scan(/10\.(?:\d{4,9}(?:\.\d+)*|97[89]\.\d+)(?:\/|%2f)\S+/gi, text, (m) => {
      const before = text.slice(0, m.index);
      // …but after a percent-encoded "doi:" or "/" (DOI%3A10.1002%2F…) it is the DOI.
      if (/[\w.-]$/.test(before) && !/%(?:3a|2f)$/i.test(before)) return null;
      return resultForDoi(m[0], null);
    }),

  // arXiv with its label: arXiv:2001.01234v2, arXiv hep-th/9901001.
  (text) =>
    // A full stop may follow (end of a sentence), a longer number may not.
    scan(new RegExp(String.raw`\barxiv\s*(?::|\.|\s)\s*(${ARXIV_ID})(?:v\d+)?(?![\w]|\.\w)`, "gi"), text, (m) => {
      const id = canonicalArxivId(m[1] ?? "");
      return id === null ? null : arxivResult(id, null);
    }),

  // An old-style arXiv id without its label: the archive names are a closed
  // list, so math.GT/0309136 or hep-th/9901001 in prose is exact.
  (text) =>
    scan(new RegExp(String.raw`(?<![\w./-])((?:${ARXIV_ARCHIVES})(?:\.[a-z]{2})?\/(?:\d{7}|\d{4}\.\d{4,5}))(?:v\d+)?(?![\w/])`, "gi"), text, (m) => {
      const id = canonicalArxivId(m[1] ?? "");
      return id === null ? null : arxivResult(id, null);
    }),

  // A new-style arXiv id in arXiv's listing form, with its category: 0706.0001v1 [q-bio.CB].
  (text) =>
    scan(new RegExp(String.raw`(?<![\w./-])(${ARXIV_NEW})(?:v\d+)?\s*\[(?:${ARXIV_CATEGORY_ARCHIVES})(?:\.[a-z-]+)?\]`, "gi"), text, (m) => {
      const id = canonicalArxivId(m[1] ?? "");
      return id === null ? null : arxivResult(id, null);
    }),

  // PubMed id with its label: PMID: 12345678, PubMed ID 123, info:pmid/123.
  (text) =>
    scan(/\b(?:info:pmid\/|(?:pmid|pubmed(?:\s*id)?)\s*[:#=]?\s*)(\d{1,8})(?!\d)/gi, text, (m) => {
      const pmid = (m[1] ?? "").replace(/^0+/, "");
      return pmid === "" ? null : result("pmid", { pmid });
    }),

  // PubMed Central id: PMC1234567, PMCID: PMC1234567, PMCID: 1234567.
  (text) => scan(/\b(?:pmcid\s*[:#=]?\s*(?:pmc)?|pmc)(\d{1,9})(?!\d)/gi, text, (m) => result("pmcid", { pmcid: `PMC${m[1] ?? ""}` })),

  // ISBN with its label: ISBN 0-306-40615-2, ISBN-13: 978-3-16-148410-0, شابک ۹۷۸-…
  (text) =>
    scan(/(?:\bisbn(?:[- ]?1[03])?|شابک)\s*[:#]?\s*([0-9][0-9Xx -]{8,20})/gi, text, (m) => {
      const isbn = isbnAtStartOfRun(m[1] ?? "");
      return isbn === null ? null : result("isbn", { isbn });
    }),

  // An ISBN-13 without a label: its 978/979 prefix and checksum make it safe to take.
  // Tried at every start, so "978 9781234567 897" still finds the one that checks.
  (text) =>
    scan(/(?<![\w-])(?=(97[89](?:[- ]?\d){10})(?![\w-]))/g, text, (m) => {
      const isbn = toIsbn13(m[1] ?? "");
      return isbn === null ? null : result("isbn", { isbn });
    }),
];

function firstIdentifierInProse(text: string): IdentifyResult | null {
  const candidates = SCANNERS.flatMap((scanner) => scanner(text));
  // Stable sort: at the same index, scanner order decides (URLs first).
  candidates.sort((a, b) => a.index - b.index);
  // The first identifier wins. A URL that carries none wins too when it is a
  // publisher's page (a host of the table: its page is read); any other such
  // URL (a namespace, a blog) is kept only when no identifier follows it.
  // Identifiers read inside that URL's own text (an ISBN in a book-chapter
  // path) are not taken: the URL's rules already had their say.
  let firstUrl: IdentifyResult | null = null;
  let urlEnd = -1;
  for (const candidate of candidates) {
    if (candidate.index < urlEnd) continue;
    const found = candidate.build();
    if (found === null) continue;
    if (found.kind !== "url" || isPublisherPage(found.url)) return found;
    firstUrl ??= found;
    urlEnd = Math.max(urlEnd, candidate.end);
  }
  return firstUrl;
}

function cleanTitle(text: string): string {
  const pairs: [string, string][] = [
    ['"', '"'],
    ["'", "'"],
    ["«", "»"],
    ["“", "”"],
  ];
  let t = text;
  for (const [open, close] of pairs) {
    if (t.length >= 2 && t.startsWith(open) && t.endsWith(close)) t = t.slice(1, -1).trim();
  }
  return t;
}

// ---------------------------------------------------------------------------
// Public API

/** What a pasted input identifies; see the module comment for the rules. */
export function identify(input: string): IdentifyResult {
  const cleaned = cleanText(input);
  if (cleaned === "") return result("empty");
  const text = foldForMatching(cleaned);
  return identifyWholeInput(text) ?? firstIdentifierInProse(text) ?? result("title", { title: cleanTitle(cleaned) });
}

/**
 * The stable key a fetch job is stored under, so the same document asked for
 * in different ways (doi.org link, publisher link, bare DOI) shares one job.
 * Null for a title or empty input: those need a search first.
 */
export function jobKeyFor(r: IdentifyResult): string | null {
  if (r.doi !== null) return `doi:${r.doi.toLowerCase()}`;
  if (r.arxiv !== null) return `doi:10.48550/arxiv.${r.arxiv.toLowerCase()}`;
  if (r.pmcid !== null) return `pmcid:${r.pmcid.toUpperCase()}`;
  if (r.pmid !== null) return `pmid:${r.pmid}`;
  if (r.isbn !== null) {
    const isbn = toIsbn13(r.isbn);
    if (isbn !== null) return `isbn:${isbn}`;
  }
  if (r.url !== null) {
    const url = normalizeUrl(r.url);
    if (url !== null) return `url:${url}`;
  }
  return null;
}
