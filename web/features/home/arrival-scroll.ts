/**
 * A scroll the home page makes on arrival, later (a hash shortcut's scroll to the search area waits
 * until what sits below the panel is drawn, which on a slow phone can be seconds): made only if the
 * visitor is still at the top of the page where they arrived. Once they have scrolled, or the browser
 * has put them back where they were, moving the page would yank it from under their finger or wheel
 * (browsers drop a fragment's scroll the same way).
 */
export type ArrivalScroll = { run(): void; cancel(): void };

export function arrivalScroll(scroll: () => void): ArrivalScroll {
  const atTop = () => window.scrollY <= 1;
  let moved = !atTop();
  const onScroll = () => {
    if (!atTop()) moved = true;
  };
  window.addEventListener("scroll", onScroll, { passive: true });
  const cancel = () => window.removeEventListener("scroll", onScroll);
  return {
    run() {
      cancel();
      if (!moved && atTop()) scroll();
    },
    cancel,
  };
}
