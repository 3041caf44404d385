/**
 * Inputs refused before any job runs: links the pipeline must not fetch (lib/safe-url.ts), shadow
 * libraries (never a source, DESIGN.md "Lawful sourcing") and Iranian publishers (Persian
 * documents are not served).
 */
import type { IdentifyResult } from "../../../contract/identify";
import { detectPersianRequest, isPersianPublisherUrl } from "../../../lib/persian-detect";
import { getpdfMessages as m } from "./messages";
import { checkOutboundUrl } from "../../../lib/safe-url";

/** Registrable-name fragments of shadow libraries and their mirrors. */
const SHADOW_LIBRARY =
  /(^|\.)(sci-hub|scihub|libgen|library\.lol|libgen\.rs|z-lib|zlibrary|1lib|singlelogin|annas-archive|booksc|b-ok|bookfi|sci-net|ablesci|nexus-stc|standard-template-construct)(\.|$)/i;

function isShadowLibraryHost(host: string): boolean {
  return SHADOW_LIBRARY.test(host.toLowerCase());
}

type InputVerdict = { refuse: "error"; msg: string; persian: boolean } | { refuse: "offline-title"; title: string } | null;

/** null: go on and run (or join) the job. */
export function screenInput(raw: string, identified: IdentifyResult): InputVerdict {
  // Anything written as a link is judged as one, also when identify() could not read it as a URL
  // (ftp:, file:, http://localhost…, IPv6 literals).
  const trimmed = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^(doi|pmid|pmcid|pmc|arxiv|isbn|urn|info|pubmed)\b/i.test(trimmed)) {
    const firstToken = trimmed.split(/\s/)[0]!;
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(firstToken) || /^(javascript|data|file|mailto|tel|blob|about|vbscript):/i.test(firstToken)) {
      const check = checkOutboundUrl(firstToken);
      if (!check.ok) return { refuse: "error", msg: m.unsafeUrl, persian: false };
    }
  }
  if (identified.url) {
    let host = "";
    try {
      host = new URL(identified.url).hostname;
    } catch {
      host = "";
    }
    if (host && isShadowLibraryHost(host)) return { refuse: "error", msg: m.shadowLibrary, persian: false };
    if (isPersianPublisherUrl(identified.url)) return { refuse: "error", msg: m.persianPublisher, persian: true };
    // Only a link the pipeline will itself open must pass the fetch rules.
    if (identified.kind === "url" && !checkOutboundUrl(identified.url).ok) return { refuse: "error", msg: m.unsafeUrl, persian: false };
  }
  if (identified.kind === "title") {
    if (detectPersianRequest({ url: raw }).persian) return { refuse: "error", msg: "سفارش مدارک فارسی‌زبان امکان‌پذیر نیست.", persian: true };
    return { refuse: "offline-title", title: identified.title ?? raw.trim() };
  }
  return null;
}
