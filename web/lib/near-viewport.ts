import { useCallback, useEffect, useRef, useState } from "react";

/**
 * True once the element the returned ref is attached to comes within `margin` of the viewport
 * (and from then on). For parts below the fold whose code need not load with the first paint;
 * where IntersectionObserver is missing it is true at once.
 */
export function useNearViewport<T extends Element>(margin = "0px"): [(node: T | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  const ref = useCallback(
    (node: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!node || near) return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            observer.current?.disconnect();
            setNear(true);
          }
        },
        { rootMargin: margin },
      );
      observer.current.observe(node);
    },
    [near, margin],
  );
  return [ref, near];
}
