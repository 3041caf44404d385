import { ext, type OpenSiteMessage } from "./browser-api";

/**
 * Opens Daryaft pages for the popup. The popup closes as soon as a new tab takes the focus, which
 * can cut its own call short in Firefox; the background outlives it. Only our own origin is opened.
 */
ext.runtime.onMessage.addListener((message) => {
  const m = message as Partial<OpenSiteMessage>;
  if (m?.type !== "open" || typeof m.url !== "string" || new URL(m.url).origin !== DARYAFT_ORIGIN) return;
  void ext.tabs.create({ url: m.url, index: m.index, openerTabId: m.openerTabId });
});
