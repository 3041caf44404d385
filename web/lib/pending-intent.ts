/**
 * A guest's interrupted action (accounts spec §4): when a guest presses buy or offline request,
 * the intent is kept in localStorage under the spec's keys and the login dialog opens; the home
 * page resumes it once the user is signed in.
 */
export type PendingIntent = { run: "offline" | "buy"; url?: string; doi?: string; desc?: string; /** The result's can_edit: false resumes read-only with the auto-submit. */ canEdit?: boolean };

const KEYS = { run: "run", url: "run_details_url", doi: "run_details_doi", desc: "run_details_desc", canEdit: "run_details_can_edit" } as const;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (private mode, sandboxed frame)
  }
}

export function savePendingIntent(intent: PendingIntent) {
  const s = storage();
  if (!s) return;
  s.setItem(KEYS.run, intent.run);
  s.setItem(KEYS.url, intent.url ?? "");
  s.setItem(KEYS.doi, intent.doi ?? "");
  s.setItem(KEYS.desc, intent.desc ?? "");
  s.setItem(KEYS.canEdit, intent.canEdit === false ? "0" : "1");
}

export function readPendingIntent(): PendingIntent | null {
  const s = storage();
  const run = s?.getItem(KEYS.run);
  if (!s || (run !== "offline" && run !== "buy")) return null;
  return { run, url: s.getItem(KEYS.url) || undefined, doi: s.getItem(KEYS.doi) || undefined, desc: s.getItem(KEYS.desc) || undefined, canEdit: s.getItem(KEYS.canEdit) !== "0" };
}

export function clearPendingIntent() {
  const s = storage();
  if (!s) return;
  for (const key of Object.values(KEYS)) s.removeItem(key);
}
