/**
 * Elsevier Article Retrieval API: a licensed source. Only switched on when an
 * operator configures a key (and an institution token for off-campus use).
 * Errors use the same service-error envelope as Scopus.
 */
import { bareDoi, encodeDoiPath } from "./decode";
import { absentOn404, clientTransport } from "./base";
import { PROVIDER_LIMITS, UpstreamError, readBytes, type ClientBaseOptions } from "./http";
import { describeScopusError } from "./scopus";

const PROVIDER = "elsevier";
const BASE = "https://api.elsevier.com/content/article/doi";

export interface ElsevierClientOptions extends ClientBaseOptions {
  apiKey: string;
  instToken?: string | undefined;
  /** Refuse bodies larger than this (default 60 MB). */
  maxBytes?: number | undefined;
}

export interface ElsevierPdf {
  bytes: Uint8Array;
  contentType: string;
}

export interface ElsevierClient {
  /** The article PDF, or null when Elsevier has no such DOI. */
  getPdf(doi: string): Promise<ElsevierPdf | null>;
}

export function createElsevierClient(opts: ElsevierClientOptions): ElsevierClient {
  const upstream = clientTransport(opts, {
    provider: PROVIDER,
    defaultTimeoutMs: 30_000,
    limits: PROVIDER_LIMITS.elsevier,
    limiterKey: `elsevier:${opts.apiKey}`,
  });

  return {
    async getPdf(doi) {
      if (!opts.apiKey) {
        throw new UpstreamError({ provider: PROVIDER, kind: "auth", message: "elsevier: no API key configured" });
      }
      const headers: Record<string, string> = { Accept: "application/pdf", "X-ELS-APIKey": opts.apiKey };
      if (opts.instToken) headers["X-ELS-Insttoken"] = opts.instToken;
      const res = await upstream.send(
        `${BASE}/${encodeDoiPath(bareDoi(doi))}`,
        { headers },
        {
          acceptStatuses: [404],
          describeError: describeScopusError,
        },
      );
      if (await absentOn404(res)) return null;
      const contentType = (res.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      const bytes = await readBytes(res, PROVIDER, opts.maxBytes ?? 60 * 1024 * 1024);
      if (contentType !== "application/pdf" || !startsWithPdfMagic(bytes)) {
        throw new UpstreamError({
          provider: PROVIDER,
          kind: "parse",
          status: res.status,
          message: `elsevier: expected a PDF, got ${contentType || "no content-type"} (${bytes.length} bytes)`,
        });
      }
      return { bytes, contentType };
    },
  };
}

/** "%PDF-" within the first 1 KB (some servers prepend a few bytes). */
export function startsWithPdfMagic(bytes: Uint8Array): boolean {
  const limit = Math.min(bytes.length - 5, 1024);
  for (let i = 0; i <= limit; i++) {
    if (bytes[i] === 0x25 && bytes[i + 1] === 0x50 && bytes[i + 2] === 0x44 && bytes[i + 3] === 0x46 && bytes[i + 4] === 0x2d) return true;
  }
  return false;
}
