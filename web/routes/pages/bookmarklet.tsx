import { useEffect, useMemo, useRef } from "react";
import { formatNumber } from "../../../lib/format";
import { bookmarkletHref } from "../../../extension/src/bookmarklet";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast";

/**
 * The bookmarklet link (drag it to the bookmarks bar) and a copy button for phones. Its code is the
 * extension's own page reader (extension/src/read-page.ts), pointed at this site's origin.
 */
export function Bookmarklet() {
  const link = useRef<HTMLAnchorElement>(null);
  const href = useMemo(() => bookmarkletHref(window.location.origin), []);
  // React refuses javascript: URLs in props; the attribute is set directly (the link never runs here).
  useEffect(() => link.current?.setAttribute("href", href), [href]);
  return (
    <div className="bookmarklet">
      <a ref={link} className="bookmarklet__link" draggable onClick={(e) => e.preventDefault()} aria-describedby="bookmarklet-help" title="این را به نوار نشانک‌ها بکشید">
        دریافت این مقاله
      </a>
      <Button
        variant="outline"
        onPress={() =>
          void navigator.clipboard?.writeText(href).then(
            () => toast.success("کد بوکمارکلت کپی شد."),
            () => toast.error("کپی ممکن نشد؛ پیوند را نگه دارید و «کپی نشانی پیوند» را بزنید."),
          )
        }
      >
        کپی کد بوکمارکلت
      </Button>
      <span className="bookmarklet__size">{`${formatNumber(href.length)} نویسه`}</span>
    </div>
  );
}
