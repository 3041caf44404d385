/**
 * arXiv API client: one e-print by id, parsed from the Atom feed.
 * Wire format: tests/fixtures/arxiv (SOURCES.md §5). Accepts the 2025 feed
 * (bare <link href>) and the older one (rel="alternate" / title="pdf").
 * Errors arrive as a feed whose single entry is titled "Error".
 */
import { z } from "zod";
import { validateOutput } from "./decode";
import { clientTransport } from "./base";
import { PROVIDER_LIMITS, UpstreamError, readText, type ClientBaseOptions } from "./http";
import { XmlParseError, childElements, childText, firstChild, parseXml, textContent, type XmlElement } from "./xml";

const PROVIDER = "arxiv";
const ENDPOINT = "https://export.arxiv.org/api/query";
const ATOM = "http://www.w3.org/2005/Atom";
const ARXIV = "http://arxiv.org/schemas/atom";

/** New-style (2101.01234, optional version) or old-style (hep-th/9901001, math.AG/0101001). */
const ARXIV_ID = /^(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?$/;

export const ArxivEntrySchema = z.object({
  /** Id with version, e.g. "2201.13452v1". */
  id: z.string(),
  /** Id without version, e.g. "2201.13452". */
  baseId: z.string(),
  title: z.string().nullable(),
  summary: z.string().nullable(),
  authors: z.array(z.string()),
  published: z.string().nullable(),
  updated: z.string().nullable(),
  pdfUrl: z.string(),
  absUrl: z.string(),
  doi: z.string().nullable(),
  primaryCategory: z.string().nullable(),
  journalRef: z.string().nullable(),
  comment: z.string().nullable(),
});
export type ArxivEntry = z.infer<typeof ArxivEntrySchema>;

export interface ArxivClientOptions extends ClientBaseOptions {
  userAgent?: string | undefined;
}

export interface ArxivClient {
  /** null when arXiv has no such e-print. */
  getById(id: string): Promise<ArxivEntry | null>;
}

/** "arXiv:2101.01234v2", "https://arxiv.org/abs/2101.01234" -> "2101.01234v2"; throws if not an id. */
export function normalizeArxivId(input: string): string {
  const s = input
    .trim()
    .replace(/^https?:\/\/(export\.)?arxiv\.org\/(abs|pdf)\//i, "")
    .replace(/\.pdf$/i, "")
    .replace(/^arxiv:/i, "");
  if (!ARXIV_ID.test(s)) throw new RangeError(`not an arXiv id: ${input.slice(0, 100)}`);
  return s;
}

export function createArxivClient(opts: ArxivClientOptions): ArxivClient {
  const upstream = clientTransport(opts, { provider: PROVIDER, defaultTimeoutMs: 15_000, limits: PROVIDER_LIMITS.arxiv });

  return {
    async getById(input) {
      const id = normalizeArxivId(input);
      const url = new URL(ENDPOINT);
      url.searchParams.set("id_list", id);
      url.searchParams.set("max_results", "1");
      const headers: Record<string, string> = { Accept: "application/atom+xml" };
      if (opts.userAgent) headers["User-Agent"] = opts.userAgent;

      // 400 carries an Atom error feed; 503 may be the plain "Rate exceeded." body.
      const res = await upstream.send(url, { headers }, { acceptStatuses: [400, 503] });
      const text = await readText(res, PROVIDER);
      if (/^\s*Rate exceeded\.?\s*$/i.test(text)) {
        const err = new UpstreamError({ provider: PROVIDER, kind: "rate_limited", status: res.status, message: "arxiv: Rate exceeded.", retryAfterSeconds: 5 });
        await upstream.budget?.slowDown(err.retryAfterSeconds);
        throw err;
      }
      if (res.status === 503) {
        throw new UpstreamError({ provider: PROVIDER, kind: "http", status: 503, message: "arxiv: HTTP 503" });
      }
      const entry = parseArxivFeed(text, id, res.status);
      return entry ? validateOutput(ArxivEntrySchema, entry, PROVIDER, "entry") : null;
    },
  };
}

/**
 * Pull the entry for `id` out of an Atom feed. Throws UpstreamError for a
 * malformed feed or an Error entry; null for an empty feed or another id.
 */
export function parseArxivFeed(xml: string, id: string, status = 200): ArxivEntry | null {
  let feed: XmlElement;
  try {
    feed = parseXml(xml);
  } catch (err) {
    if (err instanceof XmlParseError) {
      throw new UpstreamError({ provider: PROVIDER, kind: "parse", status, message: `arxiv: malformed feed (${err.message})`, cause: err });
    }
    throw err;
  }
  if (feed.local !== "feed" || feed.ns !== ATOM) {
    throw new UpstreamError({ provider: PROVIDER, kind: "parse", status, message: `arxiv: expected an Atom feed, got <${feed.name}>` });
  }
  const entries = childElements(feed, "entry", ATOM);
  const errorEntry = entries.find(isErrorEntry);
  if (errorEntry) {
    const detail = childText(errorEntry, "summary", ATOM) ?? "unknown error";
    throw new UpstreamError({ provider: PROVIDER, kind: "http", status, message: `arxiv: ${detail}`, providerMessage: detail });
  }
  if (status >= 400) {
    throw new UpstreamError({ provider: PROVIDER, kind: "http", status, message: `arxiv: HTTP ${status}` });
  }
  const wanted = baseIdOf(id);
  for (const e of entries) {
    const mapped = mapEntry(e);
    if (mapped && mapped.baseId === wanted) return mapped;
  }
  return null;
}

function isErrorEntry(e: XmlElement): boolean {
  const title = childText(e, "title", ATOM);
  const entryId = childText(e, "id", ATOM) ?? "";
  return title === "Error" || /\/api\/errors/.test(entryId);
}

function baseIdOf(id: string): string {
  return id.replace(/v\d+$/, "");
}

function httpsArxiv(href: string): string {
  return href.replace(/^http:\/\/(export\.)?arxiv\.org\//i, "https://arxiv.org/");
}

function mapEntry(e: XmlElement): ArxivEntry | null {
  const rawId = childText(e, "id", ATOM);
  if (!rawId) return null;
  const idMatch = /arxiv\.org\/abs\/(.+)$/i.exec(rawId);
  const id = idMatch ? idMatch[1]! : rawId;
  if (!ARXIV_ID.test(id)) return null;
  const baseId = baseIdOf(id);

  let pdfUrl: string | null = null;
  let absUrl: string | null = null;
  let doiFromLink: string | null = null;
  for (const link of childElements(e, "link", ATOM)) {
    const href = link.attrs["href"];
    if (!href) continue;
    const rel = link.attrs["rel"];
    const title = link.attrs["title"];
    const type = link.attrs["type"];
    if (title === "doi") doiFromLink = href.replace(/^https?:\/\/(dx\.)?doi\.org\//i, "");
    else if (title === "pdf" || type === "application/pdf" || /arxiv\.org\/pdf\//i.test(href)) pdfUrl ??= httpsArxiv(href);
    else if (rel === "alternate" || /arxiv\.org\/abs\//i.test(href)) absUrl ??= httpsArxiv(href);
  }

  const primary = firstChild(e, "primary_category", ARXIV);
  return {
    id,
    baseId,
    title: childText(e, "title", ATOM),
    summary: childText(e, "summary", ATOM),
    authors: childElements(e, "author", ATOM).flatMap((a) => childText(a, "name", ATOM) ?? []),
    published: childText(e, "published", ATOM),
    updated: childText(e, "updated", ATOM),
    pdfUrl: pdfUrl ?? `https://arxiv.org/pdf/${id}`,
    absUrl: absUrl ?? `https://arxiv.org/abs/${id}`,
    doi: childText(e, "doi", ARXIV) ?? doiFromLink,
    primaryCategory: primary?.attrs["term"] ?? null,
    journalRef: childText(e, "journal_ref", ARXIV),
    comment: (() => {
      const c = firstChild(e, "comment", ARXIV);
      return c ? textContent(c).replace(/\s+/g, " ").trim() || null : null;
    })(),
  };
}
