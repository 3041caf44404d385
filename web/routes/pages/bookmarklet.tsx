import { useEffect, useMemo, useRef } from "react";
import { formatNumber } from "../../../lib/format";
import { bookmarkletHref } from "../../../extension/src/bookmarklet";
import { NativeButton } from "../../components/ui/native-button";
import { toast } from "../../components/ui/toast";
import { useHydrated } from "../../lib/hydration";

/**
 * The bookmarklet link (drag it to the bookmarks bar) and a copy button for phones. Its code is the
 * extension's own page reader (extension/src/read-page.ts), pointed at this site's origin, which
 * only the browser knows: the server draws the link and the button, their code comes once hydrated.
 */
export function Bookmarklet() {
  const link = useRef<HTMLAnchorElement>(null);
  const hydrated = useHydrated();
  const href = useMemo(() => (hydrated ? bookmarkletHref(window.location.origin) : ""), [hydrated]);
  // React refuses javascript: URLs in props; the attribute is set directly (the link never runs here).
  useEffect(() => {
    if (href) link.current?.setAttribute("href", href);
  }, [href]);
  return (
    <div className="bookmarklet">
      {/* biome-ignore lint/a11y: a bookmarklet is dragged to the bookmarks bar, not followed; its javascript: href is set through the ref */}
      <a
        ref={link}
        className="bookmarklet__link"
        draggable
        // biome-ignore lint/a11y/useValidAnchor: pressing the bookmarklet here must not run it; it is meant to be dragged
        onClick={(e) => e.preventDefault()}
        aria-describedby="bookmarklet-help"
        title="این را به نوار نشانک‌ها بکشید"
      >
        دریافت این مقاله
      </a>
      <NativeButton
        variant="outline"
        disabled={!href}
        onClick={() =>
          void navigator.clipboard?.writeText(href).then(
            () => toast.success("کد بوکمارکلت کپی شد."),
            () => toast.error("کپی ممکن نشد؛ پیوند را نگه دارید و «کپی نشانی پیوند» را بزنید."),
          )
        }
      >
        کپی کد بوکمارکلت
      </NativeButton>
      <span className="bookmarklet__size">{href && `${formatNumber(href.length)} نویسه`}</span>
    </div>
  );
}
