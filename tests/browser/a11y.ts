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
  await target.waitFor();
  for (let i = 1; i <= maxTabs; i++) {
    await page.keyboard.press("Tab");
    // Re-resolved each time: a lazily loaded widget may replace its placeholder meanwhile.
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return i;
  }
  throw new Error(`tabTo: not reached by ${maxTabs} Tab presses (focus is on ${JSON.stringify(await focusedStyle(page))})`);
}

/**
 * Whether keyboard focus is visible: the outline and box-shadow of the focused element, its three
 * nearest ancestors and their descendants (react-aria draws a radio's or a field's ring on a wrapper
 * or an indicator next to the hidden input) are read focused and blurred; any difference counts.
 * Focus is put back afterwards (keyboard modality stays, so :focus-visible and react-aria's
 * data-focus-visible come back too).
 */
export async function hasVisibleFocus(page: Page): Promise<{ visible: boolean; focused: FocusStyle | null; changed: string[] }> {
  // Past any focus-ring transition, so computed styles are final.
  await page.waitForTimeout(250);
  const focused = await focusedStyle(page);
  const changed = await page.evaluate(async () => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    let root: HTMLElement = el;
    for (let i = 0; i < 3 && root.parentElement && root.parentElement !== document.body; i++) root = root.parentElement;
    const nodes = [el, ...Array.from(root.querySelectorAll<HTMLElement>("*")).slice(0, 300), root];
    const read = () =>
      nodes.map((n) => {
        const s = getComputedStyle(n);
        const outline = s.outlineStyle === "none" || s.outlineWidth === "0px" ? "none" : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`;
        return `${outline}|${s.boxShadow}`;
      });
    const on = read();
    // Focus moves to a probe next to the element rather than to nowhere: a dialog's focus scope
    // would pull a plain blur() straight back, and a menu would close.
    const probe = document.createElement("span");
    probe.tabIndex = -1;
    probe.style.cssText = "position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)";
    el.parentElement!.appendChild(probe);
    // The ring may be drawn from state that React applies on its next render (react-aria's
    // data-focus-visible), which a loaded machine delays well past any fixed wait: so poll for the
    // change (up to 3 s) instead of sampling once. If nothing changed, the "on" reading may itself
    // have been taken before the ring was drawn, so focus goes back and the ring gets 3 s to appear.
    const settle = async (from: string[]) => {
      const until = Date.now() + 3_000;
      let now = read();
      while (now.every((v, i) => v === from[i]) && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 50));
        now = read();
      }
      // Let a running transition finish, so what is compared is where it ends.
      await new Promise((r) => setTimeout(r, 200));
      return read();
    };
    probe.focus({ preventScroll: true });
    const off = await settle(on);
    el.focus({ preventScroll: true });
    probe.remove();
    let diff = nodes.flatMap((n, i) => (on[i] !== off[i] ? [`${n.tagName.toLowerCase()}.${n.className}: ${on[i]} vs ${off[i]}`] : []));
    if (diff.length === 0) {
      const back = await settle(off);
      diff = nodes.flatMap((n, i) => (back[i] !== off[i] ? [`${n.tagName.toLowerCase()}.${n.className}: ${back[i]} vs ${off[i]}`] : []));
    }
    if (diff.length > 0) return diff;
    // A collection item (menu item, option, tab) keeps its focused look while focus stays inside the
    // collection, so it is compared with an unfocused item of the same collection instead.
    const role = el.getAttribute("role");
    const collection = role ? el.closest('[role="menu"],[role="listbox"],[role="tablist"],[role="grid"],[role="radiogroup"]') : null;
    const other = collection ? Array.from(collection.querySelectorAll<HTMLElement>(`[role="${role}"]`)).find((n) => n !== el) : undefined;
    if (!other) return diff;
    const [mine, theirs] = [el, other].map((n) => {
      const s = getComputedStyle(n);
      return `${s.outlineStyle === "none" ? "none" : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`}|${s.boxShadow}`;
    });
    return mine !== theirs ? [`${role}: ${mine} vs an unfocused ${role}: ${theirs}`] : [];
  });
  return { visible: !!changed && changed.length > 0, focused, changed: changed ?? [] };
}

export type TabStop = { label: string; x: number; y: number; visible: boolean; ring: string };

/** The next `count` Tab stops: where each sits on the page, and whether it shows a focus ring. */
export async function tabStops(page: Page, count: number): Promise<TabStop[]> {
  const stops: TabStop[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press("Tab");
    const where = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const r = el.getBoundingClientRect();
      return {
        label: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40),
        x: r.left + r.width / 2,
        y: r.top + r.height / 2 + window.scrollY,
      };
    });
    if (!where) continue;
    const ring = await hasVisibleFocus(page);
    stops.push({ ...where, visible: ring.visible, ring: `${ring.focused?.outline} / ${ring.focused?.boxShadow}` });
  }
  return stops;
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
