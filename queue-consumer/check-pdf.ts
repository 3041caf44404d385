/** A downloaded PDF judged from its first pages: pdf-text.ts reads, verify.ts decides. No bindings. */
import { extractLeadingText } from "./pdf-text";
import { decide, verifyText, type Expectation, type Verification } from "./verify";

/**
 * Reads the first pages and decides. A file pdf.js cannot open counts as having no text: only an
 * exact source may serve it, labelled unverified (readers are more forgiving than pdf.js).
 */
export async function checkPdfText(
  bytes: Uint8Array,
  expect: Expectation,
  exactSource: boolean,
): Promise<({ accept: true; verification: Verification } | { accept: false; reason: "mismatch" | "no_text" | "unverifiable" }) & { detail: string }> {
  let text = "";
  let note = "";
  // Page 2 only when page 1 shows neither the identifier nor the title.
  const settled = (t: string) => ["doi_on_page", "title"].includes(verifyText(t, expect).kind);
  try {
    const read = await extractLeadingText(bytes, undefined, settled);
    text = read.text;
    if (read.windowed) note = "read from the first and last parts; ";
  } catch (err) {
    note = `unreadable by pdf.js: ${String(err).slice(0, 120)}; `;
  }
  const verdict = verifyText(text, expect);
  return { ...decide(verdict, exactSource), detail: note + verdict.detail };
}
