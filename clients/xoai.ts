/**
 * DSpace's "xoai" OAI-PMH metadata (OAPEN Library, DOAB) read into an OpenRecord. The format nests
 * `<element name="…">` levels down to a language level (`none`, `en_US`) whose `<field name="value">`
 * children hold the values, so dc > title > alternative > en_US gives the key dc.title.alternative;
 * files are listed under bundles > bundle (ORIGINAL) > bitstreams > bitstream, each with its own
 * rights. Wire format: tests/fixtures/oapen/oai_xoai_listrecords.xml (SOURCES.md §12). Pure.
 */
import { toIsbn13 } from "../lib/identify";
import { bareDoiOrNull } from "./decode";
import { yearOf, type OpenProvider, type OpenRecord } from "./open-record";
import { childElements, firstChild, textContent, type XmlElement } from "./xml";

/** The values of one record by dotted key, and its files. */
export type XoaiFields = { values: Map<string, string[]>; bitstreams: XoaiBitstream[]; others: Map<string, string> };
export type XoaiBitstream = { bundle: string; fields: Map<string, string> };

// The language level: "none", a language ("en", "ger"), or a locale ("en_US").
const LANGUAGE_LEVEL = /^(?:none|\*|[a-z]{2,3}(?:_[A-Z]{2})?)$/;

const fieldsOf = (el: XmlElement) => childElements(el, "field").map((f) => [f.attrs["name"] ?? "", textContent(f).trim()] as const);

function readBundles(bundles: XmlElement, out: XoaiBitstream[]): void {
  for (const bundle of childElements(bundles, "element")) {
    const name = fieldsOf(bundle).find(([k]) => k === "name")?.[1] ?? "";
    for (const list of childElements(bundle, "element")) {
      for (const bs of childElements(list, "element")) out.push({ bundle: name, fields: new Map(fieldsOf(bs)) });
    }
  }
}

/** Flattens one xoai `<metadata>` element. */
export function readXoai(metadata: XmlElement): XoaiFields {
  const values = new Map<string, string[]>();
  const bitstreams: XoaiBitstream[] = [];
  const others = new Map<string, string>();
  const walk = (el: XmlElement, path: string[]) => {
    for (const child of childElements(el, "element")) {
      const name = child.attrs["name"] ?? "";
      if (path.length === 0 && name === "bundles") {
        readBundles(child, bitstreams);
        continue;
      }
      if (path.length === 0 && name === "others") {
        for (const [k, v] of fieldsOf(child)) others.set(k, v);
        continue;
      }
      const here = [...path, name];
      const vals = fieldsOf(child)
        .filter(([k]) => k === "value")
        .map(([, v]) => v)
        .filter(Boolean);
      if (vals.length) {
        const key = (LANGUAGE_LEVEL.test(name) ? path : here).join(".");
        values.set(key, [...(values.get(key) ?? []), ...vals]);
      }
      walk(child, here);
    }
  };
  walk(metadata, []);
  return { values, bitstreams, others };
}

const first = (f: XoaiFields, ...keys: string[]) => {
  for (const k of keys) {
    const v = f.values.get(k)?.[0];
    if (v) return v;
  }
  return null;
};

const HANDLE = /^\d+(?:\.\d+)*\/\d{1,12}$/;
const LANDING_HOST: Record<"oapen" | "doab", string> = { oapen: "https://library.oapen.org", doab: "https://directory.doabooks.org" };

/** The ISBN-13s among the given strings (hyphenated, 10-digit or 13-digit), each once. */
export function isbn13s(values: readonly string[]): string[] {
  return [...new Set(values.flatMap((v) => v.split(/[;,|\s]+/)).flatMap((v) => toIsbn13(v) ?? []))];
}

/** A licence a reader can follow: a URL when there is one, else the provider's words. */
function licenseOf(rightsUri: string | undefined, rights: string | undefined): string | null {
  if (rightsUri && /^https?:\/\//i.test(rightsUri)) return rightsUri;
  if (rights && !/all rights reserved/i.test(rights)) return rights;
  return null;
}

/**
 * One OAI record's `<metadata>` as an OpenRecord; null when it has no handle or title (a deleted
 * record's header comes without metadata).
 */
export function xoaiRecord(metadata: XmlElement, provider: "oapen" | "doab"): OpenRecord | null {
  const f = readXoai(metadata);
  const handle = f.others.get("handle") ?? null;
  const title = first(f, "dc.title");
  if (!handle || !HANDLE.test(handle) || !title) return null;
  const original = f.bitstreams.filter((b) => b.bundle === "ORIGINAL");
  const pdf =
    original.find((b) => b.fields.get("format") === "application/pdf") ?? original.find((b) => b.fields.get("format") === "application/epub+zip") ?? null;
  const pdfUrl = pdf?.fields.get("url") ?? null;
  const size = Number(pdf?.fields.get("size") ?? NaN);
  const uri = f.values.get("dc.identifier.uri")?.find((u) => u.includes(handle)) ?? `${LANDING_HOST[provider]}/handle/${handle}`;
  return {
    provider,
    id: handle,
    landingUrl: uri,
    kind: "book",
    title,
    subtitle: first(f, "dc.title.alternative"),
    authors: f.values.get("dc.contributor.author") ?? [],
    editors: f.values.get("dc.contributor.editor") ?? [],
    year: yearOf(first(f, "dc.date.issued")),
    publisher: first(f, "linkedItemsMetadata.oapen.relation.isPublishedBy.publisher.name", "publisher.name", "oapen.imprint"),
    isbns: isbn13s([
      ...(f.values.get("oapen.relation.isbn") ?? []),
      ...(f.values.get("dc.identifier.isbn") ?? []),
      ...original.map((b) => b.fields.get("oapenrelationisbn") ?? ""),
    ]),
    doi: bareDoiOrNull(first(f, "oapen.identifier.doi")),
    language: first(f, "dc.language"),
    pages: Number.isInteger(Number(first(f, "oapen.pages"))) ? Number(first(f, "oapen.pages")) : null,
    license: licenseOf(pdf?.fields.get("rightsuri"), pdf?.fields.get("rights")) ?? first(f, "dc.rights.uri", "dc.rights"),
    file:
      pdfUrl && /^https:\/\//.test(pdfUrl)
        ? { url: pdfUrl, format: pdf?.fields.get("format") === "application/epub+zip" ? "epub" : "pdf", size: Number.isInteger(size) ? size : null }
        : null,
    cover: null,
    number: null,
    subjects: (f.values.get("dc.subject.other") ?? []).slice(0, 30),
  };
}

/** Every `<record>` of an OAI-PMH answer (ListRecords or GetRecord) with metadata, and the resumption token. */
export function oaiRecords(root: XmlElement, provider: "oapen" | "doab"): { records: OpenRecord[]; resumptionToken: string | null; error: string | null } {
  const verb = firstChild(root, "ListRecords") ?? firstChild(root, "GetRecord");
  const error = firstChild(root, "error");
  const records: OpenRecord[] = [];
  for (const rec of verb ? childElements(verb, "record") : []) {
    const outer = firstChild(rec, "metadata");
    const inner = outer ? firstChild(outer, "metadata") : null;
    const r = inner ? xoaiRecord(inner, provider) : null;
    if (r) records.push(r);
  }
  const token = verb ? firstChild(verb, "resumptionToken") : null;
  return { records, resumptionToken: token ? textContent(token).trim() || null : null, error: error ? (error.attrs["code"] ?? "error") : null };
}

export type { OpenProvider };
