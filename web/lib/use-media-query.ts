import { useSyncExternalStore } from "react";

/** The spec's breakpoints (px): xs < 600, sm < 960, md < 1280, lg < 1920; "mobile" below 1264. */
export const breakpoints = { xs: 600, sm: 960, md: 1280, lg: 1920, mobile: 1264 } as const;

/** Whether a CSS media query matches, kept in sync with the window. False where matchMedia is missing. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== "function") return () => {};
      const mql = window.matchMedia(query);
      mql.addEventListener("change", onChange);
      return () => mql.removeEventListener("change", onChange);
    },
    () => (typeof window.matchMedia === "function" ? window.matchMedia(query).matches : false),
    () => false,
  );
}

export function usePrefersReducedMotion(): boolean {
  return useMediaQuery("(prefers-reduced-motion: reduce)");
}
