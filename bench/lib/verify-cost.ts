/**
 * The cost of verifying a downloaded PDF (queue-consumer/pdf-text.ts + verify.ts), measured in
 * Node with the same code the Worker runs: CPU time (process.cpuUsage, user + system) per PDF for
 * 1, 10 and 50 MB files, p50/p95, and the bytes pdf.js asked for through the range transport.
 * The files are generated: a first page with the title and DOI as text, a second page with text,
 * and the rest one large image stream (what makes real PDFs big: figures and scans).
 *
 * Bundle growth: what the Worker bundle gains from unpdf (its serverless pdf.js build plus the
 * wrapper), raw and gzip, beside the Worker bundle's total when dist/ is built.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { checkPdfText } from "../../queue-consumer/check-pdf";
import { extractLeadingText } from "../../queue-consumer/pdf-text";
import { useBudgetedPdfjs } from "../../scripts/pdfjs-budget-plugin";
import { verifyPages } from "../../queue-consumer/verify";
import { writePdf } from "../../tests/fakes/providers/_shared";
import { makePdf } from "../../tests/fakes/pdf-builder";

const MB = 1024 * 1024;

/** A valid two-page PDF of about `bytes`, the DOI and title on page 1. */
export function bigPdf(bytes: number, doi: string, title: string): Uint8Array {
  const text1 = [
    "BT",
    "/F1 14 Tf",
    "72 720 Td",
    "16 TL",
    `(${title}) '`,
    `(https://doi.org/${doi}) '`,
    "(Abstract. A generated article for the verification benchmark.) '",
    "ET",
  ].join("\n");
  const text2 = ["BT", "/F1 11 Tf", "72 720 Td", "(Introduction. Second page text.) '", "ET", "q 400 0 0 300 72 300 cm /Im1 Do Q"].join("\n");
  // Header and objects take ~1.5 KB; the image fills the rest. Random bytes do not compress.
  const side = Math.max(1, Math.floor(Math.sqrt(Math.max(0, bytes - 2048) / 3)));
  const head = `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length ${side * side * 3} >>\nstream\n`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${text1.length} >>\nstream\n${text1}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 7 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 8 0 R >> >> >>",
    `<< /Length ${text2.length} >>\nstream\n${text2}\nendstream`,
    // Placeholder body, replaced by the random pixels below (latin1 keeps one byte per char).
    `${head}${"\0".repeat(side * side * 3)}\nendstream`,
  ];
  const pdf = writePdf(objects);
  const pixelsAt = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).indexOf(`${head}`, 0, "latin1") + head.length;
  pdf.set(randomBytes(side * side * 3), pixelsAt);
  return pdf;
}

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export type VerifyCost = {
  sizeMb: number;
  bytes: number;
  runs: number;
  cpuMs: { p50: number; p95: number; max: number };
  wallMs: { p50: number; p95: number };
  bytesRead: number;
  verdict: string;
};

export async function measureVerification(sizesMb = [1, 10, 50], runs = 20): Promise<VerifyCost[]> {
  // The pdf.js the Worker runs: patched with its read budget (no Vite here to patch it).
  await useBudgetedPdfjs();
  // Load pdf.js once (a Worker isolate pays this once, not per PDF).
  await extractLeadingText(bigPdf(64 * 1024, "10.5555/warm-1", "Warm up"));
  const out: VerifyCost[] = [];
  for (const sizeMb of sizesMb) {
    const doi = `10.5555/bench-${sizeMb}`;
    const title = `Verification cost of a ${sizeMb} MB article`;
    const pdf = bigPdf(sizeMb * MB, doi, title);
    const cpu: number[] = [];
    const wall: number[] = [];
    let verdict = "";
    for (let i = 0; i < runs; i++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const r = await checkPdfText(pdf, { doi, title }, false);
      wall.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
      verdict = r.accept ? r.verification : r.reason;
    }
    const { bytesRead } = await extractLeadingText(pdf, undefined, (pages) => verifyPages(pages, { doi, title }).kind === "doi_on_page");
    const r1 = (n: number) => Math.round(n * 10) / 10;
    out.push({
      sizeMb,
      bytes: pdf.byteLength,
      runs,
      cpuMs: { p50: r1(pct(cpu, 50)), p95: r1(pct(cpu, 95)), max: r1(Math.max(...cpu)) },
      wallMs: { p50: r1(pct(wall, 50)), p95: r1(pct(wall, 95)) },
      bytesRead,
      verdict,
    });
  }
  return out;
}

export type WorstCase = { name: string; bytes: number; runs: number; cpuMs: { p50: number; p95: number; max: number }; verdict: string };

/**
 * The verifier's worst cases: every page read and nothing settles it (two cover pages, then an
 * article page of another work), and a hostile first page of 300,000 text operators (13 MB of
 * content, Flate-compressed) whose text stream is cut off after 12,000 characters.
 */
export async function measureWorstCases(runs = 10): Promise<WorstCase[]> {
  await useBudgetedPdfjs();
  const doi = "10.5555/bench-worst";
  const title = "Verification cost when nothing on the pages settles it";
  const filler = (n: number) =>
    Array.from({ length: n }, (_, i) => `Line ${i} of running text about rivers, lakes and the chemistry of their water in every season.`);
  const cases: [string, Uint8Array][] = [
    [
      "3 pages read, another work",
      makePdf({
        pages: [
          { text: ["Repository cover sheet", ...filler(8)] },
          { text: ["Terms of use", ...filler(8)] },
          { text: [{ text: "Seasonal dynamics of zooplankton in alpine lakes", size: 17 }, ...filler(40)] },
        ],
      }),
    ],
    [
      "hostile page: 300,000 text operators",
      makePdf({
        pages: [
          {
            text: [{ text: "Seasonal dynamics of zooplankton", size: 17 }],
            raw: `BT /F1 9 Tf 72 700 Td ${"(filler words about nothing in particular ) Tj 0 -0.01 Td ".repeat(300_000)} ET`,
            compress: true,
          },
        ],
      }),
    ],
  ];
  const out: WorstCase[] = [];
  for (const [name, pdf] of cases) {
    const cpu: number[] = [];
    let verdict = "";
    for (let i = 0; i < runs; i++) {
      const c0 = process.cpuUsage();
      const r = await checkPdfText(pdf, { doi, title }, false);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
      verdict = r.accept ? r.verification : r.reason;
    }
    const r1 = (n: number) => Math.round(n * 10) / 10;
    out.push({ name, bytes: pdf.byteLength, runs, cpuMs: { p50: r1(pct(cpu, 50)), p95: r1(pct(cpu, 95)), max: r1(Math.max(...cpu)) }, verdict });
  }
  return out;
}

export function printWorstCases(cases: WorstCase[]) {
  console.log("worst cases | file | runs | CPU p50 | CPU p95 | CPU max | verdict");
  for (const c of cases)
    console.log(`${c.name} | ${(c.bytes / 1024).toFixed(1)} KB | ${c.runs} | ${c.cpuMs.p50} ms | ${c.cpuMs.p95} ms | ${c.cpuMs.max} ms | ${c.verdict}`);
}

export type BundleGrowth = { unpdfRaw: number; unpdfGz: number; workerRaw: number | null; workerGz: number | null };

/** unpdf's modules as bundled into the Worker, and the built Worker's total (dist/daryaft) if present. */
export function bundleGrowth(root: string): BundleGrowth {
  const dir = path.join(root, "node_modules/unpdf/dist");
  const files = ["index.mjs", "pdfjs.mjs"].map((f) => readFileSync(path.join(dir, f)));
  const unpdfRaw = files.reduce((s, b) => s + b.length, 0);
  const unpdfGz = gzipSync(Buffer.concat(files), { level: 9 }).length;
  let workerRaw: number | null = null;
  let workerGz: number | null = null;
  const workerDir = path.join(root, "dist/daryaft");
  if (existsSync(workerDir)) {
    const bufs = listJs(workerDir).map((f) => readFileSync(f));
    workerRaw = bufs.reduce((s, b) => s + b.length, 0);
    workerGz = bufs.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0);
  }
  return { unpdfRaw, unpdfGz, workerRaw, workerGz };
}

function listJs(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return listJs(p);
    return /\.(m?js)$/.test(f) ? [p] : [];
  });
}

export function printVerification(costs: VerifyCost[], growth: BundleGrowth) {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log("\nVerification of a downloaded PDF (text of pages 1-3 through pdf.js, then the matcher), Node, same code as the Worker:");
  console.log("size | runs | CPU p50 | CPU p95 | CPU max | wall p50 | wall p95 | bytes pdf.js was given | verdict");
  for (const c of costs) {
    console.log(
      `${c.sizeMb} MB | ${c.runs} | ${c.cpuMs.p50} ms | ${c.cpuMs.p95} ms | ${c.cpuMs.max} ms | ${c.wallMs.p50} ms | ${c.wallMs.p95} ms | ${kb(c.bytesRead)} | ${c.verdict}`,
    );
  }
  console.log(
    `bundle growth (unpdf: serverless pdf.js + wrapper): ${kb(growth.unpdfRaw)} raw, ${kb(growth.unpdfGz)} gzip` +
      (growth.workerRaw !== null ? `; Worker bundle now ${kb(growth.workerRaw)} raw, ${kb(growth.workerGz!)} gzip` : "; Worker bundle not built"),
  );
}
