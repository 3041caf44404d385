/**
 * Helpers shared by the fake providers: fixture loading, response builders,
 * the DOI scenario grammar, failure modes and a minimal valid PDF.
 */
import { readFileSync } from "node:fs";
import type { FakeResponse } from "../types";

const FIXTURES = new URL("../../fixtures/", import.meta.url);
const textCache = new Map<string, string>();

export function fixtureText(rel: string): string {
  let t = textCache.get(rel);
  if (t === undefined) {
    t = readFileSync(new URL(rel, FIXTURES), "utf8");
    textCache.set(rel, t);
  }
  return t;
}

/** A fresh deep copy of a JSON fixture, safe to modify (untyped on purpose: fixtures are raw wire data). */
// biome-ignore lint/suspicious/noExplicitAny: fixtures are raw wire data, typed by the caller when it cares
export function fixtureJson<T = any>(rel: string): T {
  return JSON.parse(fixtureText(rel)) as T;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): FakeResponse {
  return { status, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
}

export function text(status: number, body: string, contentType = "text/plain; charset=utf-8", headers: Record<string, string> = {}): FakeResponse {
  return { status, headers: { "content-type": contentType, ...headers }, body };
}

export function html(status: number, body: string, headers: Record<string, string> = {}): FakeResponse {
  return text(status, body, "text/html; charset=utf-8", headers);
}

/** How long a "hanging" upstream takes before it finally answers. */
export const HANG_MS = 20_000;

// ---------------------------------------------------------------------------
// Scenarios: every fake answers deterministically from the identifier, so
// tests running in parallel never share control state.

export const SCENARIO_KINDS = [
  "oa-unpaywall",
  "oa-openalex",
  "oa-landing",
  "html-impostor",
  "upstream-500",
  "upstream-slow",
  "licensed",
  "none",
  "persian",
  "retracted",
  "retraction-notice",
  "pmc",
  "sparse",
  "fail-500",
  "fail-429",
  "fail-slow",
  "fail-malformed",
  "wrong-first",
  "wrong-only",
  "scanned",
  "two-versions",
  "notice-first",
  "cited-only",
  "unreadable",
  "pdf-bomb",
  "preprint-labelled",
  "cover-mixup",
] as const;
export type ScenarioKind = (typeof SCENARIO_KINDS)[number];

export interface Scenario {
  /** Lower-cased DOI. */
  doi: string;
  kind: ScenarioKind;
  n: number;
}

/** "10.5555/oa-unpaywall-7" -> { kind: "oa-unpaywall", n: 7 }; null for anything else. */
export function scenarioOf(doi: string): Scenario | null {
  const m = /^10\.5555\/([a-z0-9-]+?)-(\d+)$/.exec(doi.trim().toLowerCase());
  if (!m) return null;
  const kind = m[1] as ScenarioKind;
  if (!(SCENARIO_KINDS as readonly string[]).includes(kind)) return null;
  return { doi: doi.trim().toLowerCase(), kind, n: Number(m[2]) };
}

export type FailMode = "500" | "429" | "slow" | "malformed";

export function failModeOfScenario(s: Scenario | null): FailMode | null {
  if (!s) return null;
  switch (s.kind) {
    case "fail-500":
      return "500";
    case "fail-429":
      return "429";
    case "fail-slow":
      return "slow";
    case "fail-malformed":
      return "malformed";
    default:
      return null;
  }
}

/** Free-text markers for search-style calls: "fake:500", "fake:429", "fake:slow", "fake:malformed". */
export function failModeOfText(s: string | null | undefined): FailMode | null {
  const m = /fake:(500|429|slow|malformed)/.exec(s ?? "");
  return m ? (m[1] as FailMode) : null;
}

export function isEmptyMarker(s: string | null | undefined): boolean {
  return /fake:empty/.test(s ?? "");
}

/** The generic answer for a failure mode (JSON-speaking providers). */
export function failResponse(mode: FailMode): FakeResponse {
  switch (mode) {
    case "500":
      return html(500, "<!doctype html><title>500 Internal Server Error</title><h1>Internal Server Error</h1>");
    case "429":
      return json(429, { message: "Too Many Requests" }, { "retry-after": "7" });
    case "slow":
      return { ...html(504, "<!doctype html><title>504 Gateway Time-out</title>"), delayMs: HANG_MS };
    case "malformed":
      return { status: 200, headers: { "content-type": "application/json" }, body: '{"status":"ok","message":{"DOI":"10.5555/trunc' };
  }
}

export const PUBLISHER_HOST = "oa.publisher.test";
export const REPO_HOST = "repo.example.test";

export const urls = {
  pdf: (doi: string) => `https://${PUBLISHER_HOST}/pdf/${doi}.pdf`,
  repoPdf: (doi: string) => `https://${REPO_HOST}/bitstream/${doi}.pdf`,
  landing: (doi: string) => `https://${PUBLISHER_HOST}/article/${doi}`,
  landingNoPdf: (doi: string) => `https://${PUBLISHER_HOST}/landing-no-pdf/${doi}`,
  impostor: (doi: string) => `https://${PUBLISHER_HOST}/impostor/${doi}.pdf`,
  slowPdf: (doi: string) => `https://${PUBLISHER_HOST}/slow/${doi}.pdf`,
  errorPdf: (doi: string) => `https://${PUBLISHER_HOST}/error/${doi}.pdf`,
  /** Serves ANOTHER paper's PDF (a repository mix-up). */
  otherPdf: (doi: string) => `https://${PUBLISHER_HOST}/other/${doi}.pdf`,
  /** Serves a scan: a valid PDF without a text layer. */
  scannedPdf: (doi: string) => `https://${REPO_HOST}/scanned/${doi}.pdf`,
  /** Serves an erratum that cites the paper's DOI and title (a notice, not the paper). */
  noticePdf: (doi: string) => `https://${PUBLISHER_HOST}/notice/${doi}.pdf`,
  /** Serves another paper whose reference list (page 2) gives the paper's DOI and title. */
  citingPdf: (doi: string) => `https://${PUBLISHER_HOST}/citing/${doi}.pdf`,
  /** A PDF locked by a user password. */
  lockedPdf: (doi: string) => `https://${PUBLISHER_HOST}/locked/${doi}.pdf`,
  /** "%PDF-" and "%%EOF" around an HTML sign-in page. */
  garbledPdf: (doi: string) => `https://${PUBLISHER_HOST}/garbled/${doi}.pdf`,
  /** 1 KB PDFs that ask pdf.js for far more than their size (tests/fuzz/hostile-pdfs.ts): a widths range, and a stream deflated twice. */
  bombMapPdf: (doi: string) => `https://${PUBLISHER_HOST}/bomb-map/${doi}.pdf`,
  bombStreamPdf: (doi: string) => `https://${PUBLISHER_HOST}/bomb-stream/${doi}.pdf`,
  /** The paper as a bioRxiv preprint (its own preprint DOI and stamp). */
  preprintPdf: (doi: string) => `https://${REPO_HOST}/preprint/${doi}.pdf`,
  /** A repository cover sheet naming the paper (title, DOI), then ANOTHER paper's first page: the record's file is the wrong one. */
  coverMixupPdf: (doi: string) => `https://${REPO_HOST}/cover-other/${doi}.pdf`,
};

/** The paper a mixed-up location serves instead: its own title and DOI, nothing of the one asked for. */
export function otherPaperLines(n: number): string[] {
  return [
    "Seasonal dynamics of freshwater zooplankton in alpine lakes",
    `DOI 10.5555/unrelated-${n + 1}`,
    "Abstract. We sampled zooplankton communities in twelve alpine lakes over three summers and relate",
    "their succession to ice-out dates, temperature and phytoplankton biomass.",
  ];
}

/** A readable English title per scenario; Persian for "persian". */
export function scenarioTitle(s: Scenario): string {
  if (s.kind === "persian") return `بررسی روش‌های نوین یادگیری ماشین در پردازش زبان فارسی ${s.n}`;
  const words: Record<ScenarioKind, string> = {
    "oa-unpaywall": "Open access through Unpaywall",
    "oa-openalex": "Open access through OpenAlex",
    "oa-landing": "Open access behind a landing page",
    "html-impostor": "A PDF link that serves HTML",
    "upstream-500": "Unpaywall failing with 500",
    "upstream-slow": "Unpaywall answering slowly",
    licensed: "A licensed Elsevier article",
    none: "An article nobody can deliver",
    persian: "",
    retracted: "A retracted article",
    "retraction-notice": "Retraction notice",
    pmc: "An article in PubMed Central",
    sparse: "",
    "fail-500": "Every upstream failing with 500",
    "fail-429": "Every upstream rate limiting",
    "fail-slow": "Every upstream hanging",
    "fail-malformed": "Every upstream sending garbage",
    "wrong-first": "Glacier retreat measured by drones",
    "wrong-only": "Urban heat islands in coastal cities",
    scanned: "Handwritten ledgers of a village bakery",
    "two-versions": "Published and accepted manuscripts compared",
    "notice-first": "Permafrost thaw under boreal lakes",
    "cited-only": "Tidal mixing in narrow estuaries",
    unreadable: "Lichen growth on volcanic rock",
    "pdf-bomb": "Moss cover on young basalt flows",
    "preprint-labelled": "Pollen records of a drained marsh",
    "cover-mixup": "Snowmelt timing in high catchments",
  };
  return `${words[s.kind]}: test article ${s.n}`;
}

/** Deterministic synthetic identifiers derived from n. */
export const ids = {
  pmcid: (n: number) => `PMC${9_000_000 + n}`,
  pmid: (n: number) => String(39_000_000 + n),
  openalex: (n: number) => `https://openalex.org/W9${String(n).padStart(9, "0")}`,
};

/** Parse "PMC9000007" back to n (null if not one of ours). */
export function nFromPmcid(pmcid: string): number | null {
  const m = /^PMC(\d+)$/i.exec(pmcid.trim());
  if (!m) return null;
  const n = Number(m[1]) - 9_000_000;
  return n > 0 && n < 1_000_000 ? n : null;
}

export function nFromPmid(pmid: string): number | null {
  if (!/^\d+$/.test(pmid.trim())) return null;
  const n = Number(pmid) - 39_000_000;
  return n > 0 && n < 1_000_000 ? n : null;
}

// ---------------------------------------------------------------------------
// A minimal but valid one-page PDF (correct xref offsets), ASCII text only.

export function buildPdf(lines: string[]): Uint8Array {
  const esc = (s: string) => s.replace(/[^\x20-\x7e]/g, "?").replace(/([\\()])/g, "\\$1");
  const content = ["BT", "/F1 12 Tf", "72 720 Td", "14 TL", ...lines.map((l) => `(${esc(l)}) '`), "ET"].join("\n");
  return writePdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]);
}

/**
 * A scanned page: a valid one-page PDF whose only content is an image (a grey 8x8 raster drawn
 * full page), so it has no text layer at all.
 */
export function buildScannedPdf(): Uint8Array {
  const pixels = "7f".repeat(64);
  const image = `<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /ASCIIHexDecode /Length ${pixels.length + 1} >>\nstream\n${pixels}>\nendstream`;
  const content = "q 612 0 0 792 0 0 cm /Im1 Do Q";
  return writePdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    image,
  ]);
}

/** Objects 1..n in order, with a correct xref table and trailer (root = object 1). */
export function writePdf(objects: string[]): Uint8Array {
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  // latin1: one byte per char, so the offsets above are byte offsets.
  return new Uint8Array(Buffer.from(out, "latin1"));
}

export function scannedPdfResponse(): FakeResponse {
  const body = buildScannedPdf();
  return { status: 200, headers: { "content-type": "application/pdf", "content-length": String(body.length) }, body };
}

export function pdfResponse(lines: string[], extraHeaders: Record<string, string> = {}): FakeResponse {
  const body = buildPdf(lines);
  return { status: 200, headers: { "content-type": "application/pdf", "content-length": String(body.length), ...extraHeaders }, body };
}

/** Random [A-Za-z0-9] characters (ZarinPal authorities). */
export function randomAlnum(length: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
