import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/**
 * False on the server and during hydration, true from the render after it (and at once in a page
 * the browser renders itself). For parts the server leaves out — their stand-in is what both the
 * server and the hydrating render draw, then the browser swaps in the real part.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
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
