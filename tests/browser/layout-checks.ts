/**
 * Geometric checks of a page as drawn. `assertNoCoveredControls(page)` fails when any control a
 * person could press or type into (links, buttons, fields, checkboxes, labels drawn as buttons,
 * summaries, anything focusable) is covered, even in part, by another element: a floating button, a
 * toast, a sticky bar, a neighbour that overflowed. The whole page is checked, one viewport at a time
 * (fixed things cover different controls at different scroll positions); with a modal dialog open,
 * only the dialog's controls count (covering the page is what a modal is for).
 */
import type { Page } from "playwright-core";

type Covered = { control: string; by: string; at: { x: number; y: number } };

export async function assertNoCoveredControls(page: Page): Promise<void> {
  const found = await page.evaluate(async () => {
    const SELECTOR = [
      "a[href]",
      "button",
      "input:not([type=hidden])",
      "select",
      "textarea",
      "summary",
      "label[for]",
      "[role=button]",
      "[role=link]",
      "[role=checkbox]",
      "[role=radio]",
      "[role=switch]",
      "[role=tab]",
      "[role=menuitem]",
      "[role=option]",
      "[tabindex]:not([tabindex='-1'])",
    ].join(",");
    const describe = (el: Element) => {
      const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60);
      const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 2).join(".")}` : "";
      return `<${el.tagName.toLowerCase()}${cls}> «${text}»`;
    };
    const shown = (el: Element) => {
      // Chromium's own answer covers what styles alone do not say (the closed <details>' content).
      const check = (el as Element & { checkVisibility?: (o: object) => boolean }).checkVisibility;
      if (check && !check.call(el, { contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true })) return false;
      for (let e: Element | null = el; e; e = e.parentElement) {
        if (e.parentElement instanceof HTMLDetailsElement && !e.parentElement.open && e.tagName !== "SUMMARY") return false;
        const s = getComputedStyle(e);
        if (s.display === "none" || s.visibility === "hidden" || Number(s.opacity) === 0) return false;
        if (e.hasAttribute("inert") || e.getAttribute("aria-hidden") === "true") return false;
      }
      return true;
    };
    /** The part of the element inside the viewport and every clipping ancestor. */
    const visibleRect = (el: Element) => {
      const r = el.getBoundingClientRect();
      let left = r.left, top = r.top, right = r.right, bottom = r.bottom;
      for (let e = el.parentElement; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.overflowX !== "visible" || s.overflowY !== "visible" || s.clipPath !== "none" || s.clip !== "auto") {
          const c = e.getBoundingClientRect();
          left = Math.max(left, c.left);
          top = Math.max(top, c.top);
          right = Math.min(right, c.right);
          bottom = Math.min(bottom, c.bottom);
        }
      }
      left = Math.max(left, 0);
      top = Math.max(top, 0);
      right = Math.min(right, window.innerWidth);
      bottom = Math.min(bottom, window.innerHeight);
      return right - left >= 4 && bottom - top >= 4 ? { left, top, right, bottom } : null;
    };
    const modal = Array.from(document.querySelectorAll("[role=dialog][aria-modal=true], [role=alertdialog][aria-modal=true], dialog[open]")).pop() ?? null;
    const scope: ParentNode = modal ?? document;
    const controls = Array.from(scope.querySelectorAll(SELECTOR)).filter((el) => {
      const r = el.getBoundingClientRect();
      // A visually hidden native input (its label is what is drawn) is not a target.
      return r.width >= 4 && r.height >= 4 && shown(el);
    });
    const labelFor = (el: Element) => (el.id ? Array.from(document.querySelectorAll(`label[for="${CSS.escape(el.id)}"]`)) : []);
    const belongs = (hit: Element, control: Element) => control.contains(hit) || hit.contains(control) || labelFor(control).some((l) => l.contains(hit)) || (hit instanceof HTMLLabelElement && hit.control === control);

    const out: Covered[] = [];
    const seen = new Set<Element>();
    const doc = document.scrollingElement ?? document.documentElement;
    const start = doc.scrollTop;
    const steps = Math.min(30, Math.ceil(doc.scrollHeight / window.innerHeight));
    for (let i = 0; i < steps; i++) {
      doc.scrollTop = i * window.innerHeight * 0.9;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      for (const control of controls) {
        if (seen.has(control)) continue;
        const v = visibleRect(control);
        if (!v) continue;
        const w = v.right - v.left;
        const h = v.bottom - v.top;
        const points = [
          [v.left + w / 2, v.top + h / 2],
          [v.left + w * 0.2, v.top + h * 0.3],
          [v.right - w * 0.2, v.top + h * 0.3],
          [v.left + w * 0.2, v.bottom - h * 0.3],
          [v.right - w * 0.2, v.bottom - h * 0.3],
        ];
        for (const [x, y] of points) {
          const hit = document.elementFromPoint(x!, y!);
          if (!hit || belongs(hit, control)) continue;
          out.push({ control: describe(control), by: describe(hit), at: { x: Math.round(x!), y: Math.round(y!) } });
          seen.add(control);
          break;
        }
      }
    }
    doc.scrollTop = start;
    return out;
  });
  if (found.length) {
    throw new Error(`controls covered on ${page.url()} at ${page.viewportSize()?.width ?? "?"} px:\n${found.map((f) => `  ${f.control} covered by ${f.by} at ${f.at.x},${f.at.y}`).join("\n")}`);
  }
}
