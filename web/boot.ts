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

// After the next paint: a frame callback runs just before it, a task queued there just after. A tab
// opened in the background paints nothing (and runs no frame callbacks) until shown: start at once.
if (document.visibilityState === "hidden") start();
else requestAnimationFrame(() => setTimeout(start, 0));
