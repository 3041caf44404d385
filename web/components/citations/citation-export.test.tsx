/**
 * The citation menu: keyboard-operable (Enter opens it, arrow keys move, Enter runs an entry),
 * Persian labels, and what it copies is written from the metadata given (no request).
 */
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseCitations } from "../../../lib/citations";
import { CitationExportMenu, citationOf, citeUi } from "./citation-export";

afterEach(cleanup);

function press(el: Element, key: string) {
  fireEvent.keyDown(el, { key });
  fireEvent.keyUp(el, { key });
}

const work = citationOf({
  doi: "10.1126/science.162.3859.1243",
  title: "The Tragedy of the Commons",
  year: 1968,
  authors: ["Hardin, Garrett"],
  container: "Science",
});

describe("CitationExportMenu", () => {
  it("copies BibTeX, RIS and an APA-like reference from the keyboard, without a request", async () => {
    const written: string[] = [];
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText: async (t: string) => void written.push(t) } });
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    render(<CitationExportMenu citation={work} />);
    const trigger = screen.getByRole("button", { name: citeUi.menu("The Tragedy of the Commons") });
    trigger.focus();
    press(trigger, "Enter");
    const items = await screen.findAllByRole("menuitem");
    expect(items.map((i) => i.textContent)).toEqual([citeUi.copyApa, citeUi.copyBibtex, citeUi.copyRis, citeUi.fileBibtex, citeUi.fileRis]);
    // Enter on the BibTeX entry runs it (arrow-key focus movement is react-aria's own, not tested here)
    items[1]!.focus();
    press(items[1]!, "Enter");
    await waitFor(() => expect(written).toHaveLength(1));
    const bib = parseCitations(written[0]!, "bibtex");
    expect(bib).toMatchObject([
      { doi: "10.1126/science.162.3859.1243", title: "The Tragedy of the Commons", year: "1968", container: "Science", authors: ["Hardin, Garrett"] },
    ]);

    fireEvent.click(trigger);
    fireEvent.click(await screen.findByRole("menuitem", { name: citeUi.copyApa }));
    await waitFor(() => expect(written).toHaveLength(2));
    expect(written[1]).toBe("Hardin, G. (1968). The Tragedy of the Commons. Science. https://doi.org/10.1126/science.162.3859.1243");

    fireEvent.click(trigger);
    fireEvent.click(await screen.findByRole("menuitem", { name: citeUi.copyRis }));
    await waitFor(() => expect(written).toHaveLength(3));
    expect(parseCitations(written[2]!, "ris")[0]).toMatchObject({ doi: "10.1126/science.162.3859.1243", year: "1968" });
    expect(fetchSpy).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
