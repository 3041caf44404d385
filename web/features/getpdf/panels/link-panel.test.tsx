import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithRouter, testPageData, testUser } from "../../../lib/test-render";
import { getpdfUi as t } from "../messages";
import LinkPanel, { type LinkAutoStart } from "./link-panel";

let calls: { path: string; method: string }[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    calls.push({ path, method: init?.method ?? "GET" });
    const body = path.startsWith("/getpdf/")
      ? { id: "t1", status: "error", download_link: null, ads1: null, ads2: null, msg: "x", msg2: null, url: null, doi: null, desc: null, can_edit: false }
      : { kind: "doi", doi: "10.1000/182" };
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  });
  document.head.innerHTML = '<meta name="csrf-token" content="test-token">';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("LinkPanel ?getUrl=", () => {
  it("is drawn with the box filled in, and starts once asked, by GET (a link from anywhere never spends)", async () => {
    let start: (s: LinkAutoStart) => void = () => {};
    // biome-ignore lint/correctness/noComponentHookFactories: a test page that hands its setter to the test
    function Page() {
      const [autoStart, setAutoStart] = useState<LinkAutoStart | null>(null);
      start = setAutoStart;
      return <LinkPanel initialUrl="https://doi.org/10.1000/182" autoStart={autoStart} />;
    }
    renderWithRouter(<Page />, { pageData: testPageData({ userInfo: testUser(), isGuest: false }) });
    const box = (await screen.findByRole("searchbox", { name: t.inputLabel })) as HTMLInputElement;
    expect(box.value).toBe("https://doi.org/10.1000/182");
    await new Promise((r) => setTimeout(r, 100));
    expect(calls.filter((c) => c.path.startsWith("/getpdf"))).toEqual([]);
    act(() => start({ id: 1, url: "https://doi.org/10.1000/182", spend: false }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith("/getpdf"))).toEqual([{ path: "/getpdf/start?url=https%3A%2F%2Fdoi.org%2F10.1000%2F182", method: "GET" }]),
    );
  });

  it("a resumed action (a purchase or sign-in made for this document) starts by POST", async () => {
    renderWithRouter(<LinkPanel autoStart={{ id: 1, url: "10.1000/182", spend: true }} />, {
      pageData: testPageData({ userInfo: testUser(), isGuest: false }),
    });
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith("/getpdf"))).toEqual([{ path: "/getpdf/start", method: "POST" }]));
    expect(((await screen.findByRole("searchbox", { name: t.inputLabel })) as HTMLInputElement).value).toBe("10.1000/182");
  });

  it("the user's own search starts by POST", async () => {
    renderWithRouter(<LinkPanel initialUrl="10.1000/182" />, { pageData: testPageData({ userInfo: testUser(), isGuest: false }) });
    fireEvent.click(await screen.findByRole("button", { name: t.search }));
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith("/getpdf"))).toEqual([{ path: "/getpdf/start", method: "POST" }]));
  });
});
