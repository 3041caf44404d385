import { ext, type OpenSiteMessage } from "./browser-api";

/**
 * Opens Daryaft pages for the popup. The popup closes as soon as a new tab takes the focus, which
 * can cut its own call short in Firefox; the background outlives it. Only our own origin is opened.
 *
 * The tab goes into the article's window by id: without one, Chromium picks the background's
 * "current" window, which is the popup's DevTools window while the popup is inspected, and then
 * refuses the article as opener ("Tab opener must be in the same window"), so the press did nothing.
 * A placement that fails all the same (the article's tab or window closed meanwhile) still opens the page.
 */
ext.runtime.onMessage.addListener((message) => {
  const m = message as Partial<OpenSiteMessage>;
  if (m?.type !== "open" || typeof m.url !== "string" || new URL(m.url).origin !== DARYAFT_ORIGIN) return;
  const url = m.url;
  void ext.tabs.create({ url, windowId: m.windowId, index: m.index, openerTabId: m.openerTabId }).catch(() => ext.tabs.create({ url }));
});
