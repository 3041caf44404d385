/**
 * A user's interrupted action (accounts spec §4): when a guest presses buy or offline request, the
 * intent is kept in localStorage under the spec's keys and the login dialog opens; the home page
 * resumes it once the user is signed in. The same record carries a purchase made for a document
 * or a reading list through the bank and back, so the page the payment returns to can finish what
 * the purchase was for (download it, send the request) without asking again.
 */
export type PendingIntent = {
  run: "offline" | "buy" | "batch";
  url?: string;
  doi?: string;
  desc?: string;
  /** The result's can_edit: false resumes read-only with the auto-submit. */
  canEdit?: boolean;
  /** The credit the interrupted action needs: the package offer preselects it. */
  need?: "article" | "offline_article";
  /** run "batch": the reading list whose licensed rows wait for credits. */
  batchId?: string;
};

const KEYS = {
  run: "run",
  url: "run_details_url",
  doi: "run_details_doi",
  desc: "run_details_desc",
  canEdit: "run_details_can_edit",
  need: "run_details_need",
  batchId: "run_details_batch",
  at: "run_details_at",
} as const;

/**
 * An intent older than this is dropped: a purchase abandoned at the bank must not, days later,
 * let a link from another site spend a credit without asking.
 */
export const PENDING_INTENT_TTL_MS = 2 * 3_600_000;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (private mode, sandboxed frame)
  }
}

export function savePendingIntent(intent: PendingIntent, now = Date.now()) {
  const s = storage();
  if (!s) return;
  s.setItem(KEYS.run, intent.run);
  s.setItem(KEYS.url, intent.url ?? "");
  s.setItem(KEYS.doi, intent.doi ?? "");
  s.setItem(KEYS.desc, intent.desc ?? "");
  s.setItem(KEYS.canEdit, intent.canEdit === false ? "0" : "1");
  s.setItem(KEYS.need, intent.need ?? "");
  s.setItem(KEYS.batchId, intent.batchId ?? "");
  s.setItem(KEYS.at, String(now));
}

export function readPendingIntent(now = Date.now()): PendingIntent | null {
  const s = storage();
  const run = s?.getItem(KEYS.run);
  if (!s || (run !== "offline" && run !== "buy" && run !== "batch")) return null;
  // Saved before the time was kept (an older build): treated as fresh once.
  const at = Number(s.getItem(KEYS.at) ?? now);
  if (!Number.isFinite(at) || now - at > PENDING_INTENT_TTL_MS || at - now > 60_000) {
    clearPendingIntent();
    return null;
  }
  const need = s.getItem(KEYS.need);
  return {
    run,
    url: s.getItem(KEYS.url) || undefined,
    doi: s.getItem(KEYS.doi) || undefined,
    desc: s.getItem(KEYS.desc) || undefined,
    canEdit: s.getItem(KEYS.canEdit) !== "0",
    need: need === "article" || need === "offline_article" ? need : undefined,
    batchId: s.getItem(KEYS.batchId) || undefined,
  };
}

export function clearPendingIntent() {
  const s = storage();
  if (!s) return;
  for (const key of Object.values(KEYS)) s.removeItem(key);
}

/** The same document, as a link or DOI was passed along (spaces and a trailing slash aside). */
export function sameDocument(a: string | undefined, b: string | undefined): boolean {
  const norm = (v: string | undefined) => (v ?? "").trim().replace(/\/+$/, "").toLowerCase();
  return !!norm(a) && norm(a) === norm(b);
}

/**
 * Takes (reads and clears) the intent when it is the one `matches` accepts: the page that
 * finishes an action consumes it, so it runs once.
 */
export function takePendingIntent(matches: (intent: PendingIntent) => boolean): PendingIntent | null {
  const intent = readPendingIntent();
  if (!intent || !matches(intent)) return null;
  clearPendingIntent();
  return intent;
}
