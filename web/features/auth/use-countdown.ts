import { useCallback, useEffect, useState } from "react";

/** The code countdown (accounts spec §9: 240 s, 1 s ticks). Driven by the clock, so a throttled background tab stays right. */
export const CODE_COUNTDOWN_SECONDS = 240;

export function secondsLeft(endsAt: number | null, now: number): number {
  if (endsAt === null) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

export function useCountdown() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds = CODE_COUNTDOWN_SECONDS) => {
    const t = Date.now();
    setNow(t);
    setEndsAt(t + seconds * 1000);
  }, []);
  const clear = useCallback(() => setEndsAt(null), []);

  const left = secondsLeft(endsAt, now);
  return { secondsLeft: left, running: endsAt !== null && left > 0, finished: endsAt !== null && left === 0, start, clear };
}
