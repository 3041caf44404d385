/**
 * Fake OAPEN Library (library.oapen.org):
 *   GET /rest/search?query=…&expand=…&limit&offset  DSpace 6 REST items: the two of
 *       oapen/rest_search_items.json, then synthetic ones (open-scenarios.ts); `isbn:<13>` finds by ISBN
 *   GET /oai/request?verb=GetRecord&metadataPrefix=xoai&identifier=oai:library.oapen.org:<handle>
 *       the recorded xoai record (oapen/oai_xoai_listrecords.xml) or a synthetic one in the same
 *       nesting; an unknown handle -> the OAI error idDoesNotExist
 *   GET /bitstream/<handle>/<seq>/<name>, /rest/bitstreams/<uuid>/retrieve  the book's PDF
 * Hits: "oapen:search:<query>", "oapen:record:<handle>", "oapen:file:<handle>".
 */
import { oaiRecords } from "../../../clients/xoai";
import { parseXml } from "../../../clients/xml";
import type { FakeProvider, FakeResponse } from "../types";
import { fixtureJson, fixtureText, json, text } from "./_shared";
import { pdfOf, workPdf } from "./open-files";
import {
  FILE_DOWN,
  OTHER_WORK,
  SYNTHETIC_PER_QUERY,
  fileScenario,
  searchFailure,
  searchIsEmpty,
  syntheticAuthors,
  syntheticBase,
  syntheticTitle,
} from "./open-scenarios";

const PREFIX = "20.500.12657";
const SYNTHETIC_MIN = 700_000;

type Book = {
  handle: string;
  title: string;
  subtitle: string | null;
  authors: string[];
  isbn: string | null;
  publisher: string;
  year: number;
  license: string;
  uuid: string;
  size: number;
};

function recordedRecords(): Map<string, string> {
  const xml = fixtureText("oapen/oai_xoai_listrecords.xml");
  const out = new Map<string, string>();
  for (const m of xml.matchAll(/<record>[\s\S]*?<\/record>/g)) {
    const handle = /<field name="handle">([^<]+)<\/field>/.exec(m[0])?.[1];
    if (handle) out.set(handle, m[0]);
  }
  return out;
}

function recordedBook(handle: string, record: string): Book {
  const parsed = oaiRecords(parseXml(`<OAI-PMH><GetRecord>${record}</GetRecord></OAI-PMH>`), "oapen").records[0];
  if (!parsed) throw new Error(`fake oapen: recorded record ${handle} does not parse`);
  return {
    handle,
    title: parsed.title,
    subtitle: parsed.subtitle,
    authors: parsed.authors.length ? parsed.authors : parsed.editors,
    isbn: parsed.isbns[0] ?? null,
    publisher: parsed.publisher ?? "OAPEN",
    year: parsed.year ?? 2022,
    license: parsed.license ?? "",
    uuid: /<field name="uuid">([^<]+)<\/field>/.exec(record)?.[1] ?? "",
    size: parsed.file?.size ?? 0,
  };
}

function syntheticBook(n: number): Book {
  return {
    handle: `${PREFIX}/${n}`,
    title: syntheticTitle(n),
    subtitle: null,
    authors: syntheticAuthors(n),
    isbn: null,
    publisher: "Open Academic Press",
    year: 2010 + (n % 14),
    license: n % 2 ? "https://creativecommons.org/licenses/by/4.0/" : "https://creativecommons.org/licenses/by-nc-nd/4.0/",
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    size: 1_000_000 + n,
  };
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const el = (name: string, inner: string) => `<element name="${name}">${inner}</element>`;
const values = (vals: string[]) => el("none", vals.map((v) => `<field name="value">${esc(v)}</field>`).join(""));

/** A synthetic xoai record in the recorded nesting. */
function syntheticRecord(b: Book): string {
  const pdfUrl = `https://library.oapen.org/bitstream/${b.handle}/1/${b.handle.split("/")[1]}.pdf`;
  return `<record><header><identifier>oai:library.oapen.org:${b.handle}</identifier><datestamp>2023-01-21T04:26:17Z</datestamp></header><metadata><metadata xmlns="http://www.lyncode.com/xoai">${el(
    "dc",
    el("contributor", el("author", values(b.authors))) +
      el("date", el("issued", values([String(b.year)]))) +
      el("identifier", el("uri", values([`https://library.oapen.org/handle/${b.handle}`]))) +
      el("language", values(["eng"])) +
      el("title", values([b.title])) +
      el("type", values(["book"])),
  )}${el("oapen", el("pages", values(["180"])) + el("imprint", values([b.publisher])))}${el(
    "bundles",
    el(
      "bundle",
      `<field name="name">ORIGINAL</field>` +
        el(
          "bitstreams",
          el(
            "bitstream",
            `<field name="name">${b.handle.split("/")[1]}.pdf</field><field name="format">application/pdf</field><field name="size">${b.size}</field><field name="url">${pdfUrl}</field><field name="rightsuri">${b.license}</field><field name="rights">CC</field>`,
          ),
        ),
    ),
  )}${el("others", `<field name="handle">${b.handle}</field><field name="identifier">oai:library.oapen.org:${b.handle}</field>`)}</metadata></metadata></record>`;
}

function restItem(b: Book): Record<string, unknown> {
  const md = (key: string, value: string) => ({ key, value, language: null });
  return {
    uuid: b.uuid,
    name: b.title,
    handle: b.handle,
    type: "item",
    link: `/rest/items/${b.uuid}`,
    expand: ["parentCollection", "parentCollectionList", "parentCommunityList", "all"],
    lastModified: "2023-01-21 04:26:17.482",
    metadata: [
      ...b.authors.map((a) => md("dc.contributor.author", a)),
      md("dc.date.issued", String(b.year)),
      md("dc.identifier.uri", `https://library.oapen.org/handle/${b.handle}`),
      md("dc.language", "eng"),
      md("dc.title", b.title),
      md("dc.type", "book"),
      md("publisher.name", b.publisher),
    ],
    bitstreams: [
      {
        uuid: b.uuid,
        name: `${b.handle.split("/")[1]}.pdf`,
        type: "bitstream",
        bundleName: "ORIGINAL",
        format: "Adobe PDF",
        mimeType: "application/pdf",
        sizeBytes: b.size,
        retrieveLink: `/rest/bitstreams/${b.uuid}/retrieve`,
        sequenceId: 1,
      },
    ],
    archived: "true",
    withdrawn: "false",
  };
}

function bookFor(handle: string, recorded: Map<string, string>): Book | null {
  const rec = recorded.get(handle);
  if (rec) return recordedBook(handle, rec);
  const m = new RegExp(`^${PREFIX.replace(/\./g, "\\.")}/(\\d+)$`).exec(handle);
  const n = m ? Number(m[1]) : NaN;
  return n >= SYNTHETIC_MIN && n < SYNTHETIC_MIN + 40_000 ? syntheticBook(n) : null;
}

function file(b: Book): FakeResponse {
  const n = Number(b.handle.split("/")[1]);
  const scenario = n >= SYNTHETIC_MIN ? fileScenario(n) : "ok";
  if (scenario === "down") return FILE_DOWN;
  const work =
    scenario === "other" ? OTHER_WORK : { title: b.title, subtitle: b.subtitle, authors: b.authors, publisher: b.publisher, isbn: b.isbn, year: b.year };
  return pdfOf(workPdf(work), `${n}.pdf`);
}

export function createOapenProvider(): FakeProvider {
  let recorded: Map<string, string> | null = null;
  const records = () => (recorded ??= recordedRecords());
  return {
    name: "oapen",
    hosts: ["library.oapen.org"],
    handle(req, state) {
      if (req.method !== "GET") return null;
      if (req.path === "/rest/search") {
        const q = req.query.get("query") ?? "";
        state.hit("oapen", `search:${q}`);
        const failure = searchFailure(q, "oapen");
        if (failure) return failure;
        if (!q.trim()) return json(400, { message: "query is required" });
        const limit = Math.min(Math.max(Number(req.query.get("limit") ?? 100) || 100, 1), 100);
        const offset = Math.max(Number(req.query.get("offset") ?? 0) || 0, 0);
        const restRecorded = fixtureJson<Record<string, unknown>[]>("oapen/rest_search_items.json");
        const isbn = /^isbn:(\d{13})$/.exec(q.trim())?.[1];
        if (isbn) {
          const found = restRecorded.filter((it) =>
            (it["metadata"] as { key: string; value: string }[]).some((m) => m.key === "oapen.relation.isbn" && m.value === isbn),
          );
          return json(200, found);
        }
        if (searchIsEmpty(q)) return json(200, []);
        const base = syntheticBase(q, SYNTHETIC_MIN);
        const all = [...restRecorded, ...Array.from({ length: SYNTHETIC_PER_QUERY }, (_, i) => restItem(syntheticBook(base + i)))];
        return json(200, all.slice(offset, offset + limit));
      }
      if (req.path === "/oai/request") {
        const id = req.query.get("identifier") ?? "";
        const handle = id.replace(/^oai:library\.oapen\.org:/, "");
        state.hit("oapen", `record:${handle}`);
        const envelope = (inner: string) =>
          text(
            200,
            `<?xml version="1.0" encoding="UTF-8"?><OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><responseDate>2023-01-23T13:49:34Z</responseDate><request verb="GetRecord" metadataPrefix="xoai">http://library.oapen.org/oai/request</request>${inner}</OAI-PMH>`,
            "text/xml;charset=UTF-8",
          );
        if (req.query.get("verb") !== "GetRecord" || req.query.get("metadataPrefix") !== "xoai")
          return envelope(`<error code="badArgument">unsupported in this fake</error>`);
        const rec = records().get(handle);
        if (rec) return envelope(`<GetRecord>${rec}</GetRecord>`);
        const b = bookFor(handle, records());
        return b
          ? envelope(`<GetRecord>${syntheticRecord(b)}</GetRecord>`)
          : envelope(`<error code="idDoesNotExist">No matching identifier in OAPEN Library</error>`);
      }
      const bitstream = /^\/bitstream\/(20\.500\.12657\/\d+)\/\d+\/[^/]+\.pdf$/.exec(req.path);
      const retrieve = /^\/rest\/bitstreams\/([0-9a-f-]{36})\/retrieve$/.exec(req.path);
      if (bitstream || retrieve) {
        let b: Book | null = null;
        if (bitstream) b = bookFor(bitstream[1]!, records());
        else {
          const uuid = retrieve![1]!;
          const rest = fixtureJson<{ handle: string; bitstreams: { uuid: string }[] }[]>("oapen/rest_search_items.json").find((it) =>
            it.bitstreams.some((x) => x.uuid === uuid),
          );
          b = rest
            ? bookFor(rest.handle, records())
            : uuid.startsWith("00000000-0000-4000-8000-")
              ? bookFor(`${PREFIX}/${Number(uuid.slice(24))}`, records())
              : null;
        }
        if (!b) return json(404, { message: "not found" });
        state.hit("oapen", `file:${b.handle}`);
        return file(b);
      }
      return null;
    },
  };
}
