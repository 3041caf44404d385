/** The reading list says, in Persian, which entries wait for the start allowance and for how long. */
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from "@tanstack/react-router";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BatchView } from "../../../contract/batch";
import { batchTexts } from "../../../contract/batch";
import { GETPDF_WAIT_MS } from "../../../contract/getpdf-wait";
import { emptyPageData } from "../../lib/page-data";
import { fakeApi, json } from "../../lib/test-fetch";
import { renderRouter } from "../../lib/test-render";
import BatchPage from "./pages/batch-page";

const { answers } = fakeApi();

const entry = (position: number, waiting: boolean): BatchView["entries"][number] => ({
  position,
  input: { type: "article", title: `Work ${position}`, authors: [], year: "2020", container: null, doi: `10.5555/none-${position}`, text: null },
  lookup_kind: "identifier",
  lookup: `10.5555/none-${position}`,
  status: "processing",
  step: waiting ? batchTexts.waitingStep(420) : "در صف پردازش…",
  msg: null,
  work: { doi: `10.5555/none-${position}`, title: null, year: null },
  download_link: null,
  provenance: { source: null, license: null, verified: null, version: null, host: null },
  notices: [],
});

function renderBatch(view: BatchView) {
  // The page's read asks the server to hold it until an entry finishes.
  answers[`/batch/${view.id}?wait=${GETPDF_WAIT_MS}`] = () => json(view);
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const route = createRoute({ getParentRoute: () => rootRoute, path: "/batch", component: BatchPage });
  const router = createRouter({ routeTree: rootRoute.addChildren([route]), history: createMemoryHistory({ initialEntries: [`/batch?id=${view.id}`] }) });
  return renderRouter(router, { pageData: { ...emptyPageData } });
}

describe("a list whose entries wait for the start allowance", () => {
  it("shows how many wait and in how many minutes they start, in Persian digits, and each waiting entry says so", async () => {
    const entries = [entry(0, false), ...Array.from({ length: 3 }, (_, i) => entry(i + 1, true))];
    renderBatch({
      id: "bat_1",
      created_at: "2025-01-01T00:00:00.000Z",
      format: "text",
      filename: null,
      counts: { processing: 4, ok: 0, buy: 0, offline: 0, error: 0 },
      eta_seconds: 7,
      waiting: { count: 3, starts_in_seconds: 420 },
      entries,
    });
    const alert = await screen.findByText(/مرجع در انتظار نوبت است/);
    expect(alert.textContent).toContain("۳ مرجع");
    expect(alert.textContent).toContain("۷ دقیقه");
    expect(screen.getAllByText(/در انتظار نوبت: سقف شروع دریافت پر است/).length).toBeGreaterThanOrEqual(3);
  });

  it("no alert when nothing waits", async () => {
    renderBatch({
      id: "bat_2",
      created_at: "2025-01-01T00:00:00.000Z",
      format: "text",
      filename: null,
      counts: { processing: 1, ok: 0, buy: 0, offline: 0, error: 0 },
      eta_seconds: 5,
      waiting: { count: 0, starts_in_seconds: null },
      entries: [entry(0, false)],
    });
    await screen.findAllByText(/Work 0/);
    expect(screen.queryByText(/در انتظار نوبت/)).toBeNull();
  });
});
