/**
 * Stored links are http(s) or text: ExternalLink and ExternalLinkButton (every outside or stored link
 * of the SPA and of the server-rendered first screen) and the offline request's name render a value
 * that is not an http(s) URL (or a path on this site) as plain text, never as a link.
 */
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { httpUrl, safeHref } from "../../../lib/link-url";
import { DocumentName } from "../../features/offline/request-parts";
import { ExternalLink, ExternalLinkButton } from "./link";

afterEach(cleanup);

const HOSTILE = [
  "javascript:alert(document.domain)//10.5555/none-1",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "//evil.example/path",
  "/\\evil.example",
  "https://exa\u200bmple.com",
  "https:alert(1)",
  "http://",
  "file:///etc/passwd",
];

describe("stored links: http(s) or text", () => {
  it("httpUrl accepts http(s) URLs with a host and nothing else", () => {
    expect(httpUrl("https://doi.org/10.1000/x")).toBe("https://doi.org/10.1000/x");
    expect(httpUrl("  http://example.org/a?b=c  ")).toBe("http://example.org/a?b=c");
    for (const h of HOSTILE) expect(httpUrl(h), h).toBeNull();
    expect(safeHref("/files/abc?sig=1")).toBe("/files/abc?sig=1");
  });

  it.each(HOSTILE)("ExternalLink with %j renders its text, no link", (href) => {
    render(<ExternalLink href={href}>the text</ExternalLink>);
    expect(screen.getByText("the text")).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
    expect(document.querySelector("a")).toBeNull();
  });

  it("ExternalLinkButton with a hostile href renders nothing to press; an https one is a link", () => {
    render(
      <>
        {/* biome-ignore lint/security/noScriptUrl: the test proves such a link is refused */}
        <ExternalLinkButton href="javascript:alert(1)">bad</ExternalLinkButton>
        <ExternalLinkButton href="https://example.org/">good</ExternalLinkButton>
      </>,
    );
    expect(screen.queryByText("bad")).toBeNull();
    expect(screen.getByRole("link", { name: "good" }).getAttribute("href")).toBe("https://example.org/");
  });

  it("the offline request named by a javascript: 'link' (the review's probe) shows as text", () => {
    render(<DocumentName request={{ title: null, url: "javascript:alert(document.domain)//10.5555/none-1" }} />);
    expect(screen.getByText(/javascript:alert/)).toBeTruthy();
    expect(document.querySelector("a")).toBeNull();
  });
});
