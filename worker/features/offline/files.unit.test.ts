import { describe, expect, it } from "vitest";
import { checkFileLink, cleanFileName, isPdf, signFileLink } from "./files";

const SECRET = "unit-test-secret";
const claims = { requestId: "off_abc", fileKey: "offline/xyz.pdf", viewerId: "usr_owner", expiresAt: 2_000_000 };

function sigOf(path: string) {
  const u = new URL(path, "https://x.test");
  return { exp: Number(u.searchParams.get("exp")), sig: u.searchParams.get("sig")! };
}

describe("signed file links", () => {
  it("checks for the viewer they were made for, until they expire", async () => {
    const path = await signFileLink(SECRET, claims);
    expect(path.startsWith("/offline/file/off_abc?exp=2000000&sig=")).toBe(true);
    const { sig } = sigOf(path);
    expect(await checkFileLink(SECRET, claims, sig, 1_999_999)).toBe("ok");
    expect(await checkFileLink(SECRET, claims, sig, 2_000_000)).toBe("expired");
  });

  it("does not work for another viewer, another file, another expiry or another secret", async () => {
    const { sig } = sigOf(await signFileLink(SECRET, claims));
    expect(await checkFileLink(SECRET, { ...claims, viewerId: "usr_other" }, sig, 0)).toBe("invalid");
    expect(await checkFileLink(SECRET, { ...claims, fileKey: "offline/new.pdf" }, sig, 0)).toBe("invalid");
    expect(await checkFileLink(SECRET, { ...claims, expiresAt: 9_000_000 }, sig, 0)).toBe("invalid");
    expect(await checkFileLink("another-secret", claims, sig, 0)).toBe("invalid");
    // an expired link for another viewer is invalid, not merely expired
    expect(await checkFileLink(SECRET, { ...claims, viewerId: "usr_other" }, sig, 3_000_000)).toBe("invalid");
  });
});

describe("isPdf", () => {
  it("accepts %PDF- and refuses anything else", async () => {
    expect(await isPdf(new Blob(["%PDF-1.7\n..."]))).toBe(true);
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
