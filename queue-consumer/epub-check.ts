/**
 * Is this EPUB the book asked for? An EPUB is a ZIP whose META-INF/container.xml names the OPF
 * package; the package's metadata says what the book is (dc:identifier, dc:title, dc:creator).
 * The book is accepted when its package names the identifier it was fetched by (Project
 * Gutenberg: http://www.gutenberg.org/<n>) and its title agrees with the one expected; a package
 * naming another book is a mismatch. Reads only the central directory and two small entries,
 * each bounded, so a hostile archive (a zip bomb, thousands of entries) costs nothing.
 */
import { XmlParseError, childElements, firstChild, parseXml, textContent, type XmlElement } from "../clients/xml";
import { significantWords } from "./verify";

const MAX_ENTRIES = 5_000;
/** container.xml and the OPF package are a few KB; anything larger is not read. */
const MAX_META_BYTES = 512 * 1024;

export type EpubCheck = { accept: true; verification: "title"; detail: string } | { accept: false; reason: "mismatch" | "unreadable"; detail: string };

type Entry = { name: string; method: number; compressed: number; size: number; offset: number };

function entries(bytes: Uint8Array): Entry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error("not a ZIP archive (no end of central directory)");
  const count = view.getUint16(eocd + 10, true);
  let p = view.getUint32(eocd + 16, true);
  if (count > MAX_ENTRIES) throw new Error(`${count} entries`);
  const out: Entry[] = [];
  const decoder = new TextDecoder();
  for (let k = 0; k < count; k++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== 0x02014b50) throw new Error("bad central directory");
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    out.push({
      name: decoder.decode(bytes.subarray(p + 46, p + 46 + nameLen)),
      method: view.getUint16(p + 10, true),
      compressed: view.getUint32(p + 20, true),
      size: view.getUint32(p + 24, true),
      offset: view.getUint32(p + 42, true),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

async function read(bytes: Uint8Array, e: Entry): Promise<string> {
  if (e.size > MAX_META_BYTES || e.compressed > MAX_META_BYTES) throw new Error(`${e.name} is ${e.size} bytes`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (e.offset + 30 > bytes.length || view.getUint32(e.offset, true) !== 0x04034b50) throw new Error(`bad local header of ${e.name}`);
  const start = e.offset + 30 + view.getUint16(e.offset + 26, true) + view.getUint16(e.offset + 28, true);
  const raw = bytes.subarray(start, start + e.compressed);
  if (e.method === 0) return new TextDecoder().decode(raw);
  if (e.method !== 8) throw new Error(`compression method ${e.method}`);
  const stream = new Blob([raw]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    // The declared size may lie: stop at the bound, whatever the header said.
    if (total > MAX_META_BYTES) {
      await reader.cancel();
      throw new Error(`${e.name} inflates past ${MAX_META_BYTES} bytes`);
    }
    parts.push(value);
  }
  const all = new Uint8Array(total);
  let o = 0;
  for (const part of parts) {
    all.set(part, o);
    o += part.length;
  }
  return new TextDecoder().decode(all);
}

const metadataOf = (pkg: XmlElement) => firstChild(pkg, "metadata");
const texts = (el: XmlElement, local: string) =>
  childElements(el, local)
    .map((e) => textContent(e).trim())
    .filter(Boolean);

/** The EPUB's own metadata: identifiers, titles and creators of its OPF package. */
export async function readEpubPackage(bytes: Uint8Array): Promise<{ identifiers: string[]; titles: string[]; creators: string[] }> {
  const list = entries(bytes);
  const container = list.find((e) => e.name === "META-INF/container.xml");
  if (!container) throw new Error("no META-INF/container.xml");
  const rootfile = /full-path\s*=\s*"([^"]+)"/.exec(await read(bytes, container))?.[1];
  const opf = rootfile ? list.find((e) => e.name === rootfile) : undefined;
  if (!opf) throw new Error("no OPF package");
  const pkg = parseXml(await read(bytes, opf));
  const md = metadataOf(pkg);
  if (!md) throw new Error("no package metadata");
  return { identifiers: texts(md, "identifier"), titles: texts(md, "title"), creators: texts(md, "creator") };
}

/** How much of the expected title's significant words the package title has, and the other way round. */
function titleAgreement(expected: string, found: string): number {
  const a = new Set(significantWords(expected));
  const b = new Set(significantWords(found));
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const w of a) if (b.has(w)) common++;
  return (2 * common) / (a.size + b.size);
}

/**
 * The EPUB fetched for `expect`: its package must carry `identifier` (when given) and a title
 * agreeing with `expect.title` (Dice of significant words ≥ 0.8, the title's own words first).
 */
export async function checkEpub(bytes: Uint8Array, expect: { title: string | null; identifier: string | null }): Promise<EpubCheck> {
  let pkg;
  try {
    pkg = await readEpubPackage(bytes);
  } catch (err) {
    const why = err instanceof XmlParseError ? `OPF is not XML: ${err.message}` : err instanceof Error ? err.message : String(err);
    return { accept: false, reason: "unreadable", detail: why.slice(0, 200) };
  }
  const ids = pkg.identifiers.map((i) =>
    i
      .replace(/^https?:\/\//, "")
      .replace(/\/$/, "")
      .toLowerCase(),
  );
  const wanted =
    expect.identifier
      ?.replace(/^https?:\/\//, "")
      .replace(/\/$/, "")
      .toLowerCase() ?? null;
  if (wanted && !ids.includes(wanted))
    return { accept: false, reason: "mismatch", detail: `package identifier ${pkg.identifiers[0] ?? "none"}, not ${expect.identifier}` };
  const title = pkg.titles[0] ?? "";
  if (!expect.title)
    return wanted
      ? { accept: true, verification: "title", detail: `package identifier ${expect.identifier}` }
      : { accept: false, reason: "mismatch", detail: "nothing to compare" };
  // Gutenberg's package title is the catalogue's full title ("Frankenstein; Or, The Modern Prometheus").
  const agree = Math.max(titleAgreement(expect.title, title), titleAgreement(expect.title, title.split(/;|:/)[0] ?? ""));
  if (agree < 0.8) return { accept: false, reason: "mismatch", detail: `package title "${title.slice(0, 80)}" (agreement ${agree.toFixed(2)})` };
  return { accept: true, verification: "title", detail: `package identifier and title "${title.slice(0, 80)}"` };
}
