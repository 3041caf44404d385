import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { I18nProvider } from "react-aria-components";
import { afterEach, describe, expect, it, vi } from "vitest";
import { homeMessages as m } from "./messages";
import { SearchTypeSelector } from "./search-type-selector";
import { searchTypeOptions } from "./search-types";

/** matchMedia that answers min-width queries for a given viewport width. */
function setViewportWidth(width: number) {
  vi.stubGlobal("matchMedia", (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])) && !query.includes("prefers-reduced-motion");
    return { matches, media: query, addEventListener() {}, removeEventListener() {} } as unknown as MediaQueryList;
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("searchTypeOptions", () => {
  it("offers 1, 2, 3, 4, 6, 7 by default, with the books/standards/solutions label", () => {
    const options = searchTypeOptions({ showOldTabStandardSearch: false, hasUniversity: false });
    expect(options.map((o) => o.id)).toEqual([1, 2, 3, 4, 6, 7]);
    expect(options[2]!.label).toBe(m.searchTypes[3]);
  });

  it("puts option 5 at position 5 and relabels option 3 when the old standard tab is on", () => {
    const options = searchTypeOptions({ showOldTabStandardSearch: true, hasUniversity: false });
    expect(options.map((o) => o.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(options[4]!.id).toBe(5);
    expect(options[2]!.label).toBe("کتاب، حل‌المسائل، گزارش");
  });

  it("removes option 7 for university users", () => {
    expect(searchTypeOptions({ showOldTabStandardSearch: false, hasUniversity: true }).map((o) => o.id)).toEqual([1, 2, 3, 4, 6]);
    expect(searchTypeOptions({ showOldTabStandardSearch: true, hasUniversity: true }).map((o) => o.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

function Harness({ initial = 1, old = false, uni = false }: { initial?: number; old?: boolean; uni?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <I18nProvider locale="fa-IR">
      <SearchTypeSelector options={searchTypeOptions({ showOldTabStandardSearch: old, hasUniversity: uni })} value={value} onChange={setValue} />
      <output data-testid="chosen">{value}</output>
    </I18nProvider>
  );
}

describe("SearchTypeSelector", () => {
  it("shows icon tiles on medium and wider screens, as one radio group under the prompt", () => {
    setViewportWidth(1440);
    const { container } = render(<Harness />);
    const group = screen.getByRole("radiogroup", { name: m.searchPrompt });
    expect(within(group).getAllByRole("radio")).toHaveLength(6);
    expect(container.querySelectorAll(".search-tile")).toHaveLength(6);
    expect((within(group).getByRole("radio", { name: m.searchTypes[1] }) as HTMLInputElement).checked).toBe(true);
  });

  it("shows radio buttons (no tiles) on small screens", () => {
    setViewportWidth(390);
    const { container } = render(<Harness old />);
    const group = screen.getByRole("radiogroup", { name: m.searchPrompt });
    expect(within(group).getAllByRole("radio")).toHaveLength(7);
    expect(container.querySelectorAll(".search-tile")).toHaveLength(0);
    expect(container.querySelectorAll(".ui-radio--chip")).toHaveLength(7);
  });

  it("changes the search type when an option is chosen", () => {
    setViewportWidth(1440);
    render(<Harness />);
    fireEvent.click(screen.getByRole("radio", { name: m.searchTypes[6] }));
    expect(screen.getByTestId("chosen").textContent).toBe("6");
    expect((screen.getByRole("radio", { name: m.searchTypes[6] }) as HTMLInputElement).checked).toBe(true);
  });

  it("has no plagiarism option for university users", () => {
    setViewportWidth(1440);
    render(<Harness uni />);
    expect(screen.queryByRole("radio", { name: m.searchTypes[7] })).toBeNull();
  });

  it("follows the media query when the window is resized", () => {
    let width = 1440;
    const listeners = new Set<() => void>();
    vi.stubGlobal("matchMedia", (query: string) => {
      const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0);
      return {
        get matches() {
          return width >= min && !query.includes("prefers-reduced-motion");
        },
        media: query,
        addEventListener: (_: string, fn: () => void) => listeners.add(fn),
        removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
      } as unknown as MediaQueryList;
    });
    const { container } = render(<Harness />);
    expect(container.querySelectorAll(".search-tile")).toHaveLength(6);
    width = 500;
    act(() => listeners.forEach((fn) => fn()));
    expect(container.querySelectorAll(".search-tile")).toHaveLength(0);
  });
});
