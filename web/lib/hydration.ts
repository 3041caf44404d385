import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/**
 * False on the server and in the hydrating render, true from the renders after it (and at once in a
 * page the browser renders itself, or for a part mounted later). For parts the server leaves out:
 * their stand-in is what both the server and the hydrating render draw, then the browser swaps in
 * the real part. React re-renders a hydrated part whose external-store value differs at once (that
 * re-render draws the same stand-in); the swap itself is a transition, so a large part (a feature
 * page) is drawn in slices that leave the main thread free between them instead of in one long task.
 */
export function useHydrated(): boolean {
  const past = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const [shown, setShown] = useState(past);
  useEffect(() => {
    if (past && !shown) startTransition(() => setShown(true));
  }, [past, shown]);
  return shown;
}

/**
 * hydrateRoot's onRecoverableError: React's production build reports a hydration mismatch (#418,
 * #419, #422, #423, #425) only here, so it is logged with a fixed prefix that the browser tests'
 * harness fails on (tests/browser/harness.ts).
 */
export function reportHydrationError(error: unknown, info: { componentStack?: string }) {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? ` (cause: ${error.cause.message})` : "";
  console.error(`[hydration] ${message}${cause}${info.componentStack ? `\n${info.componentStack}` : ""}`);
}

/**
 * The loader of a part the server never draws (a dialog, a panel it does not open):
 * `lazy(import.meta.env.SSR ? browserOnly : () => import("./x"))` keeps that part's code out of the
 * Worker's build, as the server build drops the other branch. Drawn on the server after all, it
 * fails the render, which is logged, and the browser draws the page itself.
 */
export const browserOnly = (): Promise<never> => Promise.reject(new Error("a browser-only part was drawn on the server"));
