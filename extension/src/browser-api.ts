/**
 * The few extension APIs the popup and background use, typed here instead of pulling in
 * @types/chrome. Chromium and Firefox (MV3) both expose them on `chrome` and return promises.
 */
export interface Tab {
  id?: number;
  index: number;
  windowId: number;
  url?: string;
}

export interface ExtensionApi {
  tabs: {
    query(q: { active: true; currentWindow: true }): Promise<Tab[]>;
    create(p: { url: string; windowId?: number; index?: number; openerTabId?: number }): Promise<Tab>;
  };
  scripting: {
    executeScript<T>(p: { target: { tabId: number }; func: () => T }): Promise<{ result?: T }[]>;
  };
  runtime: {
    sendMessage(message: OpenSiteMessage): Promise<unknown>;
    onMessage: { addListener(fn: (message: unknown) => void): void };
  };
}

/** Popup → background: open a Daryaft page in a new tab beside the article (the popup closes when it opens). */
export interface OpenSiteMessage {
  type: "open";
  url: string;
  /** The article's window: the background has no window of its own to default to. */
  windowId?: number;
  index?: number;
  openerTabId?: number;
}

export const ext = (globalThis as unknown as { chrome: ExtensionApi }).chrome;
