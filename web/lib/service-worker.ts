/**
 * Registers the installed app's service worker (/sw.js, web/sw/service-worker.ts) once the page has
 * loaded, so its first fetches never compete with the page's own. Production builds only: the
 * development server has no /sw.js. Without service workers (an old browser, a private window that
 * refuses them) the site works as before.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const register = () => void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}
