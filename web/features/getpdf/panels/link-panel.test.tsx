import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithRouter, testPageData, testUser } from "../../../lib/test-render";
import { getpdfUi as t } from "../messages";
import LinkPanel from "./link-panel";

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
  it("prefills the box and starts nothing until the user's click, then starts by POST", async () => {
    renderWithRouter(<LinkPanel initialUrl="https://doi.org/10.1000/182" />, { pageData: testPageData({ userInfo: testUser(), isGuest: false }) });
    const box = (await screen.findByRole("searchbox", { name: t.inputLabel })) as HTMLInputElement;
    expect(box.value).toBe("https://doi.org/10.1000/182");
    expect(screen.getByRole("status").textContent).toBe(t.prefilled);
    await new Promise((r) => setTimeout(r, 100));
    expect(calls.filter((c) => c.path.startsWith("/getpdf"))).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: t.search }));
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith("/getpdf"))).toEqual([{ path: "/getpdf/start", method: "POST" }]));
  });
});
