import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { savePendingIntent } from "../../lib/pending-intent";
import { useResumePendingIntent } from "./pending-intent";

afterEach(() => localStorage.clear());

function resume(isGuest: boolean) {
  const openDialog = vi.fn();
  const openOfflineRequest = vi.fn();
  renderHook(() => useResumePendingIntent({ isGuest, openDialog, openOfflineRequest }));
  return { openDialog, openOfflineRequest };
}

describe("useResumePendingIntent (accounts §4)", () => {
  it("a guest's fully determined offline request resumes after login read-only with the auto-submit", () => {
    savePendingIntent({ run: "offline", url: "https://doi.org/10.5555/none-1", doi: "10.5555/none-1", desc: "A title", canEdit: false });
    expect(resume(true).openOfflineRequest).not.toHaveBeenCalled();
    const { openOfflineRequest } = resume(false);
    expect(openOfflineRequest).toHaveBeenCalledWith({ url: "https://doi.org/10.5555/none-1", doi: "10.5555/none-1", desc: "A title", canEdit: false, autoSubmit: true, kind: "article" });
    expect(localStorage.getItem("run")).toBeNull();
  });

  it("an editable one resumes editable, without the countdown", () => {
    savePendingIntent({ run: "offline", url: "Some title", canEdit: true });
    const { openOfflineRequest } = resume(false);
    expect(openOfflineRequest).toHaveBeenCalledWith({ url: "Some title", doi: undefined, desc: undefined });
  });
});
