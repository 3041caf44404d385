/**
 * `npm run build:extension`: both packages are Manifest V3 with exactly activeTab + scripting and no
 * host permissions, the right background for each family, the build's Daryaft origin inside, and
 * zips that an independent reader (Info-ZIP's unzip) opens and tests.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_EXTENSION_ID, CHROMIUM_EXTENSION_KEY } from "../../contract/extension";
import { buildExtension, TARGETS } from "../../scripts/build-extension";
import { createHash } from "node:crypto";

const out = mkdtempSync(path.join(tmpdir(), "daryaft-ext-"));
let built: Awaited<ReturnType<typeof buildExtension>>;
beforeAll(async () => {
  built = await buildExtension({ origin: "https://daryaft.example/ignored/path", unpackedDir: path.join(out, "unpacked"), zipDir: path.join(out, "zips") });
}, 60_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

const unzip = (zip: string, ...args: string[]) => execFileSync("unzip", [...args, zip], { maxBuffer: 1 << 24 });

describe.each(TARGETS)("%s zip", (target) => {
  const fileOf = (name: string) => execFileSync("unzip", ["-p", built[target].zip!, name]).toString("utf8");

  it("passes unzip's own test and holds the unpacked build's files", () => {
    expect(unzip(built[target].zip!, "-t").toString()).toMatch(/No errors detected/);
    const listed = unzip(built[target].zip!, "-Z1").toString().trim().split("\n").sort();
    expect(listed).toEqual(expect.arrayContaining(["manifest.json", "popup.html", "popup.js", "popup.css", "background.js", "icons/128.png"]));
  });

  it("is Manifest V3 with activeTab and scripting only, and no host permissions", () => {
    const m = JSON.parse(fileOf("manifest.json")) as Record<string, unknown>;
    expect(m.manifest_version).toBe(3);
    expect(m.permissions).toEqual(["activeTab", "scripting"]);
    expect(m).not.toHaveProperty("host_permissions");
    expect(m).not.toHaveProperty("optional_host_permissions");
    expect(m).not.toHaveProperty("content_scripts");
    expect((m.action as { default_popup: string }).default_popup).toBe("popup.html");
    if (target === "chromium") {
      expect(m.background).toEqual({ service_worker: "background.js" });
      expect(m.key).toBe(CHROMIUM_EXTENSION_KEY);
    } else {
      expect(m.background).toEqual({ scripts: ["background.js"] });
      expect((m.browser_specific_settings as { gecko: { id: string } }).gecko.id).toMatch(/@/);
      expect(m).not.toHaveProperty("key");
    }
  });

  it("talks to the origin it was built for, and never sends the page's HTML", () => {
    const popup = fileOf("popup.js");
    expect(popup).toContain('"https://daryaft.example"');
    expect(popup).not.toMatch(/outerHTML|innerHTML|documentElement/);
    expect(fileOf("popup.html")).toMatch(/<html lang="fa" dir="rtl">/);
  });
});

it("pins the Chromium id to the key: sha256 of the key, first 32 hex digits mapped to a–p", () => {
  const hex = createHash("sha256").update(Buffer.from(CHROMIUM_EXTENSION_KEY, "base64")).digest("hex").slice(0, 32);
  expect([...hex].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join("")).toBe(CHROMIUM_EXTENSION_ID);
});

it("makes the same bytes from the same source", async () => {
  const again = await buildExtension({ origin: "https://daryaft.example", unpackedDir: path.join(out, "again"), zipDir: path.join(out, "again-zips") });
  for (const t of TARGETS) expect(readFileSync(again[t].zip!).equals(readFileSync(built[t].zip!))).toBe(true);
});
