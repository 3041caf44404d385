import { describe, expect, it } from "vitest";
import { linkPanelStartFrom, parseHomeSearch } from "./query-forms";

describe("parseHomeSearch", () => {
  it("reads ?getUrl as text", () => {
    expect(parseHomeSearch({ getUrl: "https://doi.org/10.1000/182" })).toEqual({ getUrl: "https://doi.org/10.1000/182" });
  });

  it("turns values the router parsed as numbers back into text", () => {
    expect(parseHomeSearch({ getUrl: 123456 })).toEqual({ getUrl: "123456" });
  });

  it("reads ?getOfflineUrl with its doi and desc, and drops doi/desc without it", () => {
    expect(parseHomeSearch({ getOfflineUrl: "https://x.test/a", doi: "10.1/abc", desc: "فصل ۲" })).toEqual({
      getOfflineUrl: "https://x.test/a",
      doi: "10.1/abc",
      desc: "فصل ۲",
    });
    expect(parseHomeSearch({ doi: "10.1/abc" })).toEqual({});
  });

  it("treats a bare ?login as the login flag", () => {
    expect(parseHomeSearch({ login: "" })).toEqual({ login: true });
    expect(parseHomeSearch({})).toEqual({});
  });

  it("drops blank values and unknown keys", () => {
    expect(parseHomeSearch({ getUrl: "  ", other: "x", getOfflineUrl: null })).toEqual({});
  });
});

describe("linkPanelStartFrom", () => {
  it("draws the link panel with the box filled in from ?getUrl= (the starts come once hydrated)", () => {
    expect(linkPanelStartFrom({ getUrl: "https://a.test" })).toEqual({ initialUrl: "https://a.test" });
    expect(linkPanelStartFrom({ getOfflineUrl: "https://b.test", doi: "10.1/x" })).toEqual({});
    expect(linkPanelStartFrom({ login: true })).toEqual({});
  });
});

describe("?shared= (the installed app's share target)", () => {
  it("is read, clipped to the link box's limit, and started by the link panel without spending", () => {
    expect(parseHomeSearch({ shared: " 10.1038/nature14539 " })).toEqual({ shared: "10.1038/nature14539" });
    expect(parseHomeSearch({ shared: "x".repeat(3000) }).shared).toHaveLength(2000);
    // Drawn in the box; started without spending once the page is the browser's (pending-intent.ts).
    expect(linkPanelStartFrom({ shared: "10.1/x" })).toEqual({ initialUrl: "10.1/x" });
    // A ?getUrl= wins.
    expect(linkPanelStartFrom({ getUrl: "https://a.test", shared: "10.1/x" })).toEqual({ initialUrl: "https://a.test" });
  });
});
