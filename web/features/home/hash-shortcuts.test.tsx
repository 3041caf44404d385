import { act, cleanup, renderHook, screen } from "@testing-library/react";
import { createMemoryHistory, createRouter } from "@tanstack/react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRouter, testPageData } from "../../lib/test-render";
import { QueryClient } from "@tanstack/react-query";
import { routeTree } from "../../routes/tree";
import { sessionOf } from "../../lib/route-data";
import { bookSourceFromHash, initialSearchType, parseHashShortcut, useHashShortcuts } from "./hash-shortcuts";
import { homeMessages as m } from "./messages";

/** The spec's 1 s, written out rather than imported, so a wrong constant fails here. */
const HASH_CLEAR_MS = 1000;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("parseHashShortcut", () => {
  it.each([
    ["#link", 1, undefined],
    ["#article", 2, undefined],
    ["#book", 3, undefined],
    ["#standard", 3, "standard"],
    ["#solution", 3, "solution"],
    ["#report", 3, "report"],
    ["#tez", 4, undefined],
    ["#direct", 6, undefined],
    ["#vip", 7, undefined],
    ["book", 3, undefined],
    // The spec's written forms, with the type's number.
    ["#link=1", 1, undefined],
    ["#article=2", 2, undefined],
    ["#book=3", 3, undefined],
    ["#report=3", 3, "report"],
    ["#tez=4", 4, undefined],
    ["#direct=6", 6, undefined],
    ["#vip=7", 7, undefined],
    ["#tez=۴", 4, undefined],
  ])("%s chooses type %i", (hash, type, bookSource) => {
    expect(parseHashShortcut(hash)).toEqual(bookSource ? { type, bookSource } : { type });
  });

  it.each(["", "#", "#main", "#constructor", "#toString", "#books", "#article=7", "#book=", "#vip=77", "#tez=4=4", "#=4"])("ignores %j", (hash) => {
    expect(parseHashShortcut(hash)).toBeNull();
  });

  it("gives the book source only for #standard, #solution and #report", () => {
    expect(bookSourceFromHash("#solution")).toBe("solution");
    expect(bookSourceFromHash("#report=3")).toBe("report");
    expect(bookSourceFromHash("#book")).toBeNull();
    expect(bookSourceFromHash("")).toBeNull();
  });
});

describe("useHashShortcuts", () => {
  beforeEach(() => vi.useFakeTimers());

  function setup(hash: string, availableTypes = [1, 2, 3, 4, 6, 7]) {
    const setType = vi.fn();
    const clearHash = vi.fn();
    const hook = renderHook((props: { hash: string }) => useHashShortcuts({ hash: props.hash, availableTypes, setType, clearHash }), {
      initialProps: { hash },
    });
    return { setType, clearHash, hook };
  }

  it("chooses the type at once and clears the hash after one second", () => {
    const { setType, clearHash } = setup("#direct");
    expect(setType).toHaveBeenCalledWith(6);
    vi.advanceTimersByTime(HASH_CLEAR_MS - 1);
    expect(clearHash).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(clearHash).toHaveBeenCalledTimes(1);
  });

  it("ignores a type that is not offered but still clears the hash", () => {
    const { setType, clearHash } = setup("#vip", [1, 2, 3, 4, 6]);
    expect(setType).not.toHaveBeenCalled();
    vi.advanceTimersByTime(HASH_CLEAR_MS);
    expect(clearHash).toHaveBeenCalledTimes(1);
  });

  it("does nothing for an unknown hash", () => {
    const { setType, clearHash } = setup("#main");
    vi.advanceTimersByTime(5 * HASH_CLEAR_MS);
    expect(setType).not.toHaveBeenCalled();
    expect(clearHash).not.toHaveBeenCalled();
  });

  it("reacts to a later hash change", () => {
    const { setType, hook } = setup("");
    expect(setType).not.toHaveBeenCalled();
    hook.rerender({ hash: "#tez" });
    expect(setType).toHaveBeenCalledWith(4);
  });
});

describe("home page with a hash shortcut", () => {
  beforeEach(() => {
    // No server here: whatever the page's features ask for is not found.
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 404, headers: { "Content-Type": "application/json" } })),
    );
    // Wide screen: tiles; no reduced motion.
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: /min-width/.test(query) && !/max-width/.test(query),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
  });

  function renderHome(url: string, pageData = testPageData()) {
    const router = createRouter({
      routeTree,
      context: { queryClient: new QueryClient(), session: sessionOf(pageData), deferData: false },
      history: createMemoryHistory({ initialEntries: [url] }),
    });
    renderRouter(router, { pageData });
    return router;
  }

  it("#standard picks the book search, keeps the hash for a second for the book source, then clears it", async () => {
    const router = renderHome("/#standard");
    const radio = (await screen.findByRole("radio", { name: m.searchTypes[3] })) as HTMLInputElement;
    expect(radio.checked).toBe(true);
    expect(router.state.location.hash).toBe("standard");
    await act(() => new Promise((r) => setTimeout(r, HASH_CLEAR_MS + 200)));
    expect(router.state.location.hash).toBe("");
    expect(router.state.location.pathname).toBe("/");
    // The choice stays after the hash is gone.
    expect((screen.getByRole("radio", { name: m.searchTypes[3] }) as HTMLInputElement).checked).toBe(true);
  });

  it("#vip is ignored for a university user (no option 7)", async () => {
    renderHome(
      "/#vip",
      testPageData({ universityInfo: { name: "دانشگاه نمونه", logo: null, access: ["article_download"], new_access: null }, userType: "university" }),
    );
    const first = (await screen.findByRole("radio", { name: m.searchTypes[1] })) as HTMLInputElement;
    expect(first.checked).toBe(true);
    expect(screen.queryByRole("radio", { name: m.searchTypes[7] })).toBeNull();
  });

  it("keeps query forms for the link panel and opens nothing else", async () => {
    const router = renderHome("/?getUrl=https%3A%2F%2Fdoi.org%2F10.1000%2F182");
    await screen.findByRole("radio", { name: m.searchTypes[1] });
    // The address is cleaned once the link panel has the URL.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(router.state.location.search).toEqual({});
  });
});

describe("initialSearchType", () => {
  it.each([
    ["/", "#book", 3],
    ["/", "#standard", 3],
    ["/", "#tez", 4],
    ["/", "#vip", 7],
    ["/", "", 1],
    ["/", "#nothing", 1],
    // Hash shortcuts belong to home only.
    ["/profile", "#book", 1],
  ])("%s%s → type %i", (pathname, hash, type) => {
    expect(initialSearchType({ pathname, hash })).toBe(type);
  });
});
