/**
 * `catalog:import --format openalex`: OpenAlex's snapshot format (JSON lines, one Work object per
 * line, as in the `works` part of the OpenAlex snapshot and the API's `results`) read as thesis
 * records. Only works of type `dissertation` with an open-access link become theses; anything else is
 * rejected with its reason, like any bad line. The mapping is the live source's
 * (openalex-theses.ts), so imported and live theses look the same.
 */
import { mapWork } from "../../clients/openalex";
import type { DecodedLine } from "./catalog-reader";
import { thesisFromWork } from "../../worker/features/search/openalex-theses";

type SnapshotResult = { ok: true; record: Record<string, unknown> } | { ok: false; error: string };

export function thesisRecordFromOpenAlexWork(raw: Record<string, unknown>): SnapshotResult {
  const work = mapWork(raw);
  if (!work) return { ok: false, error: "not an OpenAlex work (no id)" };
  if (work.type !== "dissertation") return { ok: false, error: `type: ${work.type ?? "none"} is not a dissertation` };
  const t = thesisFromWork(work);
  if (!t) return { ok: false, error: "no open-access link or no title" };
  return {
    ok: true,
    record: {
      kind: "thesis",
      id: `openalex:${work.id.replace(/^https?:\/\/openalex\.org\//, "")}`,
      title: t.Title,
      author: t.Author || "",
      degree: t.Degree,
      department: t.Department,
      language: t.Language || undefined,
      year: t.Year ?? undefined,
      university: t.University ?? undefined,
      download_link: t.Download_Link,
      abstract: t.Abstract,
      license: t.License ?? undefined,
      source: work.doi ? `OpenAlex snapshot (${work.id}, DOI ${work.doi})` : `OpenAlex snapshot (${work.id})`,
    },
  };
}

/** Decoded JSONL lines of OpenAlex works → decoded thesis records (or the reason a line is skipped). */
export async function* openAlexSnapshotTheses(lines: AsyncIterable<DecodedLine>): AsyncGenerator<DecodedLine> {
  for await (const l of lines) {
    if ("error" in l) {
      yield l;
      continue;
    }
    const r = thesisRecordFromOpenAlexWork(l.record);
    yield r.ok ? { line: l.line, record: r.record } : { line: l.line, error: r.error };
  }
}
