/**
 * A PDF's compression bombs found before pdf.js reads it. pdf.js keeps a whole decoded stream in
 * one growing buffer, so a page whose 200 KB content stream inflates to 200 MB of spaces took
 * ~240 MB of heap and 12 s of CPU to read (measured), beyond an isolate's 128 MB. Here every
 * FlateDecode stream pdf.js could decode for text (content streams, forms, fonts; not images,
 * which text extraction never decodes) is inflated through DecompressionStream, counting, and
 * dropped at once: a stream that grows past MAX_STREAM_INFLATED refuses the file. Memory: one
 * chunk at a time. (Other filters, LZW and RunLength, expand far less and are not inflated here.)
 */

/** The largest a stream may inflate to: a real page's content is under a few MB, a full CJK font ~20 MB. */
export const MAX_STREAM_INFLATED = 32 * 1024 * 1024;

export class PdfBombError extends Error {
  override name = "PdfBombError";
}

const latin1 = (b: Uint8Array) => {
  let s = "";
  for (let i = 0; i < b.length; i += 8192) s += String.fromCharCode(...b.subarray(i, i + 8192));
  return s;
};

const STREAM = [0x73, 0x74, 0x72, 0x65, 0x61, 0x6d]; // "stream"

function startsWithAt(bytes: Uint8Array, at: number, word: number[]): boolean {
  for (let k = 0; k < word.length; k++) if (bytes[at + k] !== word[k]) return false;
  return true;
}

/** Bytes the zlib data of a stream inflates to, stopping once past `cap`. */
async function inflatedSize(data: Uint8Array, cap: number): Promise<number> {
  const ds = new DecompressionStream("deflate");
  const writer = ds.writable.getWriter();
  // Written in the background; a cancelled or corrupt stream rejects the write, which is ignored.
  writer.write(data as Uint8Array<ArrayBuffer>).then(() => writer.close()).catch(() => undefined);
  const reader = ds.readable.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return total;
      total += value.byteLength;
      if (total > cap) {
        await reader.cancel().catch(() => undefined);
        return total;
      }
    }
  } catch {
    // Corrupt or truncated data: pdf.js stops there too; what came out is what counts.
    return total;
  } finally {
    writer.abort().catch(() => undefined);
  }
}

/** Throws PdfBombError when a FlateDecode stream of `bytes` inflates past `cap`. */
export async function checkStreamExpansion(bytes: Uint8Array, cap = MAX_STREAM_INFLATED): Promise<void> {
  let from = 0;
  for (;;) {
    const at = bytes.indexOf(0x73, from);
    if (at < 0) return;
    from = at + 1;
    if (!startsWithAt(bytes, at, STREAM)) continue;
    // "endstream" ends a stream; only the keyword after a dictionary starts one.
    if (at >= 3 && bytes[at - 3] === 0x65 && bytes[at - 2] === 0x6e && bytes[at - 1] === 0x64) continue;
    let dataStart = at + 6;
    if (bytes[dataStart] === 0x0d) dataStart++;
    if (bytes[dataStart] !== 0x0a) continue;
    dataStart++;
    // The stream's dictionary: the text since its object began (at most 4 KB back).
    const head = latin1(bytes.subarray(Math.max(0, at - 4096), at));
    const dict = head.slice(head.lastIndexOf(" obj") + 1);
    if (!/\/Filter\s*(?:\[\s*)?\/(?:FlateDecode|Fl)\b/.test(dict) || /\/Subtype\s*\/Image\b/.test(dict)) continue;
    const declared = /\/Length\s+(\d{1,10})(?!\s+\d+\s+R)/.exec(dict);
    let end = declared ? dataStart + Number(declared[1]) : -1;
    if (end <= dataStart || end > bytes.length) {
      // No direct length: up to the next "endstream".
      end = -1;
      for (let k = bytes.indexOf(0x65, dataStart); k >= 0; k = bytes.indexOf(0x65, k + 1)) {
        if (startsWithAt(bytes, k, [0x65, 0x6e, 0x64, ...STREAM])) {
          end = k;
          break;
        }
      }
      if (end < 0) end = bytes.length;
    }
    if ((await inflatedSize(bytes.subarray(dataStart, end), cap)) > cap) throw new PdfBombError(`a stream inflates past ${Math.round(cap / 1048576)} MB`);
    from = end;
  }
}
