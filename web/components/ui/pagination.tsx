import type { ReactNode } from "react";
import { formatNumber } from "../../../lib/format";
import { messages } from "../../lib/messages";
import { NativeButton } from "./native-button";
import { cx } from "./class-names";
import { Icon } from "./icon";
import "./pagination.css";

const t = messages.pager;

/**
 * The page numbers shown: `visible` of them around `page` (1-based), within 1..pages. `before` of
 * them precede the current page where there is room (by default just under half).
 */
export function pageWindow(page: number, pages: number, visible: number, before = Math.floor((visible - 1) / 2)): number[] {
  if (pages <= 0) return [];
  const width = Math.min(visible, pages);
  const start = Math.min(Math.max(1, page - before), pages - width + 1);
  return Array.from({ length: width }, (_, i) => start + i);
}

export type PaginationProps = {
  /** The current page, 1-based. */
  page: number;
  /** How many pages there are. */
  pages: number;
  onChange(page: number): void;
  /** The name of the navigation landmark. */
  label: string;
  /** Numbered pages: this many page buttons around the current one (search spec §9). Without it: previous, "page x of y", next. */
  visible?: number;
  /** With `visible`: how many of the numbers precede the current page. */
  before?: number;
  /** A line before the buttons (e.g. the row count); with it the bar shows even when there is one page. */
  summary?: ReactNode;
  className?: string;
};

/**
 * The one pagination bar: Persian digits, the current page marked for screen readers; nothing when
 * there is one page. Native buttons: a page number only runs a handler (home's tabs show one on a
 * desktop's first screen).
 */
export function Pagination({ page, pages, onChange, label, visible, before, summary, className }: PaginationProps) {
  if (pages <= 1 && summary === undefined) return null;
  const go = (n: number) => n !== page && onChange(n);
  return (
    <nav className={cx("ui-pager", visible !== undefined && "ui-pager--numbered", className)} aria-label={label}>
      {summary !== undefined && <span className="ui-pager__summary">{summary}</span>}
      {pages > 1 &&
        (visible !== undefined ? (
          <>
            <NativeButton variant="ghost" size="sm" iconOnly aria-label={t.previous} disabled={page <= 1} onClick={() => go(page - 1)}>
              <Icon name="chevronRight" size={18} />
            </NativeButton>
            {pageWindow(page, pages, visible, before).map((n) => (
              <NativeButton
                key={n}
                variant={n === page ? "primary" : "ghost"}
                size="sm"
                aria-label={t.page(n)}
                aria-current={n === page ? "page" : undefined}
                className="ui-pager__page"
                onClick={() => go(n)}
              >
                {formatNumber(n)}
              </NativeButton>
            ))}
            <NativeButton variant="ghost" size="sm" iconOnly aria-label={t.next} disabled={page >= pages} onClick={() => go(page + 1)}>
              <Icon name="chevronLeft" size={18} />
            </NativeButton>
          </>
        ) : (
          <>
            <NativeButton variant="ghost" size="sm" disabled={page <= 1} onClick={() => go(page - 1)}>
              <Icon name="chevronRight" size={18} />
              {t.previous}
            </NativeButton>
            <span aria-live="polite">{t.pageOf(page, pages)}</span>
            <NativeButton variant="ghost" size="sm" disabled={page >= pages} onClick={() => go(page + 1)}>
              {t.next}
              <Icon name="chevronLeft" size={18} />
            </NativeButton>
          </>
        ))}
    </nav>
  );
}
