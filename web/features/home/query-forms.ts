import type { LinkPanelProps } from "../getpdf/panels/link-panel";

/**
 * Home query forms (search spec §2): ?getUrl={url} starts a link download, ?getOfflineUrl={url}
 * &doi={doi}&desc={desc} opens an offline request, ?login opens the login dialog.
 */
export type HomeSearch = {
  getUrl?: string;
  /** What the installed app's share target received (GET /share picks it: lib/share-input.ts). */
  shared?: string;
  getOfflineUrl?: string;
  doi?: string;
  desc?: string;
  login?: boolean;
  /** Where the institution joining link landed (worker/features/institutions): joined, expired, used, invalid, taken. */
  university_verify?: string;
};

function text(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  // The router's parser turns "123" into a number and "true" into a boolean; the forms want text.
  const s = typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : undefined;
  return s && s.trim() ? s.trim() : undefined;
}

/** The home route's search validator: unknown keys are dropped, values become text. */
export function parseHomeSearch(raw: Record<string, unknown>): HomeSearch {
  const out: HomeSearch = {};
  const getUrl = text(raw.getUrl);
  const getOfflineUrl = text(raw.getOfflineUrl);
  if (getUrl) out.getUrl = getUrl;
  const shared = text(raw.shared);
  if (shared) out.shared = shared.slice(0, 2000);
  if (getOfflineUrl) {
    out.getOfflineUrl = getOfflineUrl;
    const doi = text(raw.doi);
    const desc = text(raw.desc);
    if (doi) out.doi = doi;
    if (desc) out.desc = desc;
  }
  // "?login" has no value: the key being there is the signal.
  if ("login" in raw && raw.login !== false) out.login = true;
  const verify = text(raw.university_verify);
  if (verify && /^[a-z]{1,16}$/.test(verify)) out.university_verify = verify;
  return out;
}

export type LinkPanelStart = Pick<LinkPanelProps, "initialUrl" | "autoStart" | "offlineStart">;

/** What the type-1 panel is drawn with (on the server too): the box filled in from ?getUrl=. Starts come after (pending-intent.ts). */
export function linkPanelStartFrom(search: HomeSearch): LinkPanelStart {
  // ?getUrl= and ?shared= (the installed app's share target) fill the box the same way.
  const url = search.getUrl ?? search.shared;
  return url ? { initialUrl: url } : {};
}
