import type { GetPdfResult, GetPdfStatus } from "../../../contract/getpdf";

const STATUSES: readonly GetPdfStatus[] = ["ok", "error", "offline", "buy", "processing", "choose"];

/** Types only come from the contract (no zod in this chunk); this is the cheap runtime check. */
export function isResult(v: unknown): v is GetPdfResult {
  return !!v && typeof v === "object" && typeof (v as GetPdfResult).id === "string" && STATUSES.includes((v as GetPdfResult).status);
}
