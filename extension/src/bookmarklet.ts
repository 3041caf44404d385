import { readPage } from "./read-page";

/** Runs on the reader's page: reads it and opens Daryaft with what it found. */
function openDaryaft(read: typeof readPage, origin: string) {
  open(`${origin}/?getUrl=${encodeURIComponent(read().query)}`);
}

/**
 * The bookmarklet: the same reader as the extension, inlined from its source (the site's build
 * minifies both functions, so the link is a few hundred bytes). `%` is escaped because a
 * javascript: URL is percent-decoded before it runs.
 */
export function bookmarkletHref(origin: string): string {
  return `javascript:void (${openDaryaft})(${readPage},${JSON.stringify(origin)})`.replace(/%/g, "%25");
}
