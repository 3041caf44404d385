import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { I18nProvider } from "react-aria-components";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { NewsItem } from "../../../contract/page-data";
import { shellMessages as m } from "./messages";
import { NewsTicker } from "./news-ticker";

// The spec's values, written out rather than imported, so a wrong constant fails here
// (accounts-and-purchases §4: "News rotates every 4.5 s with a 100 ms gap").
const NEWS_SHOW_MS = 4500;
const NEWS_GAP_MS = 100;

const news: NewsItem[] = [
  { id: 1, title: "خبر اول", created_at: "2025-03-01T08:00:00.000Z" },
  { id: 2, title: "خبر دوم", created_at: "2025-02-20T08:00:00.000Z" },
  { id: 3, title: "خبر سوم", created_at: "2025-02-10T08:00:00.000Z" },
];

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes("prefers-reduced-motion") ? reduce : false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

function item() {
  return document.querySelector(".news-ticker__item") as HTMLButtonElement;
}

function renderTicker(onOpenNews = vi.fn()) {
  render(
    <I18nProvider locale="fa-IR">
      <NewsTicker news={news} onOpenNews={onOpenNews} />
    </I18nProvider>,
  );
  return onOpenNews;
}

beforeEach(() => {
  vi.useFakeTimers();
  stubReducedMotion(false);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("NewsTicker", () => {
  it("shows each item for 4.5 s, hides it for 100 ms, then shows the next, and wraps around", () => {
    renderTicker();
    expect(item().textContent).toBe("خبر اول");
    expect(item().hasAttribute("data-visible")).toBe(true);

    act(() => vi.advanceTimersByTime(NEWS_SHOW_MS - 1));
    expect(item().hasAttribute("data-visible")).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(item().hasAttribute("data-visible")).toBe(false);
    expect(item().textContent).toBe("خبر اول");

    act(() => vi.advanceTimersByTime(NEWS_GAP_MS - 1));
    expect(item().hasAttribute("data-visible")).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(item().textContent).toBe("خبر دوم");
    expect(item().hasAttribute("data-visible")).toBe(true);

    // One cycle per act: each item's timer is set when React commits the previous one.
    act(() => vi.advanceTimersByTime(NEWS_SHOW_MS));
    act(() => vi.advanceTimersByTime(NEWS_GAP_MS));
    expect(item().textContent).toBe("خبر سوم");
    act(() => vi.advanceTimersByTime(NEWS_SHOW_MS));
    act(() => vi.advanceTimersByTime(NEWS_GAP_MS));
    expect(item().textContent).toBe("خبر اول");
  });

  it("pauses while hovered and resumes when the pointer leaves", () => {
    renderTicker();
    const ticker = document.querySelector(".news-ticker")!;
    fireEvent.mouseEnter(ticker);
    act(() => vi.advanceTimersByTime(3 * NEWS_SHOW_MS));
    expect(item().textContent).toBe("خبر اول");
    fireEvent.mouseLeave(ticker);
    act(() => vi.advanceTimersByTime(NEWS_SHOW_MS + NEWS_GAP_MS));
    expect(item().textContent).toBe("خبر دوم");
  });

  it("pauses while focus is inside", () => {
    renderTicker();
    act(() => item().focus());
    act(() => vi.advanceTimersByTime(3 * NEWS_SHOW_MS));
    expect(item().textContent).toBe("خبر اول");
    expect(item().hasAttribute("data-visible")).toBe(true);
  });

  it("stops and restarts with its pause button", () => {
    renderTicker();
    fireEvent.click(screen.getByRole("button", { name: m.news.pause }));
    act(() => vi.advanceTimersByTime(3 * NEWS_SHOW_MS));
    expect(item().textContent).toBe("خبر اول");
    fireEvent.click(screen.getByRole("button", { name: m.news.play }));
    // The play button kept focus, which also pauses; move focus away as a user would.
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    act(() => vi.advanceTimersByTime(NEWS_SHOW_MS + NEWS_GAP_MS));
    expect(item().textContent).toBe("خبر دوم");
  });

  it("does not rotate when the user prefers reduced motion", () => {
    stubReducedMotion(true);
    renderTicker();
    act(() => vi.advanceTimersByTime(5 * NEWS_SHOW_MS));
    expect(item().textContent).toBe("خبر اول");
    expect(screen.queryByRole("button", { name: m.news.pause })).toBeNull();
  });

  it("opens the news dialog from the item and from the all-news button", () => {
    const onOpen = renderTicker();
    fireEvent.click(item());
    fireEvent.click(screen.getByRole("button", { name: m.news.all }));
    expect(onOpen).toHaveBeenCalledTimes(2);
  });
});
