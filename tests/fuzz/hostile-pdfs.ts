/**
 * Small PDFs that ask pdf.js for far more than their size (queue-consumer/pdf-budget.ts): decoded
 * streams past the read's budget however their filters are spelled, and ranges that only name how
 * many entries to make. Each was measured against pdf.js before its budget (Node, unpdf 1.8.1):
 * 350-520 MB and 8-18 s for the 200 MB decoders, 1.8 GB / 4 min for the CMap ranges, 3.7 GB /
 * 65 s for the widths. Built here; `size` is what the decoders produce (past 32 MB is enough).
 */
import { deflateRawSync, deflateSync } from "node:zlib";

const MB = 1024 * 1024;

/** A PDF of these objects (1 is the catalogue, 2 the page tree, 3 the page, …), with a correct xref table. */
export function pdfOf(objects: (string | Buffer)[], opts: { xrefStream?: string } = {}): Uint8Array {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  objects.forEach((o, i) => {
    offsets.push(at);
    const b = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), typeof o === "string" ? Buffer.from(o, "latin1") : o, Buffer.from("\nendobj\n")]);
    parts.push(b);
    at += b.length;
  });
  if (opts.xrefStream) {
    // An XRef stream as the last object; its dictionary is the caller's.
    const n = objects.length + 1;
    parts.push(Buffer.from(`${n} 0 obj\n<< /Type /XRef ${opts.xrefStream} /Root 1 0 R /Length 0 >>\nstream\n\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`));
  } else {
    const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
    parts.push(Buffer.from(xref));
  }
  return new Uint8Array(Buffer.concat(parts));
}

const stream = (dict: string, data: Buffer) =>
  Buffer.concat([Buffer.from(`<< /Length ${data.length} ${dict} >>\nstream\n`, "latin1"), data, Buffer.from("\nendstream")]);
const CATALOG = "<< /Type /Catalog /Pages 2 0 R >>";
const PAGES = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>";
const PAGE = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>";
const HELVETICA = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";

/** One page whose content stream is `data` under `dict` (a filter), with extra objects from 6 on. */
function pageWithContent(dict: string, data: Buffer, font = HELVETICA, extra: (string | Buffer)[] = []): Uint8Array {
  return pdfOf([CATALOG, PAGES, PAGE, stream(dict, data), font, ...extra]);
}

const spaces = (n: number) => Buffer.alloc(n, 0x20);

/** LZW (PDF's, EarlyChange 1) of a run of spaces: the table grows to its 4,095 codes, then its longest code repeats. */
export function lzwRun(outBytes: number): Buffer {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  const put = (code: number, width: number) => {
    acc = (acc << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((acc >>> (bits - 8)) & 0xff);
      bits -= 8;
      acc &= (1 << bits) - 1;
    }
  };
  let next = 258;
  let width = 9;
  let produced = 1;
  let length = 2;
  put(256, 9);
  put(0x20, 9);
  while (produced < outBytes) {
    put(next < 4096 ? next : 4095, width);
    produced += next < 4096 ? length : 4095 - 256;
    if (next < 4096) {
      next++;
      length++;
    }
    if (next + 1 >= 512 && width === 9) width = 10;
    if (next + 1 >= 1024 && width === 10) width = 11;
    if (next + 1 >= 2048 && width === 11) width = 12;
  }
  put(257, width);
  if (bits) put(0, 8 - bits);
  return Buffer.from(out);
}

/** RunLength of a run of spaces: two bytes for every 128. */
function runLength(outBytes: number): Buffer {
  const n = Math.ceil(outBytes / 128);
  const b = Buffer.alloc(n * 2 + 1);
  for (let i = 0; i < n; i++) {
    b[2 * i] = 129;
    b[2 * i + 1] = 0x20;
  }
  b[n * 2] = 128;
  return b;
}

/** A composite font whose descendant is `cidDict` (its /W, say). */
const type0 = (descendant: number) => `<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H /DescendantFonts [${descendant} 0 R] >>`;
const CID_BASE =
  "/Type /Font /Subtype /CIDFontType2 /BaseFont /X /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor << /Type /FontDescriptor /FontName /X /Flags 4 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 >>";

export type HostilePdf = { name: string; pdf: () => Uint8Array };

/** Every way found to make pdf.js build past its read budget; `size` bytes for the decoders. */
export function hostilePdfs(size = 40 * MB): HostilePdf[] {
  const deflated = () => deflateSync(spaces(size), { level: 9 });
  return [
    { name: "FlateDecode page stream", pdf: () => pageWithContent("/Filter /FlateDecode", deflated()) },
    // zlib refuses an empty stored block whose lengths are both zero; pdf.js reads on past it.
    {
      name: "FlateDecode after an empty stored block",
      pdf: () =>
        pageWithContent("/Filter /FlateDecode", Buffer.concat([Buffer.from([0x78, 0x9c, 0x00, 0, 0, 0, 0]), deflateRawSync(spaces(size), { level: 9 })])),
    },
    {
      name: "ASCIIHexDecode then FlateDecode",
      pdf: () => pageWithContent("/Filter [/ASCIIHexDecode /FlateDecode]", Buffer.from(`${deflated().toString("hex")}>`)),
    },
    { name: "FlateDecode twice", pdf: () => pageWithContent("/Filter [/FlateDecode /FlateDecode]", deflateSync(deflated(), { level: 9 })) },
    { name: "filter name written with an escape (/F#6cateDecode)", pdf: () => pageWithContent("/Filter /F#6cateDecode", deflated()) },
    { name: "filter named through an indirect object", pdf: () => pageWithContent("/Filter 6 0 R", deflated(), HELVETICA, ["/FlateDecode"]) },
    { name: "stream dictionary padded past 4 KB", pdf: () => pageWithContent(`/Filter /FlateDecode /Pad (${"x".repeat(5000)})`, deflated()) },
    { name: "LZWDecode", pdf: () => pageWithContent("/Filter /LZWDecode", lzwRun(size)) },
    { name: "RunLengthDecode", pdf: () => pageWithContent("/Filter /RunLengthDecode", runLength(size)) },
    {
      name: "ToUnicode CMap of eight 2^24-code ranges (1 KB)",
      pdf: () => {
        const ranges = Array.from({ length: 8 }, () => "<000000> <FFFFFE> <0041>").join("\n");
        const cmap = Buffer.from(
          `/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /X def 1 begincodespacerange <00> <FF> endcodespacerange\n8 beginbfrange\n${ranges}\nendbfrange endcmap CMapName currentdict /CMap defineresource pop end end`,
        );
        return pageWithContent(
          "",
          Buffer.from("BT /F1 12 Tf 72 720 Td (Hello) Tj ET"),
          "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 6 0 R >>",
          [stream("", cmap)],
        );
      },
    },
    {
      name: "CID font widths /W [0 50000000 500] (1 KB)",
      pdf: () => pageWithContent("", Buffer.from("BT /F1 12 Tf 72 720 Td <0041> Tj ET"), type0(6), [`<< ${CID_BASE} /W [0 50000000 500 0 50000000 600] >>`]),
    },
    {
      name: "XRef stream of zero-width entries over /Index [0 50000000]",
      pdf: () =>
        pdfOf([CATALOG, PAGES, PAGE, stream("", Buffer.from("BT /F1 12 Tf 72 720 Td (Hello) Tj ET")), HELVETICA], {
          xrefStream: "/Size 50000000 /W [0 0 0] /Index [0 50000000]",
        }),
    },
  ];
}
