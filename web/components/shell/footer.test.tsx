import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithRouter, testPageData } from "../../lib/test-render";
import { Footer } from "./footer";
import { shellMessages as m } from "./messages";

afterEach(cleanup);

const pageData = testPageData({
  footerLinks: [
    { title: "قوانین سایت", href: "/terms" },
    { title: "راهنمای ثبت درخواست آفلاین", href: "https://help.daryaft.test/offline-request" },
  ],
  lastBlogPosts: [{ post_name: "find-doi-of-an-article", post_title: "چگونه DOI یک مقاله را پیدا کنیم؟" }],
  contact: { phone: "021-00000000", email: "support@daryaft.test", hours: "۹ تا ۱۷ به جز جمعه‌ها", social: [] },
});

describe("Footer", () => {
  it("on home lists the latest blog posts with links built from post_name", async () => {
    renderWithRouter(<Footer isHome now={new Date("2025-03-25T09:00:00Z")} />, { pageData });
    const footer = await screen.findByRole("contentinfo", { name: m.landmarks.footer });
    const post = within(footer).getByRole("link", { name: "چگونه DOI یک مقاله را پیدا کنیم؟" });
    expect(post.getAttribute("href")).toMatch(/\/find-doi-of-an-article\/$/);
    expect(post.getAttribute("target")).toBe("_blank");
    expect(within(footer).queryByText(m.footer.contact)).toBeNull();
    expect(footer.textContent).toContain("© ۱۴۰۴ دریافت");
  });

  it("shows the real Solar Hijri year, not Gregorian minus 621 (docs/decisions/0007-footer-year.md)", async () => {
    // 15 January 2025 is 26 Dey 1403: the Gregorian rule would say 2025 − 621 = 1404.
    renderWithRouter(<Footer isHome now={new Date("2025-01-15T09:00:00Z")} />, { pageData });
    const footer = await screen.findByRole("contentinfo", { name: m.landmarks.footer });
    expect(footer.textContent).toContain("© ۱۴۰۳ دریافت");
    expect(footer.textContent).not.toContain("۱۴۰۴");
  });

  it("elsewhere shows the contact block, and splits useful links from guides", async () => {
    renderWithRouter(<Footer isHome={false} now={new Date("2025-03-25T09:00:00Z")} />, { pageData });
    const footer = await screen.findByRole("contentinfo");
    expect(within(footer).getByText(m.footer.contact)).toBeTruthy();
    expect(footer.textContent).toContain("۰۲۱-۰۰۰۰۰۰۰۰");
    expect(within(footer).getByRole("link", { name: "support@daryaft.test" }).getAttribute("href")).toBe("mailto:support@daryaft.test");
    expect(within(footer).queryByText(m.footer.latestPosts)).toBeNull();
    const useful = within(footer).getByText(m.footer.usefulLinks).parentElement!;
    expect(within(useful).getByRole("link", { name: "قوانین سایت" }).getAttribute("href")).toBe("/terms");
    const guides = within(footer).getByText(m.footer.guides).parentElement!;
    expect(within(guides).getByRole("link", { name: "راهنمای ثبت درخواست آفلاین" })).toBeTruthy();
  });
});
