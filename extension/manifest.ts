import { CHROMIUM_EXTENSION_KEY, FIREFOX_EXTENSION_ID } from "../contract/extension";

export type Target = "chromium" | "firefox";

/**
 * One Manifest V3 source for both families. Permissions are activeTab + scripting only: the page
 * is read when the user clicks, and no host permission means no install warning. The background
 * differs: Chromium runs a service worker, Firefox event-page scripts.
 */
export function manifest(target: Target, version: string) {
  const icons = { 16: "icons/16.png", 32: "icons/32.png", 48: "icons/48.png", 128: "icons/128.png" };
  const common = {
    manifest_version: 3,
    name: "دریافت",
    description: "مقالهٔ صفحه‌ای را که می‌خوانید با یک کلیک از دریافت بگیرید.",
    version,
    icons,
    permissions: ["activeTab", "scripting"],
    action: { default_popup: "popup.html", default_title: "دریافت این مقاله", default_icon: icons },
  };
  return target === "chromium"
    ? { ...common, key: CHROMIUM_EXTENSION_KEY, minimum_chrome_version: "102", background: { service_worker: "background.js" } }
    : {
        ...common,
        background: { scripts: ["background.js"] },
        browser_specific_settings: { gecko: { id: FIREFOX_EXTENSION_ID, strict_min_version: "115.0" } },
      };
}
