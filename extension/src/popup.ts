import { ext, type OpenSiteMessage, type Tab } from "./browser-api";
import { OfflineError, post, session, type GetPdfResult, type Progress } from "./daryaft-api";
import { readPage, type PageFinding } from "./read-page";
import { getpdfApi } from "../../contract/endpoints/getpdf";

/**
 * The popup: read the tab, show what was found, then each step of /getpdf/start for it as it
 * happens and its result. Past the server's bound it asks check again (at once after a held
 * answer; after 3 s when the answer came at once, as the spec's client polls).
 */
const POLL_MS = 3000;
const HELD_MS = 1000;
const result = document.getElementById("result")!;
const found = document.getElementById("found")!;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function show(...children: Node[]) {
  result.replaceChildren(...children);
}

function openSite(tab: Tab, path: string) {
  const message: OpenSiteMessage = { type: "open", url: `${DARYAFT_ORIGIN}${path}`, windowId: tab.windowId, index: tab.index + 1, openerTabId: tab.id };
  void ext.runtime.sendMessage(message);
}

function siteButton(tab: Tab, label: string, path: string, outline = false) {
  const b = el("button", { type: "button", className: outline ? "button button--outline" : "button", textContent: label });
  b.addEventListener("click", () => openSite(tab, path));
  return b;
}

function showFinding(f: PageFinding) {
  const rows: [string, string | null, boolean][] = [
    ["عنوان", f.title, false],
    ["DOI", f.doi, true],
    ["متن انتخاب‌شده", f.selection, false],
    ["لینک PDF در صفحه", f.pdfUrl, true],
  ];
  const items = rows.filter(([, v]) => v).flatMap(([k, v, ltr]) => [el("dt", { textContent: k }), el("dd", { textContent: v!, dir: ltr ? "ltr" : "auto" })]);
  if (!f.doi) items.push(el("dt", { textContent: "DOI" }), el("dd", { textContent: "در این صفحه DOI پیدا نشد؛ لینک صفحه فرستاده می‌شود." }));
  found.replaceChildren(...items);
  found.hidden = false;
}

function showResult(tab: Tab, r: GetPdfResult, query: string) {
  const text = [el("p", { textContent: r.msg }), ...(r.msg2 ? [el("p", { className: "muted", textContent: r.msg2 })] : [])];
  const q = encodeURIComponent(query);
  if (r.status === "ok" && r.download_link) {
    const link = new URL(r.download_link, DARYAFT_ORIGIN);
    show(el("h2", { textContent: "عملیات با موفقیت انجام شد" }), ...text, siteButton(tab, "دانلود", link.pathname + link.search));
  } else if (r.status === "buy") {
    show(el("h2", { textContent: "نیاز به خرید اعتبار" }), ...text, siteButton(tab, "خرید اعتبار و دانلود در سایت", `/?getUrl=${q}`));
  } else if (r.status === "offline") {
    show(
      el("h2", { textContent: "دانلود آنی ممکن نشد" }),
      ...text,
      siteButton(tab, "ثبت درخواست آفلاین", `/?getOfflineUrl=${encodeURIComponent(r.url ?? query)}`),
    );
  } else {
    show(el("h2", { textContent: "خطا" }), el("p", { className: "error", textContent: r.msg }));
  }
}

/** The steps heard so far: the same stage again replaces its line (its size arrived). */
const steps: { stage: string; text: string }[] = [];

function addStep(stage: string, text: string) {
  const last = steps.at(-1);
  if (last?.text === text) return;
  if (last?.stage === stage) last.text = text;
  else steps.push({ stage, text });
  showProcessing();
}

function showProcessing() {
  const list = el("ol", { className: "steps", ariaLabel: "مراحل دریافت" });
  steps.forEach((s, i) => {
    const now = i === steps.length - 1;
    const li = el("li", { className: now ? "steps__now" : "steps__done", textContent: s.text });
    li.dataset.stage = s.stage;
    if (now) li.setAttribute("aria-current", "step");
    list.append(li);
  });
  show(el("h2", { textContent: "در حال پردازش" }), el("div", { className: "progress", role: "progressbar", ariaLabel: "در حال پردازش" }, el("span")), list);
}

async function readTab(tab: Tab): Promise<PageFinding | null> {
  try {
    const [frame] = await ext.scripting.executeScript({ target: { tabId: tab.id! }, func: readPage });
    return frame?.result ?? null;
  } catch {
    return null; // browser pages, the web store, PDFs opened by the browser
  }
}

async function main() {
  const [tab] = await ext.tabs.query({ active: true, currentWindow: true });
  const finding = tab?.id != null ? await readTab(tab) : null;
  if (!tab || !finding) {
    show(el("p", { className: "error", textContent: "این صفحه خواندنی نیست. در صفحهٔ مقاله در سایت ناشر دوباره امتحان کنید." }));
    return;
  }
  showFinding(finding);
  try {
    const { token, signedIn } = await session();
    if (!signedIn) {
      show(
        el("p", { textContent: "برای دانلود با حساب خود، در سایت دریافت وارد شوید؛ این مقاله در سایت باز می‌شود." }),
        siteButton(tab, "ادامه در سایت دریافت", `/?getUrl=${encodeURIComponent(finding.query)}`),
      );
      openSite(tab, `/?getUrl=${encodeURIComponent(finding.query)}`);
      return;
    }
    addStep("identifying", "در حال شناسایی مقاله…");
    const onProgress = (p: Progress) => addStep(p.stage, p.text);
    let sent = Date.now();
    let r = await post(getpdfApi.start, { url: finding.query }, token, onProgress);
    while ("status" in r && r.status === "processing") {
      if (r.msg2) addStep(r.msg2, r.msg2);
      const held = Date.now() - sent >= HELD_MS;
      if (!held) await new Promise((done) => setTimeout(done, POLL_MS));
      sent = Date.now();
      r = await post(getpdfApi.check, { id: r.id }, token, onProgress);
    }
    if ("error" in r) show(el("p", { className: "error", textContent: r.error }));
    else showResult(tab, r, finding.query);
  } catch (e) {
    if (!(e instanceof OfflineError)) throw e;
    show(
      el("p", { className: "error", textContent: "دسترسی به سایت دریافت ممکن نشد. اتصال اینترنت را بررسی کنید." }),
      siteButton(tab, "باز کردن سایت دریافت", `/?getUrl=${encodeURIComponent(finding.query)}`, true),
    );
  }
}

void main();
