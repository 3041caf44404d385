import "./styles/fonts.css";
import "./styles/global.css";

/**
 * The page's first script. Pages arrive drawn by the Worker (decision 0010), so the app's code is
 * fetched once the browser has painted them: on a slow link the first paint then never shares the
 * bandwidth with the app's ~130 KB of script. The lazy parts the server drew (their chunks named in
 * the `app-preload` meta tag) are fetched at the same moment, beside the app.
 */
function start() {
  const preload = document.querySelector<HTMLMetaElement>('meta[name="app-preload"]')?.content.split(" ").filter(Boolean) ?? [];
  for (const href of preload) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }
  void import("./main");
}

/**
 * Between the first paint and hydration the drawn controls have no handlers yet: a button press
 * would do nothing and a form would submit natively (a reload). A press on a control React has not
 * hydrated is kept and replayed on the same element once React has taken it over and its effects
 * have run (so a field's text typed early is in the app's state). If React hydrated the control
 * during that very event (it hydrates the target of a press at once when it can) it handled the
 * press itself: nothing is replayed. Links, radios and text need nothing: the browser handles them
 * and the app takes their state up when hydrated.
 */
const isHydrated = (el: Element) => Object.keys(el).some((k) => k.startsWith("__reactProps$"));
const early = (el: Element) => !isHydrated(el) && (document.getElementById("root")?.contains(el) ?? false);

function replayOnceHydrated(el: Element, replay: () => void) {
  const since = performance.now();
  const poll = () => {
    if (!el.isConnected || performance.now() - since > 15_000) return;
    // A frame and a task more once hydrated: its effects have run and its state has settled.
    if (isHydrated(el)) requestAnimationFrame(() => setTimeout(() => el.isConnected && replay(), 0));
    else requestAnimationFrame(poll);
  };
  // Checked after the event: hydrated during it means React answered it.
  setTimeout(() => isHydrated(el) || poll(), 0);
}

addEventListener(
  "submit",
  (e) => {
    const form = e.target as HTMLFormElement;
    if (!early(form)) return;
    e.preventDefault();
    const submitter = e.submitter as HTMLButtonElement | null;
    replayOnceHydrated(form, () => form.requestSubmit(submitter?.isConnected && submitter.form === form ? submitter : undefined));
  },
  true,
);
addEventListener(
  "click",
  (e) => {
    const button = (e.target as Element).closest?.("button");
    // A form's submit button arrives as the form's submit, above.
    if (!button || (button.type === "submit" && button.form) || !early(button)) return;
    replayOnceHydrated(button, () => button.click());
  },
  true,
);

// After the next paint: a frame callback runs just before it, a task queued there just after. A tab
// opened in the background paints nothing (and runs no frame callbacks) until shown: start at once.
if (document.visibilityState === "hidden") start();
else requestAnimationFrame(() => setTimeout(start, 0));
