/**
 * Reading a landing page for what it says about its own document, through workerd's streaming HTMLRewriter:
 * <meta> tags, the canonical link, the <html lang>, JSON-LD blocks and IEEE Xplore's metadata script are
 * collected (nothing is executed); landing-rules.ts decides what they identify.
 */
import { decodeEntities } from "../clients/decode";
import { ieeeMetadataIn, landingInfoFrom, type CollectedPage, type LandingInfo } from "./landing-rules";

export type { LandingInfo } from "./landing-rules";

/** Script text kept per block and in all: JSON-LD and IEEE's record are a few KB; pages run to megabytes. */
const MAX_SCRIPT_CHARS = 512 * 1024;
const MAX_SCRIPTS_CHARS = 2 * 1024 * 1024;

/** Parse an HTML document already fetched from `pageUrl` (bytes capped by the caller). */
export async function readLandingPage(html: Uint8Array, pageUrl: string): Promise<LandingInfo> {
  const page: CollectedPage = { metas: [], jsonLd: [], ieeeMetadata: null, canonical: null, language: null };
  let script: { kind: "ld" | "js"; text: string } | null = null;
  let scriptChars = 0;
  // HTMLRewriter hands attribute values over raw (entities undecoded).
  const attr = (el: Element, name: string) => decodeEntities(el.getAttribute(name) ?? "").trim();

  const rewriter = new HTMLRewriter()
    .on("meta", {
      element(el) {
        const key = (attr(el, "name") || attr(el, "property") || attr(el, "itemprop") || attr(el, "id")).toLowerCase();
        if (key) page.metas.push({ key, content: attr(el, "content"), scheme: attr(el, "scheme") });
      },
    })
    .on("link", {
      element(el) {
        if (page.canonical === null && attr(el, "rel").toLowerCase().split(/\s+/).includes("canonical"))
          page.canonical = absoluteUrl(attr(el, "href"), pageUrl);
      },
    })
    .on("html", {
      element(el) {
        page.language ??= attr(el, "lang") || null;
      },
    })
    .on("script", {
      element(el) {
        const type = attr(el, "type").toLowerCase();
        script = type === "application/ld+json" ? { kind: "ld", text: "" } : type === "" || type.includes("javascript") ? { kind: "js", text: "" } : null;
        el.onEndTag(() => {
          if (script?.kind === "ld") page.jsonLd.push(script.text);
          else if (script && page.ieeeMetadata === null) page.ieeeMetadata = ieeeMetadataIn(script.text);
          script = null;
        });
      },
      text(chunk) {
        if (!script || script.text.length + chunk.text.length > MAX_SCRIPT_CHARS || scriptChars > MAX_SCRIPTS_CHARS) return;
        script.text += chunk.text;
        scriptChars += chunk.text.length;
      },
    });
  await rewriter.transform(new Response(html, { headers: { "content-type": "text/html" } })).arrayBuffer();
  return landingInfoFrom(page, pageUrl);
}

function absoluteUrl(href: string, base: string): string | null {
  try {
    return href ? new URL(href, base).href : null;
  } catch {
    return null;
  }
}
