import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { I18nProvider } from "react-aria-components";
import { afterEach, describe, expect, it } from "vitest";
import { homeMessages as m } from "./messages";
import { SearchTypeSelector } from "./search-type-selector";
import { searchTypeOptions } from "./search-types";

afterEach(cleanup);

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
  it("is one radio group of icon tiles under the prompt at every width (the stylesheet draws them as chips below 960 px)", () => {
    const { container } = render(<Harness />);
    const group = screen.getByRole("radiogroup", { name: m.searchPrompt });
    expect(within(group).getAllByRole("radio")).toHaveLength(6);
    expect(container.querySelectorAll(".search-tile")).toHaveLength(6);
    expect(container.querySelectorAll(".search-tile .search-tile__icon svg")).toHaveLength(6);
    expect((within(group).getByRole("radio", { name: m.searchTypes[1] }) as HTMLInputElement).checked).toBe(true);
  });

  it("offers option 5 in fifth place with the old standard tab on", () => {
    render(<Harness old />);
    const radios = within(screen.getByRole("radiogroup", { name: m.searchPrompt })).getAllByRole("radio");
    expect(radios).toHaveLength(7);
    expect(radios[4]).toBe(screen.getByRole("radio", { name: m.searchTypes[5] }));
  });

  it("changes the search type when an option is chosen", () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole("radio", { name: m.searchTypes[6] }));
    expect(screen.getByTestId("chosen").textContent).toBe("6");
    expect((screen.getByRole("radio", { name: m.searchTypes[6] }) as HTMLInputElement).checked).toBe(true);
  });

  it("has no plagiarism option for university users", () => {
    render(<Harness uni />);
    expect(screen.queryByRole("radio", { name: m.searchTypes[7] })).toBeNull();
  });
});
