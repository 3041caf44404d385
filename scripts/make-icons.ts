/**
 * The installed app's icons (public/icons/, referenced by public/manifest.webmanifest and index.html),
 * drawn from the favicon's mark in Debian's Chromium: PNGs at the sizes installability and the splash
 * screen ask for (192, 512), a maskable 512 (full-bleed background, the mark inside the 80 % safe
 * circle) and Apple's 180 touch icon. Run again after changing public/favicon.svg:
 *
 *   npx tsx scripts/make-icons.ts
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const OUT = path.resolve(import.meta.dirname, "../public/icons");
const BLUE = "#0f4c81";
// The favicon's mark (an arrow into a tray) on its 64-unit grid.
const MARK = `<path d="M32 14v26m0 0-10-10m10 10 10-10M18 48h28" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;

/** `any` icons: the favicon as it is (rounded square). Maskable: square, the mark scaled into the safe zone. */
function svg(kind: "any" | "maskable"): string {
  if (kind === "any") return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BLUE}"/>${MARK}</svg>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BLUE}"/><g transform="translate(32 31) scale(0.62) translate(-32 -31)">${MARK}</g></svg>`;
}

const ICONS = [
  { file: "icon-192.png", size: 192, kind: "any" },
  { file: "icon-512.png", size: 512, kind: "any" },
  { file: "maskable-512.png", size: 512, kind: "maskable" },
  { file: "maskable-192.png", size: 192, kind: "maskable" },
  // Apple draws its own rounded corners over a square icon.
  { file: "apple-touch-icon.png", size: 180, kind: "maskable" },
] as const;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg(icon.kind).replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
    );
    writeFileSync(path.join(OUT, icon.file), await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } }));
    await page.close();
    console.log(`${icon.file} ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
