/**
 * Accessibility checks for the browser tests: axe-core injected into the page (serious and critical
 * violations fail, with rule ids and node selectors in the message), focus-ring detection and
 * right-to-left Tab-order helpers for the keyboard tests.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Locator, Page } from "playwright-core";

const require = createRequire(import.meta.url);
// Evaluated through the DevTools protocol rather than a <script> tag: the production CSP
// (no inline scripts) would refuse an injected tag, and the check must not need a weaker CSP.
const AXE_SOURCE = readFileSync(require.resolve("axe-core"), "utf8");

export type AxeNode = { target: string[]; html: string; failureSummary?: string };
export type AxeViolation = { id: string; impact: string | null; help: string; helpUrl: string; nodes: AxeNode[] };

const BLOCKING = new Set(["serious", "critical"]);

/** Every axe result of every check run in this process, for a summary at the end of a file. */
export const axeLog: { where: string; violations: AxeViolation[] }[] = [];

async function ensureAxe(page: Page) {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === "object");
  if (!loaded) await page.evaluate(AXE_SOURCE);
}

/**
 * Runs axe on the page (or inside `scope`, e.g. an open dialog) and returns the serious and critical
 * violations. Animations are let settle first so colour-contrast sees final colours.
 */
export async function axeViolations(page: Page, scope?: string): Promise<AxeViolation[]> {
  await page.evaluate(() => document.fonts?.ready);
  await page.waitForTimeout(350);
  await ensureAxe(page);
  const result = (await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: unknown[] }> } }).axe;
    // react-aria's LiveAnnouncer is a visually hidden log of transient announcements (7 s); a pending
    // button's announcement points at the button by id and goes stale when the button leaves. It is
    // library plumbing, not page content, so it is left out of the check.
    const exclude = [["[data-live-announcer]"]];
    const context = selector ? { include: [[selector]], exclude } : { exclude };
    return axe.run(context, { resultTypes: ["violations"] });
  }, scope ?? null)) as { violations: AxeViolation[] };
  return result.violations.filter((v) => v.impact !== null && BLOCKING.has(v.impact));
}

export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}  ${n.html.slice(0, 160)}`).join("\n")}`)
    .join("\n");
}

/**
 * Fails with the rule ids and nodes when axe finds serious or critical violations.
 * `where` names the page or dialog in the message.
 */
export async function expectNoAxeViolations(page: Page, where: string, scope?: string) {
  const violations = await axeViolations(page, scope);
  axeLog.push({ where, violations });
  if (violations.length > 0) {
    throw new Error(`axe: ${violations.length} serious/critical violation(s) on ${where} (${page.url()}):\n${formatViolations(violations)}`);
  }
}

/** What the focused element looks like: the parts of its style that make focus visible. */
export type FocusStyle = { outline: string; boxShadow: string; tag: string; label: string };

export async function focusedStyle(page: Page): Promise<FocusStyle | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const s = getComputedStyle(el);
    const outline = s.outlineStyle === "none" || s.outlineWidth === "0px" ? "none" : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`;
    return {
      outline,
      boxShadow: s.boxShadow,
      tag: el.tagName.toLowerCase(),
      label: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 60),
    };
  });
}

/**
 * Focuses `target` by keyboard (Tab presses from where focus is now, at most `maxTabs`), then checks
 * that its outline or box-shadow differs from its unfocused style. Returns the number of Tabs used.
 */
export async function tabTo(page: Page, target: Locator, maxTabs = 60): Promise<number> {
  const handle = await target.elementHandle();
  if (!handle) throw new Error("tabTo: target not found");
  for (let i = 1; i <= maxTabs; i++) {
    await page.keyboard.press("Tab");
    if (await handle.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return i;
  }
  throw new Error(`tabTo: not reached by ${maxTabs} Tab presses (focus is on ${JSON.stringify(await focusedStyle(page))})`);
}

/**
 * The focused element's ring compared with the same element blurred: visible when the outline or the
 * box-shadow differs. Focus is put back afterwards (keyboard modality stays, so :focus-visible and
 * react-aria's data-focus-visible come back too).
 */
export async function hasVisibleFocus(page: Page): Promise<{ visible: boolean; focused: FocusStyle | null; blurred: { outline: string; boxShadow: string } | null }> {
  // Past any focus-ring transition, so computed styles are final.
  await page.waitForTimeout(250);
  const focused = await focusedStyle(page);
  const blurred = await page.evaluate(async () => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    el.blur();
    await new Promise((r) => setTimeout(r, 250));
    const s = getComputedStyle(el);
    const outline = s.outlineStyle === "none" || s.outlineWidth === "0px" ? "none" : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`;
    const result = { outline, boxShadow: s.boxShadow };
    el.focus({ preventScroll: true });
    return result;
  });
  const visible = !!focused && !!blurred && (focused.outline !== blurred.outline || focused.boxShadow !== blurred.boxShadow);
  return { visible, focused, blurred };
}

/**
 * The horizontal centres of the focusable elements met by `count` Tab presses, with their labels:
 * used to check that focus moves right to left within a row.
 */
export async function tabSequence(page: Page, count: number): Promise<{ label: string; x: number; y: number; visible: boolean }[]> {
  const seq: { label: string; x: number; y: number; visible: boolean }[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press("Tab");
    const info = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const r = el.getBoundingClientRect();
      return { label: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40), x: r.left + r.width / 2, y: r.top + r.height / 2 + window.scrollY };
    });
    if (!info) continue;
    const ring = await focusedStyle(page);
    seq.push({ ...info, visible: !!ring && (ring.outline !== "none" || ring.boxShadow !== "none") });
  }
  return seq;
}

/**
 * For elements in one visual row (same y within `tolerance` px), each later element must sit to the
 * left of the earlier one: right-to-left order. Returns the offending pairs.
 */
export function leftToRightInversions(seq: { label: string; x: number; y: number }[], tolerance = 12): string[] {
  const bad: string[] = [];
  for (let i = 1; i < seq.length; i++) {
    const a = seq[i - 1]!;
    const b = seq[i]!;
    if (Math.abs(a.y - b.y) <= tolerance && b.x > a.x + 2) bad.push(`"${a.label}" (x=${Math.round(a.x)}) → "${b.label}" (x=${Math.round(b.x)})`);
  }
  return bad;
}
