import { describe, expect, it } from "vitest";
import { pdfBytes, pdfHeaderThenHtml } from "../../../tests/worker/helpers/vip-documents";
import { attachmentHeader, cleanFileName, isPdf } from "./files";

describe("isPdf", () => {
  it("accepts a complete PDF and refuses one judged by its first bytes only", async () => {
    expect(await isPdf(new Blob([pdfBytes()]))).toBe(true);
    expect(await isPdf(new Blob(["%PDF-1.7\n..."]))).toBe(false);
    expect(await isPdf(new Blob([pdfHeaderThenHtml()]))).toBe(false);
    expect(await isPdf(new Blob(["<html>%PDF-"]))).toBe(false);
    expect(await isPdf(new Blob(["%PD"]))).toBe(false);
    expect(await isPdf(new Blob([]))).toBe(false);
  });
});

describe("cleanFileName", () => {
  it.each([
    ["book.pdf", "book.pdf"],
    ["C:\\Users\\x\\Book Title.PDF", "Book Title.PDF"],
    ["../../etc/passwd", "passwd.pdf"],
    ['a"b\u0000c.pdf', "abc.pdf"],
    ["", "document.pdf"],
    ["کتاب.pdf", "کتاب.pdf"],
  ])("%j → %j", (input, out) => expect(cleanFileName(input)).toBe(out));
});

describe("attachmentHeader", () => {
  it("keeps a Persian name in filename* and gives an ASCII fallback", () => {
    expect(attachmentHeader("کتاب 1.pdf")).toBe(`attachment; filename="____ 1.pdf"; filename*=UTF-8''${encodeURIComponent("کتاب 1.pdf")}`);
    expect(attachmentHeader('a"b.pdf')).toBe(`attachment; filename="a_b.pdf"; filename*=UTF-8''a%22b.pdf`);
  });
});
