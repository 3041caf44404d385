import type { NewsItem } from "../../../contract/page-data";
import { formatJalaliDate } from "../../../lib/format";
import { Dialog } from "../ui/dialog";
import { shellMessages as m } from "./messages";

/** Latest news (accounts spec §2 Dialogs): width 450, a scrolling list at most 500 px tall; each item's title and Solar Hijri date. */
export default function NewsDialog({ news, isOpen, onOpenChange }: { news: NewsItem[]; isOpen: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog title={m.news.dialogTitle} width={450} isOpen={isOpen} onOpenChange={onOpenChange}>
      {news.length === 0 ? (
        <p>{m.news.empty}</p>
      ) : (
        <ul className="news-list">
          {news.map((n) => (
            <li key={n.id} className="news-list__item">
              <span className="news-list__title">{n.title}</span>
              <time className="news-list__date" dateTime={n.created_at}>
                {formatJalaliDate(n.created_at)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
