import { useEffect, useState } from "react";
import type { NewsItem } from "../../../contract/page-data";
import { usePrefersReducedMotion } from "../../lib/use-media-query";
import { NativeButton } from "../ui/native-button";
import { Icon } from "../ui/icon";
import { shellMessages as m } from "./messages";

/** News rotation (accounts spec §9): each item shows 4.5 s, then a 100 ms gap before the next. */
const NEWS_SHOW_MS = 4500;
const NEWS_GAP_MS = 100;

/**
 * The rolling news line. It pauses while hovered or focused and with its pause button; with
 * prefers-reduced-motion it does not rotate at all (every item is in the news dialog).
 */
export function NewsTicker({ news, onOpenNews }: { news: NewsItem[]; onOpenNews(): void }) {
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const paused = hovered || focused || stopped || reducedMotion;
  const count = news.length;

  useEffect(() => {
    if (paused || count < 2) return;
    let gap: ReturnType<typeof setTimeout> | undefined;
    const show = setTimeout(() => {
      setVisible(false);
      gap = setTimeout(() => {
        setIndex((i) => (i + 1) % count);
        setVisible(true);
      }, NEWS_GAP_MS);
    }, NEWS_SHOW_MS);
    return () => {
      clearTimeout(show);
      if (gap) clearTimeout(gap);
      // A pause during the gap must not leave the line blank.
      setVisible(true);
    };
  }, [paused, count, index]);

  if (count === 0) return null;
  const item = news[index % count]!;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only pauses the ticker; keyboard users get the same by focus
    <div
      className="news-ticker"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <span className="news-ticker__label">
        <Icon name="news" size={18} />
        <span className="news-ticker__label-text">{m.news.label}</span>
      </span>
      <button type="button" className="news-ticker__item" data-visible={visible || undefined} onClick={onOpenNews} aria-haspopup="dialog">
        <span className="news-ticker__text">{item.title}</span>
      </button>
      {count > 1 && !reducedMotion && (
        <NativeButton
          variant="ghost"
          size="sm"
          iconOnly
          className="news-ticker__control"
          aria-label={stopped ? m.news.play : m.news.pause}
          onClick={() => setStopped((s) => !s)}
        >
          <Icon name={stopped ? "play" : "pause"} size={16} />
        </NativeButton>
      )}
      <NativeButton variant="ghost" size="sm" className="news-ticker__all" onClick={onOpenNews} aria-haspopup="dialog">
        {m.news.all}
      </NativeButton>
    </div>
  );
}
