import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PENDING_INTENT_TTL_MS, readPendingIntent, savePendingIntent } from "../../lib/pending-intent";
import { useHomeStarts } from "./pending-intent";
import type { HomeSearch } from "./query-forms";

afterEach(() => localStorage.clear());

function arrive(isGuest: boolean, search: HomeSearch = {}) {
  const o = { isGuest, openDialog: vi.fn(), openOfflineRequest: vi.fn(), openPackageOffer: vi.fn(), showLinkBox: vi.fn() };
  const hook = renderHook(({ s }) => useHomeStarts(s, {}, o), { initialProps: { s: search } });
  return { ...o, hook };
}

describe("useHomeStarts: the pending intent (accounts §4)", () => {
  it("a guest's fully determined offline request resumes after login read-only with the auto-submit", () => {
    savePendingIntent({ run: "offline", url: "https://doi.org/10.5555/none-1", doi: "10.5555/none-1", desc: "A title", canEdit: false });
    expect(arrive(true).openOfflineRequest).not.toHaveBeenCalled();
    const { openOfflineRequest } = arrive(false);
    expect(openOfflineRequest).toHaveBeenCalledWith({
      url: "https://doi.org/10.5555/none-1",
      doi: "10.5555/none-1",
      desc: "A title",
      canEdit: false,
      autoSubmit: true,
      kind: "article",
    });
    expect(localStorage.getItem("run")).toBeNull();
  });

  it("an editable one resumes editable, without the countdown", () => {
    savePendingIntent({ run: "offline", url: "Some title", canEdit: true });
    const { openOfflineRequest } = arrive(false);
    expect(openOfflineRequest).toHaveBeenCalledWith({ url: "Some title", doi: undefined, desc: undefined });
  });

  it("a document the guest wanted is started again, spending, once signed in (not the package offer with nothing in it)", () => {
    savePendingIntent({ run: "buy", url: "10.5555/licensed-1", need: "article" });
    const { hook, showLinkBox, openDialog, openPackageOffer } = arrive(false);
    expect(showLinkBox).toHaveBeenCalled();
    expect(hook.result.current.autoStart).toMatchObject({ url: "10.5555/licensed-1", spend: true });
    expect(openDialog).not.toHaveBeenCalled();
    expect(openPackageOffer).not.toHaveBeenCalled();
    expect(readPendingIntent()).toBeNull();
  });

  it("a plain buy opens the package offer with the credit it needed", () => {
    savePendingIntent({ run: "buy", need: "offline_article" });
    expect(arrive(false).openPackageOffer).toHaveBeenCalledWith({ need: "offline_article" });
    savePendingIntent({ run: "buy" });
    expect(arrive(false).openDialog).toHaveBeenCalledWith("packageOffer");
  });

  it("signing in on the page (the user flips, the page is about to reload) leaves the intent for the reload", () => {
    savePendingIntent({ run: "buy", url: "10.5555/licensed-2", need: "article" });
    const o = { isGuest: true, openDialog: vi.fn(), openOfflineRequest: vi.fn(), openPackageOffer: vi.fn(), showLinkBox: vi.fn() };
    const hook = renderHook(({ guest }) => useHomeStarts({}, {}, { ...o, isGuest: guest }), { initialProps: { guest: true } });
    hook.rerender({ guest: false });
    expect(o.showLinkBox).not.toHaveBeenCalled();
    expect(readPendingIntent()).toMatchObject({ run: "buy", url: "10.5555/licensed-2" });
  });

  it("a reading list's purchase is left for the list's page", () => {
    savePendingIntent({ run: "batch", batchId: "bat_1", need: "article" });
    const { openDialog, openPackageOffer, showLinkBox } = arrive(false);
    expect([openDialog, openPackageOffer, showLinkBox].every((f) => f.mock.calls.length === 0)).toBe(true);
    expect(readPendingIntent()).toMatchObject({ run: "batch", batchId: "bat_1" });
  });

  it("an intent older than two hours is dropped", () => {
    savePendingIntent({ run: "buy", url: "10.5555/licensed-3" }, Date.now() - PENDING_INTENT_TTL_MS - 1000);
    expect(arrive(false).showLinkBox).not.toHaveBeenCalled();
    expect(localStorage.getItem("run")).toBeNull();
  });
});

describe("useHomeStarts: ?getUrl= and ?getOfflineUrl= (search spec §2)", () => {
  it("?getUrl= starts at once without spending", () => {
    const { hook, showLinkBox } = arrive(false, { getUrl: "10.5555/licensed-4" });
    expect(showLinkBox).toHaveBeenCalled();
    expect(hook.result.current.autoStart).toMatchObject({ url: "10.5555/licensed-4", spend: false });
  });

  it("back from the bank for that very document: spends (the purchase was the consent), once", () => {
    savePendingIntent({ run: "buy", url: "10.5555/licensed-5", need: "article" });
    const { hook } = arrive(false, { getUrl: "10.5555/licensed-5" });
    expect(hook.result.current.autoStart).toMatchObject({ url: "10.5555/licensed-5", spend: true });
    expect(readPendingIntent()).toBeNull();
  });

  it("a pending purchase for another document does not make a link spend", () => {
    savePendingIntent({ run: "buy", url: "10.5555/licensed-6", need: "article" });
    const { hook } = arrive(false, { getUrl: "10.5555/licensed-7" });
    expect(hook.result.current.autoStart).toMatchObject({ spend: false });
    expect(readPendingIntent()).toMatchObject({ url: "10.5555/licensed-6" });
  });

  it("a guest never spends", () => {
    savePendingIntent({ run: "buy", url: "10.5555/licensed-8" });
    expect(arrive(true, { getUrl: "10.5555/licensed-8" }).hook.result.current.autoStart).toMatchObject({ spend: false });
  });

  it("an in-app navigation to /?getUrl= (a wallet purchase) starts it too", () => {
    const o = { isGuest: false, openDialog: vi.fn(), openOfflineRequest: vi.fn(), openPackageOffer: vi.fn(), showLinkBox: vi.fn() };
    const hook = renderHook(({ s }) => useHomeStarts(s, {}, o), { initialProps: { s: {} as HomeSearch } });
    expect(hook.result.current.autoStart).toBeUndefined();
    savePendingIntent({ run: "buy", url: "10.5555/licensed-9", need: "article" });
    hook.rerender({ s: { getUrl: "10.5555/licensed-9" } });
    expect(hook.result.current.autoStart).toMatchObject({ url: "10.5555/licensed-9", spend: true });
  });

  it("?getOfflineUrl= opens the request, submitted by itself only when paid for", () => {
    expect(arrive(false, { getOfflineUrl: "https://doi.org/10.5555/none-2", doi: "10.5555/none-2" }).hook.result.current.offlineStart).toMatchObject({
      url: "https://doi.org/10.5555/none-2",
      doi: "10.5555/none-2",
      auto: false,
    });
    savePendingIntent({ run: "offline", url: "https://doi.org/10.5555/none-3", need: "offline_article" });
    expect(arrive(false, { getOfflineUrl: "https://doi.org/10.5555/none-3" }).hook.result.current.offlineStart).toMatchObject({ auto: true });
  });
});
