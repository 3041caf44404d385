import { useCallback, useEffect, useRef, useState } from "react";

/** Accounts spec §4, §9: the countdown shows 5 and counts down each second; the form submits itself at 6 s. */
const AUTO_SUBMIT_COUNTDOWN_FROM = 5;
const AUTO_SUBMIT_AFTER_MS = 6000;

/**
 * The offline dialog's auto-submit: while `active`, counts down and calls `submit` once at 6 s.
 * `cancel()` (any edit; closing unmounts the dialog and so clears the timers too) stops it for good.
 */
export function useAutoSubmit(active: boolean, submit: () => void) {
  const [cancelled, setCancelled] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [fired, setFired] = useState(false);
  const submitRef = useRef(submit);
  submitRef.current = submit;
  const running = active && !cancelled && !fired;

  useEffect(() => {
    if (!running) return;
    const tick = setInterval(() => setElapsed((s) => s + 1), 1000);
    const timer = setTimeout(() => {
      setFired(true);
      submitRef.current();
    }, AUTO_SUBMIT_AFTER_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(timer);
    };
  }, [running]);

  const cancel = useCallback(() => setCancelled(true), []);
  return { secondsLeft: running ? Math.max(AUTO_SUBMIT_COUNTDOWN_FROM - elapsed, 0) : null, cancel };
}
