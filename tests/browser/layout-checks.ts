/**
 * Two general checks of what a page shows, for any page state a browser test visits:
 * - assertNoCoveredControls(page): no visible interactive control has another element drawn over it
 *   (a geometric check: elementFromPoint at the control's centre and near its corners must land on
 *   the control, something inside it, or its own label);
 * - assertNoCoveredControlsAnywhere(page): the same over the whole page, scrolled one viewport at a
 *   time (a long desk page whose floating things cover different controls at different positions);
 * - assertNoLatinText(page, allow): no Latin word or digit in the text users read (rendered text and
 *   placeholders), except URLs, e-mail addresses, DOIs and ISBNs, and what `allow` names (titles,
 *   people's and products' names the page rightly shows as written).
 * Both fail with a list that says what and where, so a failure reads as a bug report.
 */
import type { Page } from "playwright-core";

/** One control that something else is drawn over. */
export type CoveredControl = { control: string; by: string; at: { x: number; y: number } };

/**
 * The controls covered by other elements in the page's current state (what the user sees now, at
 * this scroll position). A control counts when it is rendered, at least 4 px each way, not inert or
 * hidden from assistive technology (a modal's background is, while the modal is open), takes pointer
 * input, and its centre is on screen. The strips fixed or sticky along the top or bottom edge across
 * the viewport's width (app bars, the phone's tab bar) are the screen's edge: what scrolls under them
 * is off screen, not covered. Points clipped away by a scrolling ancestor are not sampled.
 */
export async function coveredControls(page: Page): Promise<CoveredControl[]> {
  return page.evaluate(() => {
    const INTERACTIVE =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="radio"], [role="checkbox"], [role="switch"], [role="menuitem"], [role="menuitemradio"], [role="option"], [role="combobox"], [role="slider"], [contenteditable="true"], [tabindex]:not([tabindex="-1"])';
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const describe = (el: Element) => {
      const h = el as HTMLElement;
      const name = (h.getAttribute("aria-label") ?? h.innerText ?? h.getAttribute("placeholder") ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const cls = typeof h.className === "string" && h.className ? `.${h.className.trim().split(/\s+/).slice(0, 2).join(".")}` : "";
      return `<${el.tagName.toLowerCase()}${cls}>${name ? ` "${name}"` : ""}`;
    };
    // Full-width strips fixed or sticky at the top or bottom edge: the usable screen lies between them.
    const edgeBars: Element[] = [];
    let top = 0;
    let bottom = vh;
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
      const pos = getComputedStyle(el).position;
      if (pos !== "fixed" && pos !== "sticky") continue;
      const r = el.getBoundingClientRect();
      if (r.width < vw * 0.8 || r.height === 0 || r.height > vh * 0.4) continue;
      if (r.top <= 1 && r.bottom > 0) {
        top = Math.max(top, r.bottom);
        edgeBars.push(el);
      } else if (r.bottom >= vh - 1 && r.top < vh) {
        bottom = Math.min(bottom, r.top);
        edgeBars.push(el);
      }
    }
    const inEdgeBar = (el: Element) => edgeBars.some((bar) => bar.contains(el));
    /** The part of `el`'s box its scrolling or clipping ancestors let show. */
    const visibleBox = (el: Element, box: DOMRect) => {
      let { left, right, top: t, bottom: b } = box;
      for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX === "visible" && s.overflowY === "visible" && s.clipPath === "none") continue;
        const r = p.getBoundingClientRect();
        if (s.overflowX !== "visible" || s.clipPath !== "none") (left = Math.max(left, r.left)), (right = Math.min(right, r.right));
        if (s.overflowY !== "visible" || s.clipPath !== "none") (t = Math.max(t, r.top)), (b = Math.min(b, r.bottom));
        if (s.position === "fixed") break;
      }
      return { left, right, top: t, bottom: b };
    };
    const out: { control: string; by: string; at: { x: number; y: number } }[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(INTERACTIVE))) {
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const style = getComputedStyle(el);
      if (style.pointerEvents === "none") continue;
      // An inline link broken over lines: its largest line box.
      const rects = Array.from(el.getClientRects());
      const box = rects.reduce<DOMRect | null>((a, r) => (!a || r.width * r.height > a.width * a.height ? r : a), null);
      if (!box || box.width < 4 || box.height < 4) continue;
      const shown = visibleBox(el, box);
      if (shown.right - shown.left < 4 || shown.bottom - shown.top < 4) continue;
      const cx = (shown.left + shown.right) / 2;
      const cy = (shown.top + shown.bottom) / 2;
      const barred = inEdgeBar(el);
      const onScreen = (y: number) => (barred ? y >= 0 && y < vh : y >= top && y < bottom);
      if (cx < 0 || cx >= vw || !onScreen(cy)) continue;
      // Near the corners, inside rounded ends: a quarter of the way in (at least 3 px, at most 12 px).
      const dx = Math.min(12, Math.max(3, (shown.right - shown.left) / 4));
      const dy = Math.min(12, Math.max(3, (shown.bottom - shown.top) / 4));
      const points = [
        [cx, cy],
        [shown.left + dx, shown.top + dy],
        [shown.right - dx, shown.top + dy],
        [shown.left + dx, shown.bottom - dy],
        [shown.right - dx, shown.bottom - dy],
      ] as const;
      const labels = "labels" in el ? Array.from((el as HTMLInputElement).labels ?? []) : [];
      for (const [x, y] of points) {
        if (x < 0 || x >= vw || !onScreen(y)) continue;
        const hit = document.elementFromPoint(x, y);
        if (!hit || hit === el || el.contains(hit) || labels.some((l) => l === hit || l.contains(hit))) continue;
        // A control inside a larger one (a button in a clickable row) is hit through its parent's box.
        if (hit.contains(el) && !hit.matches(INTERACTIVE)) continue;
        out.push({ control: describe(el), by: describe(hit), at: { x: Math.round(x), y: Math.round(y) } });
        break;
      }
    }
    return out;
  });
}

/** Fails when any visible control is covered by another element (see coveredControls). */
export async function assertNoCoveredControls(page: Page): Promise<void> {
  const found = await coveredControls(page);
  if (found.length) {
    const size = page.viewportSize();
    const where = `${page.url()} at ${size?.width}×${size?.height}, scrolled to ${await page.evaluate(() => Math.round(window.scrollY))}`;
    throw new Error(`covered controls on ${where}:\n${found.map((c) => `  ${c.control} is covered by ${c.by} at (${c.at.x}, ${c.at.y})`).join("\n")}`);
  }
}

/** What may be written in Latin letters or digits anywhere: links and e-mail addresses (taken out first)… */
const ADDRESSES: RegExp[] = [
  /\b[a-z][a-z0-9+.-]*:\/\/[^\s«»،؛)\u2066-\u2069]+/gi, // URLs, chrome://extensions
  /\bwww\.[^\s«»،؛)\u2066-\u2069]+/gi,
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, // e-mail addresses
];
/** …and DOIs (before the caller's entries: an allowed name may be a word inside one, "oa-unpaywall-1")… */
const DOIS = /\b10\.\d{4,9}\/[^\s«»،؛\u2066-\u2069]+/g;
/** …then ISBNs and host names (after the caller's entries). */
const IDENTIFIERS: RegExp[] = [
  /\b(?:97[89][-\s]?)?(?:\d[-\s]?){9}[\dX]\b/g, // ISBNs
  /\b(?:[a-z0-9-]+\.)+[a-z]{2,}\b/gi, // host names (oa.publisher.test), after DOIs (10.32614/cran.package.x)
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One piece of Latin text users would read, and where. */
export type LatinText = { text: string; in: string };

/**
 * The Latin words and digits in the page's user-facing text: every rendered text node (including
 * text only screen readers get) and the placeholders of visible fields, after removing URLs, e-mail
 * addresses, DOIs, ISBNs and each entry of `allow` (a literal string, matched as a whole word or
 * phrase in any case, or a pattern).
 */
export async function latinText(page: Page, allow: readonly (string | RegExp)[] = []): Promise<LatinText[]> {
  const texts = await page.evaluate(() => {
    const out: { text: string; in: string }[] = [];
    const where = (el: Element) => {
      const h = el as HTMLElement;
      const cls = typeof h.className === "string" && h.className ? `.${h.className.trim().split(/\s+/)[0]}` : "";
      return `<${el.tagName.toLowerCase()}${cls}>`;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      const text = n.textContent ?? "";
      if (!parent || !/[A-Za-z0-9]/.test(text)) continue;
      if (parent.closest("script, style, noscript, template, svg")) continue;
      if (!parent.checkVisibility({ checkVisibilityCSS: true })) continue;
      out.push({ text, in: where(parent) });
    }
    for (const el of Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input[placeholder], textarea[placeholder]"))) {
      if (el.checkVisibility({ checkVisibilityCSS: true }) && !el.value) out.push({ text: el.placeholder, in: `${where(el)} placeholder` });
    }
    return out;
  });
  // A string is matched as a whole word or phrase; addresses and DOIs go first ("DOI" is not the
  // "doi" of "doi.org", nor "Unpaywall" the word inside 10.5555/oa-unpaywall-1).
  // Longer entries first: "ACI 318-19" before "ACI".
  const sorted = [...allow].sort((a, b) => (typeof b === "string" ? b.length : 0) - (typeof a === "string" ? a.length : 0));
  const own = sorted.map((a) =>
    typeof a === "string"
      ? new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(a)}(?![A-Za-z0-9])`, "gi")
      : new RegExp(a.source, a.flags.includes("g") ? a.flags : `${a.flags}g`),
  );
  const patterns = [...ADDRESSES, DOIS, ...own, ...IDENTIFIERS];
  const found: LatinText[] = [];
  for (const t of texts) {
    let rest = t.text;
    for (const p of patterns) rest = rest.replace(p, " ");
    const latin = rest.match(/[A-Za-z0-9][A-Za-z0-9'’.-]*/g);
    if (latin) found.push({ text: latin.join(" "), in: `${t.in}: "${t.text.trim().slice(0, 80)}"` });
  }
  return found;
}

/**
 * Fails when the page shows Latin words or digits other than URLs, e-mail addresses, DOIs, ISBNs
 * and the `allow` list (titles, names: give them as written).
 */
export async function assertNoLatinText(page: Page, allow: readonly (string | RegExp)[] = []): Promise<void> {
  const found = await latinText(page, allow);
  if (found.length) {
    const size = page.viewportSize();
    throw new Error(`Latin text users would read on ${page.url()} at ${size?.width}px:\n${found.map((f) => `  ${f.text}   in ${f.in}`).join("\n")}`);
  }
}

type PageCovered = { control: string; by: string; at: { x: number; y: number } };

/**
 * The whole page, one viewport at a time (fixed things cover different controls at different scroll
 * positions); with a modal dialog open, only the dialog's controls count (covering the page is what
 * a modal is for). Fails when any control is covered, even in part, by another element.
 */
export async function assertNoCoveredControlsAnywhere(page: Page): Promise<void> {
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
      let left = r.left,
        top = r.top,
        right = r.right,
        bottom = r.bottom;
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
    const belongs = (hit: Element, control: Element) =>
      control.contains(hit) ||
      hit.contains(control) ||
      labelFor(control).some((l) => l.contains(hit)) ||
      (hit instanceof HTMLLabelElement && hit.control === control);

    const out: PageCovered[] = [];
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
    throw new Error(
      `controls covered on ${page.url()} at ${page.viewportSize()?.width ?? "?"} px:\n${found.map((f) => `  ${f.control} covered by ${f.by} at ${f.at.x},${f.at.y}`).join("\n")}`,
    );
  }
}
