/**
 * A pasted title or reference in the result dialog: the matched work with "not this one", and the
 * chooser among several works (keyboard: arrow keys choose, Enter starts).
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { I18nProvider } from "react-aria-components";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { GetPdfResult, MatchedWork } from "../../../contract/getpdf";
import { emptyPageData } from "../../lib/page-data";
import { PageDataProvider } from "../../lib/page-data-context";
import { UiStateProvider, useUiState } from "../../lib/ui-state";
import { resetAfterEach } from "../../lib/test-fetch";
import { matchUi as m } from "./match-messages";
import { getpdfUi as t } from "./messages";
import { POLL_MS } from "./queries";
import { ResultDialog } from "./result-dialog";

const REFERENCE = "Hardin G. The tragedy of the commons. Science. 1968;162(3859):1243-8.";
const works: MatchedWork[] = [
  { doi: "10.1126/science.162.3859.1243", title: "The Tragedy of the Commons", year: 1968, authors: ["Garrett Hardin"], container: "Science" },
  { doi: "10.5555/nm-tragedy-commons-1998", title: "The tragedy of the commons", year: 1998, authors: ["Elinor Parks"] },
  { doi: "10.5555/nm-tragedy-chapter", title: "The Tragedy of the Commons", year: 2009 },
];
const base: GetPdfResult = {
  id: "t1",
  status: "processing",
  download_link: null,
  ads1: null,
  ads2: null,
  msg: "…",
  msg2: "در صف پردازش…",
  url: null,
  doi: null,
  desc: null,
  can_edit: false,
};

let calls: string[] = [];
let answers: Record<string, GetPdfResult> = {};
let checks: GetPdfResult[] = [];
let ui: ReturnType<typeof useUiState>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  calls = [];
  checks = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    const path = String(input);
    calls.push(path);
    const body = path.startsWith("/getpdf/start")
      ? answers[decodeURIComponent(path.split("url=")[1]!)]
      : path.startsWith("/getpdf/check")
        ? (checks.shift() ?? base)
        : null;
    return new Response(JSON.stringify(body ?? { status: "error" }), { status: body ? 200 : 500, headers: { "content-type": "application/json" } });
  });
  document.head.innerHTML = '<meta name="csrf-token" content="test-token">';
});

resetAfterEach();

function Harness() {
  ui = useUiState();
  return <ResultDialog url={REFERENCE} isOpen onOpenChange={() => undefined} />;
}

function renderDialog(signedIn = true) {
  const initial = { ...emptyPageData, userInfo: null, isGuest: !signedIn };
  return render(
    <I18nProvider locale="fa-IR">
      <QueryClientProvider client={new QueryClient()}>
        <PageDataProvider initial={initial}>
          <UiStateProvider>
            <Harness />
          </UiStateProvider>
        </PageDataProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe("WorkChooser in the result dialog", () => {
  it("offers the candidates as radios; arrow keys choose and submitting the form (Enter, or the button) starts the chosen DOI", async () => {
    answers = {
      [REFERENCE]: { ...base, status: "choose", msg: "چند اثر", url: REFERENCE, can_edit: true, candidates: works },
      [works[1]!.doi]: { ...base, status: "ok", download_link: "/files/doi/x.pdf?exp=1&sig=a", msg: "انجام شد", doi: works[1]!.doi },
    };
    renderDialog();
    await advance(0);
    expect(screen.getByRole("dialog", { name: t.dialogTitles.choose })).toBeTruthy();
    const group = screen.getByRole("radiogroup", { name: m.chooseLegend });
    const radios = within(group).getAllByRole("radio") as HTMLInputElement[];
    expect(radios).toHaveLength(3);
    expect(radios[0]!.checked).toBe(true);
    // titles are isolated left-to-right inside the right-to-left dialog; years in Persian digits
    expect(within(group).getAllByText("The Tragedy of the Commons")[0]!.getAttribute("dir")).toBe("ltr");
    expect(within(group).getByText(/۱۹۶۸/)).toBeTruthy();
    fireEvent.keyDown(radios[0]!, { key: "ArrowDown" });
    expect(radios[1]!.checked).toBe(true);
    expect(document.activeElement).toBe(radios[1]);
    fireEvent.submit(radios[1]!.closest("form")!);
    await advance(0);
    expect(calls.at(-1)).toBe(`/getpdf/start?url=${encodeURIComponent(works[1]!.doi)}`);
    expect(screen.getByRole("link", { name: t.download })).toBeTruthy();
  });

  it("none of these: the offline request opens prefilled with the typed reference", async () => {
    answers = { [REFERENCE]: { ...base, status: "choose", msg: "چند اثر", url: REFERENCE, can_edit: true, candidates: works } };
    renderDialog();
    await advance(0);
    fireEvent.click(screen.getByRole("button", { name: m.noneOfThese }));
    expect(ui.open.offlineRequest).toBe(true);
    expect(ui.offlinePrefill).toMatchObject({ url: REFERENCE, canEdit: true });
  });
});

describe("MatchedWorkNote in the result dialog", () => {
  it("names the matched work while processing and after, and 'not this one' opens the offline request with the typed text", async () => {
    answers = { [REFERENCE]: { ...base, doi: works[0]!.doi, match: works[0]! } };
    checks = [{ ...base, status: "ok", download_link: "/files/doi/y.pdf?exp=1&sig=b", msg: "انجام شد", doi: works[0]!.doi }];
    renderDialog();
    await advance(0);
    const note = screen.getByRole("region", { name: m.foundLabel });
    expect(within(note).getByText(m.found)).toBeTruthy();
    expect(within(note).getByText("The Tragedy of the Commons").getAttribute("dir")).toBe("ltr");
    expect(screen.getByRole("progressbar")).toBeTruthy();
    await advance(POLL_MS + 10);
    // the check answers carry no match: the dialog keeps the one from the start
    expect(screen.getByRole("link", { name: t.download })).toBeTruthy();
    expect(screen.getByRole("region", { name: m.foundLabel })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: m.notThis }));
    expect(ui.open.offlineRequest).toBe(true);
    expect(ui.offlinePrefill).toMatchObject({ url: REFERENCE, canEdit: true, kind: "article" });
  });

  it("a guest's 'not this one' goes to login and keeps the typed text as the offline intent", async () => {
    answers = { [REFERENCE]: { ...base, doi: works[0]!.doi, match: works[0]! } };
    renderDialog(false);
    await advance(0);
    fireEvent.click(screen.getByRole("button", { name: m.notThis }));
    expect(ui.open.login).toBe(true);
    expect(localStorage.getItem("run")).toBe("offline");
    expect(localStorage.getItem("run_details_url")).toBe(REFERENCE);
  });
});
