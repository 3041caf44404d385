/**
 * Fake IETF Datatracker (datatracker.ietf.org) and RFC Editor (www.rfc-editor.org):
 *   GET /api/v1/doc/document/?type=rfc&title__icontains=…|name=rfcN&limit&offset  Tastypie's
 *       envelope (meta.total_count, objects[]): the two documents of datatracker/documents_type_rfc.json,
 *       then synthetic RFCs 9500+
 *   GET /api/v1/doc/document/rfcN/  one document, else 404
 *   www.rfc-editor.org/rfc/rfcN.pdf  the RFC's PDF (header block, then the title)
 * Hits: "datatracker:search:<q>", "datatracker:doc:rfcN", "rfceditor:file:N".
 */
import type { FakeProvider } from "../types";
import { fixtureJson, json } from "./_shared";
import { pdfOf } from "./open-files";
import { makePdf } from "../pdf-builder";
import { FILE_DOWN, OTHER_WORK, SYNTHETIC_PER_QUERY, fileScenario, searchFailure, searchIsEmpty, syntheticBase, syntheticTitle } from "./open-scenarios";

const SYNTHETIC_MIN = 9_500;
type Doc = Record<string, unknown> & { name: string; title: string; rfc_number: number };

const recorded = () => fixtureJson<{ objects: Doc[] }>("datatracker/documents_type_rfc.json").objects;

function synthetic(n: number): Doc {
  return {
    name: `rfc${n}`,
    title: syntheticTitle(n),
    abstract: "A synthetic RFC for the fake.",
    pages: 20 + (n % 40),
    rfc_number: n,
    std_level: "/api/v1/name/stdlevelname/ps/",
    type: "/api/v1/name/doctypename/rfc/",
    time: "2026-05-20T15:43:39Z",
  };
}

function byNumber(n: number): Doc | null {
  return recorded().find((d) => d.rfc_number === n) ?? (n >= SYNTHETIC_MIN && n < SYNTHETIC_MIN + 20_000 ? synthetic(n) : null);
}

function rfcPdf(n: number, title: string): Uint8Array {
  const header = ["Internet Engineering Task Force (IETF)", `Request for Comments: ${n}`, "Category: Standards Track", "ISSN: 2070-1721"];
  return makePdf({
    pages: [
      {
        text: [
          ...header.map((t, i) => ({ text: t, x: 72, y: 740 - 14 * i, size: 10 })),
          { text: title, x: 200, y: 640, size: 10 },
          { text: "Abstract", x: 72, y: 600, size: 10 },
          { text: "This document is a fake RFC served by the test upstream.", x: 72, y: 586, size: 10 },
        ],
      },
      { text: ["Table of Contents", "1. Introduction", "2. Terminology"] },
    ],
  });
}

export function createDatatrackerProvider(): FakeProvider {
  return {
    name: "datatracker",
    hosts: ["datatracker.ietf.org", "www.rfc-editor.org"],
    handle(req, state) {
      if (req.method !== "GET") return null;
      if (req.host === "datatracker.ietf.org") {
        if (req.path === "/api/v1/doc/document/") {
          const q = req.query.get("title__icontains") ?? req.query.get("name") ?? "";
          state.hit("datatracker", `search:${q}`);
          const failure = searchFailure(q, "datatracker");
          if (failure) return failure;
          const limit = Math.min(Math.max(Number(req.query.get("limit") ?? 20) || 20, 1), 100);
          const offset = Math.max(Number(req.query.get("offset") ?? 0) || 0, 0);
          const name = req.query.get("name");
          const all = name
            ? [byNumber(Number(name.replace(/^rfc/, "")))].filter((d): d is Doc => d !== null)
            : searchIsEmpty(q)
              ? []
              : [...recorded(), ...Array.from({ length: SYNTHETIC_PER_QUERY }, (_, i) => synthetic(syntheticBase(q, SYNTHETIC_MIN) + i))];
          return json(200, {
            meta: {
              limit,
              next: offset + limit < all.length ? `/api/v1/doc/document/?limit=${limit}&offset=${offset + limit}` : null,
              offset,
              previous: null,
              total_count: all.length,
            },
            objects: all.slice(offset, offset + limit),
          });
        }
        const one = /^\/api\/v1\/doc\/document\/rfc(\d+)\/$/.exec(req.path);
        if (one) {
          state.hit("datatracker", `doc:rfc${one[1]}`);
          const d = byNumber(Number(one[1]));
          return d ? json(200, d) : json(404, { error: "Not found" });
        }
        return null;
      }
      const file = /^\/rfc\/rfc(\d+)\.pdf$/.exec(req.path);
      if (file) {
        const n = Number(file[1]);
        const d = byNumber(n);
        if (!d) return { status: 404, headers: { "content-type": "text/html" }, body: "<!doctype html><title>404</title>" };
        state.hit("rfceditor", `file:${n}`);
        const scenario = n >= SYNTHETIC_MIN ? fileScenario(n) : "ok";
        if (scenario === "down") return FILE_DOWN;
        return pdfOf(rfcPdf(scenario === "other" ? n + 1 : n, scenario === "other" ? OTHER_WORK.title : d.title), `rfc${n}.pdf`);
      }
      return null;
    },
  };
}
