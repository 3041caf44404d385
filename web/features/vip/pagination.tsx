import { formatNumber } from "../../../lib/format";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { vipUi } from "./messages";

const t = vipUi.table;

/** The window of page numbers around `page` (1-based), at most `visible` wide (§9: 8 for direct access). */
export function pageWindow(page: number, pages: number, visible: number): number[] {
  const width = Math.min(visible, pages);
  let start = Math.max(1, page - Math.floor(width / 2));
  start = Math.min(start, pages - width + 1);
  return Array.from({ length: width }, (_, i) => start + i);
}

export function Pagination({ page, pages, visible = 8, onChange }: { page: number; pages: number; visible?: number; onChange(page: number): void }) {
  if (pages <= 1) return null;
  return (
    <nav className="vip-pager" aria-label={t.pages}>
      <Button variant="ghost" size="sm" iconOnly aria-label={t.prev} isDisabled={page <= 1} onPress={() => onChange(page - 1)}>
        <Icon name="chevronRight" size={18} />
      </Button>
      {pageWindow(page, pages, visible).map((n) => (
        <Button key={n} variant={n === page ? "primary" : "ghost"} size="sm" aria-label={t.page(formatNumber(n))} aria-current={n === page ? "page" : undefined} onPress={() => onChange(n)}>
          {formatNumber(n)}
        </Button>
      ))}
      <Button variant="ghost" size="sm" iconOnly aria-label={t.next} isDisabled={page >= pages} onPress={() => onChange(page + 1)}>
        <Icon name="chevronLeft" size={18} />
      </Button>
    </nav>
  );
}
