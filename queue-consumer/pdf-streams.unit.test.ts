import { describe, expect, it } from "vitest";
import { deflateSync } from "node:zlib";
import { pdfBomb } from "../tests/fuzz/hostile-bodies";
import { checkPdfText } from "./check-pdf";
import { MAX_STREAM_INFLATED, PdfBombError, checkStreamExpansion } from "./pdf-streams";

describe("PDF compression bombs before pdf.js", () => {
  it("a page whose content stream inflates to 200 MB is refused before pdf.js holds it (it took ~240 MB of heap and 12 s)", async () => {
    const bomb = pdfBomb(200 * 1024 * 1024);
    expect(bomb.byteLength).toBeLessThan(300_000);
    await expect(checkStreamExpansion(bomb)).rejects.toBeInstanceOf(PdfBombError);
    const check = await checkPdfText(bomb, { doi: "10.5555/x", title: "A title" }, true);
    expect(check.accept).toBe(false);
    expect(check.reason).toBe("unreadable");
  });

  it("a stream within the cap, an image stream and an unfiltered stream pass", async () => {
    await expect(checkStreamExpansion(pdfBomb(4 * 1024 * 1024))).resolves.toBeUndefined();
    const image = deflateSync(Buffer.alloc(MAX_STREAM_INFLATED + 1024 * 1024));
    const pdf = Buffer.concat([
      Buffer.from(`%PDF-1.7\n5 0 obj\n<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /Length ${image.length} /Filter /FlateDecode >>\nstream\n`),
      image,
      Buffer.from("\nendstream\nendobj\n6 0 obj\n<< /Length 5 >>\nstream\nhello\nendstream\nendobj\n"),
    ]);
    await expect(checkStreamExpansion(new Uint8Array(pdf))).resolves.toBeUndefined();
  });
});
