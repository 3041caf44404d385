import { UNSTABLE_ToastQueue as ToastQueue } from "react-aria-components";
import { flushSync } from "react-dom";

export type ToastKind = "success" | "error" | "info";
export type ToastContentValue = { kind: ToastKind; title: string; description?: string };

/** Alerts close automatically after 3 seconds (search spec §9: alert timeout 3000 ms). */
const TOAST_TIMEOUT_MS = 3000;

/** The app's one toast queue; its region (toaster.tsx) is mounted once in the shell. */
export const toastQueue = new ToastQueue<ToastContentValue>({
  maxVisibleToasts: 4,
  // Animate additions and removals where the browser can.
  wrapUpdate(fn) {
    type Transition = { ready?: Promise<unknown>; finished?: Promise<unknown> };
    const doc = typeof document !== "undefined" ? (document as Document & { startViewTransition?: (cb: () => void) => Transition }) : undefined;
    if (doc?.startViewTransition && !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) {
      const transition = doc.startViewTransition(() => flushSync(fn));
      // A transition aborted midway (the viewport resized, the tab hidden) rejects these promises;
      // the toast update itself still ran, so the rejection is only noise (an uncaught page error).
      transition?.ready?.catch(() => undefined);
      transition?.finished?.catch(() => undefined);
    } else fn();
  },
});

function add(kind: ToastKind, title: string, description?: string, timeout = TOAST_TIMEOUT_MS) {
  return toastQueue.add({ kind, title, description }, { timeout });
}

/** `toast.success("...")`, `toast.error("...")`: green and red alerts that close after 3 s. */
export const toast = {
  success: (title: string, description?: string) => add("success", title, description),
  error: (title: string, description?: string) => add("error", title, description),
  info: (title: string, description?: string) => add("info", title, description),
  close: (key: string) => toastQueue.close(key),
};
