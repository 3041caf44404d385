import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderWithRouter, testPageData, testUser } from "../../lib/test-render";
import { useUiState } from "../../lib/ui-state";
import { FloatingOfflineButton } from "./floating-offline-button";
import { shellMessages as m } from "./messages";

function OpenDialogs() {
  const { open, offlinePrefill } = useUiState();
  return <output data-testid="open">{JSON.stringify({ open, offlinePrefill })}</output>;
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe("FloatingOfflineButton", () => {
  it("for a guest, saves the intent under the spec's keys and opens the login dialog", async () => {
    renderWithRouter(
      <>
        <FloatingOfflineButton />
        <OpenDialogs />
      </>,
    );
    fireEvent.click(await screen.findByRole("button", { name: m.offlineRequest }));
    expect(localStorage.getItem("run")).toBe("offline");
    expect(localStorage.getItem("run_details_url")).toBe("");
    expect(localStorage.getItem("run_details_doi")).toBe("");
    expect(localStorage.getItem("run_details_desc")).toBe("");
    expect(JSON.parse(screen.getByTestId("open").textContent!).open).toEqual({ login: true });
  });

  it("for a signed-in user, opens the offline request dialog", async () => {
    renderWithRouter(
      <>
        <FloatingOfflineButton />
        <OpenDialogs />
      </>,
      { pageData: testPageData({ userInfo: testUser(), isGuest: false }) },
    );
    fireEvent.click(await screen.findByRole("button", { name: m.offlineRequest }));
    expect(JSON.parse(screen.getByTestId("open").textContent!).open).toEqual({ offlineRequest: true });
    expect(localStorage.getItem("run")).toBeNull();
  });
});
