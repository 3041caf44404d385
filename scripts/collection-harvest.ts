/**
 * Harvests a lawful collection's published metadata into the file `catalog:import` reads:
 *
 *   npx tsx scripts/collection-harvest.ts oapen  out/oapen.xml      # OAI-PMH ListRecords, xoai, every page
 *   npx tsx scripts/collection-harvest.ts doab   out/doab.xml       # the same from DOAB
 *   npx tsx scripts/collection-harvest.ts gutenberg out/pg_catalog.csv   # the catalogue CSV, as published
 *   npx tsx scripts/collection-harvest.ts ntrs   out/ntrs.jsonl     # NTRS search answers, month by month
 *
 * then `npm run catalog:import -- out/oapen.xml --format oapen` (and so on). Politely: one request
 * every two seconds (OAI, NTRS), following resumption tokens; a failed request is tried three times
 * with a pause, then the harvest stops with what it has written (re-running appends nothing twice to
 * the catalogue: imports upsert). --from YYYY-MM-DD harvests only records changed since (OAI).
 * UPSTREAM_BASE sends every request to the local fake upstream.
 */
import { appendFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { upstreamUrl } from "../clients/http";

const OAI_BASES = { oapen: "https://library.oapen.org/oai/request", doab: "https://directory.doabooks.org/oai/request" } as const;
const GUTENBERG_CSV = "https://www.gutenberg.org/cache/epub/feeds/pg_catalog.csv";
const NTRS_SEARCH = "https://ntrs.nasa.gov/api/citations/search";
/** NTRS answers at most this many results per query: the harvest asks month by month. */
const NTRS_QUERY_CAP = 10_000;

export type HarvestDeps = { fetch: typeof fetch; sleep(ms: number): Promise<void>; pauseMs: number; log(s: string): void; upstreamBase?: string | undefined };

async function get(url: string, deps: HarvestDeps, accept: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await deps.fetch(upstreamUrl(url, deps.upstreamBase), { headers: { Accept: accept, "User-Agent": "Daryaft catalogue harvest (operator)" } });
      if (res.ok) return await res.text();
      throw new Error(`HTTP ${res.status}`);
    } catch (err) {
      if (attempt >= 3) throw new Error(`${url}: ${(err as Error).message}`);
      await deps.sleep(deps.pauseMs * 5 * attempt);
    }
  }
}

/** Every ListRecords page of an OAI-PMH endpoint (xoai), appended to `out` one after another. */
export async function harvestOai(base: string, out: string, deps: HarvestDeps, from?: string): Promise<{ pages: number; records: number }> {
  writeFileSync(out, "");
  let url = `${base}?verb=ListRecords&metadataPrefix=xoai${from ? `&from=${encodeURIComponent(from)}` : ""}`;
  let pages = 0;
  let records = 0;
  for (;;) {
    const page = await get(url, deps, "text/xml");
    if (/<error code="noRecordsMatch"/.test(page)) break;
    const error = /<error code="([^"]+)"/.exec(page)?.[1];
    if (error) throw new Error(`OAI error ${error} at page ${pages + 1}`);
    appendFileSync(out, page.endsWith("\n") ? page : `${page}\n`);
    pages++;
    records += (page.match(/<record[\s>]/g) ?? []).length;
    const token = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(page)?.[1]?.trim();
    deps.log(`page ${pages}: ${records.toLocaleString("en")} records`);
    if (!token) break;
    url = `${base}?verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`;
    await deps.sleep(deps.pauseMs);
  }
  return { pages, records };
}

/** NTRS public documents, month by month (each month under the API's cap), one search answer per line. */
export async function harvestNtrs(
  out: string,
  deps: HarvestDeps,
  fromYear = 1917,
  toYear = new Date().getUTCFullYear(),
): Promise<{ pages: number; citations: number }> {
  writeFileSync(out, "");
  let pages = 0;
  let citations = 0;
  for (let y = fromYear; y <= toYear; y++) {
    for (let m = 1; m <= 12; m++) {
      const start = `${y}-${String(m).padStart(2, "0")}-01`;
      const end = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
      for (let from = 0; from < NTRS_QUERY_CAP; from += 100) {
        const url = `${NTRS_SEARCH}?q=*&page.size=100&page.from=${from}&disseminated=DOCUMENT_AND_METADATA&distribution=PUBLIC&published.gte=${start}&published.lte=${end}`;
        const body = await get(url, deps, "application/json");
        const answer = JSON.parse(body) as { results?: unknown[]; stats?: { total?: number } };
        const n = answer.results?.length ?? 0;
        if (n) {
          appendFileSync(out, `${JSON.stringify(answer)}\n`);
          pages++;
          citations += n;
        }
        await deps.sleep(deps.pauseMs);
        if (n < 100 || from + n >= (answer.stats?.total ?? 0)) break;
      }
    }
    deps.log(`${y}: ${citations.toLocaleString("en")} citations`);
  }
  return { pages, citations };
}

async function main() {
  const [source, out, ...rest] = process.argv.slice(2);
  const from = rest[rest.indexOf("--from") + 1];
  const deps: HarvestDeps = {
    fetch,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    pauseMs: 2_000,
    log: (s) => console.error(s),
    upstreamBase: process.env["UPSTREAM_BASE"],
  };
  if (!source || !out) throw new Error("usage: collection-harvest.ts oapen|doab|gutenberg|ntrs OUT_FILE [--from YYYY-MM-DD]");
  if (source === "oapen" || source === "doab") console.log(await harvestOai(OAI_BASES[source], out, deps, rest.includes("--from") ? from : undefined));
  else if (source === "gutenberg") {
    writeFileSync(out, await get(GUTENBERG_CSV, deps, "text/csv"));
    console.log({ written: out });
  } else if (source === "ntrs") console.log(await harvestNtrs(out, deps));
  else throw new Error(`unknown source ${source}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
