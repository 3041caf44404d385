import { afterEach, describe, expect, it, vi } from "vitest";
import { arrivalScroll } from "./arrival-scroll";

function scrollPageTo(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  window.dispatchEvent(new Event("scroll"));
}

afterEach(() => scrollPageTo(0));

describe("arrivalScroll", () => {
  it("scrolls when the visitor is still at the top where they arrived", () => {
    scrollPageTo(0);
    const scroll = vi.fn();
    arrivalScroll(scroll).run();
    expect(scroll).toHaveBeenCalledOnce();
  });

  it("does not when the visitor scrolled before it was asked for (the server's page, before the code came)", () => {
    scrollPageTo(150);
    const scroll = vi.fn();
    arrivalScroll(scroll).run();
    expect(scroll).not.toHaveBeenCalled();
  });

  it("does not when the visitor scrolled meanwhile, even back to the top", () => {
    scrollPageTo(0);
    const scroll = vi.fn();
    const later = arrivalScroll(scroll);
    scrollPageTo(300);
    scrollPageTo(0);
    later.run();
    expect(scroll).not.toHaveBeenCalled();
  });

  it("stops listening once run or cancelled", () => {
    const remove = vi.spyOn(window, "removeEventListener");
    arrivalScroll(() => {}).cancel();
    arrivalScroll(() => {}).run();
    expect(remove.mock.calls.filter(([type]) => type === "scroll")).toHaveLength(2);
    remove.mockRestore();
  });
});
