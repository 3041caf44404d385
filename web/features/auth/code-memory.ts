/**
 * When the verification code was sent, kept across a reload or a closed dialog: the dialog then
 * reopens at step 2 (enter the code) with the time that is left, instead of at step 1, whose
 * "send" the server refuses while that code is still valid (accounts spec §4, §9: 240 s).
 */
const KEY = "mobile_code_sent";

type Sent = { user: string; mobile: string; endsAt: number };

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function rememberCodeSent(user: string, mobile: string, seconds: number, now = Date.now()) {
  storage()?.setItem(KEY, JSON.stringify({ user, mobile, endsAt: now + seconds * 1000 } satisfies Sent));
}

/** Seconds left on the code sent to this user's number, or null when none is live. */
export function codeSecondsLeft(user: string, mobile: string | null | undefined, now = Date.now()): number | null {
  const raw = storage()?.getItem(KEY);
  if (!raw || !mobile) return null;
  try {
    const sent = JSON.parse(raw) as Partial<Sent>;
    if (sent.user !== user || sent.mobile !== mobile || typeof sent.endsAt !== "number") return null;
    const left = Math.ceil((sent.endsAt - now) / 1000);
    return left > 0 && left <= 240 ? left : null;
  } catch {
    return null;
  }
}

export function forgetCodeSent() {
  storage()?.removeItem(KEY);
}
