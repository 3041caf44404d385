/**
 * What a Web Share Target receives (the manifest's share_target: `title`, `text`, `url`) turned into
 * the one input the link box starts with. Apps put things in different places: Chrome on Android
 * shares a page as title + url, many apps put the link inside `text` ("Title https://…"), a selected
 * DOI or reference arrives as `text`. The first field holding an identifier (DOI, arXiv, PubMed,
 * PMC, ISBN) wins as given (the start reads it again); else the first link; else the text as a
 * reference to match; else the title.
 */
import { identify } from "./identify";

export type SharedData = { title?: string | undefined; text?: string | undefined; url?: string | undefined };

/** The link box's own limit (contract/getpdf.ts GetPdfStartInput). */
export const SHARED_INPUT_MAX = 2000;

const IDENTIFIER_KINDS = new Set(["doi", "arxiv", "pmid", "pmcid", "isbn"]);
const BARE_LINK = /https?:\/\/[^\s<>"'«»]+/i;

export function shareInput(shared: SharedData): string | null {
  const fields = [shared.url, shared.text, shared.title].map((v) => (v ?? "").trim().slice(0, SHARED_INPUT_MAX)).filter((v) => v !== "");
  if (!fields.length) return null;
  const recognised = fields.map((v) => ({ v, r: identify(v) }));
  const withId = recognised.find(({ r }) => IDENTIFIER_KINDS.has(r.kind));
  if (withId) return withId.v;
  const link = recognised.find(({ r }) => r.kind === "url");
  if (link) return link.r.url ?? link.v;
  for (const v of fields) {
    const bare = BARE_LINK.exec(v)?.[0].replace(/[.,;:!?)\]]+$/, "");
    if (bare) return bare;
  }
  return (shared.text ?? "").trim().slice(0, SHARED_INPUT_MAX) || fields[fields.length - 1]!;
}
