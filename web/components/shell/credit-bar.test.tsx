import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithRouter, testUser } from "../../lib/test-render";
import { CreditBar } from "./credit-bar";
import { shellMessages as m } from "./messages";

afterEach(cleanup);

const now = new Date("2025-03-25T09:00:00Z"); // 1404/01/05 in Tehran

describe("CreditBar", () => {
  it("shows the balance in toman and every credit in Persian digits", async () => {
    const user = testUser({
      balance: 1_250_000,
      standard_credit: 3,
      offline_article_credit: 12,
      unlimited_vip_credits: 40,
      limited_vip_credits: { count: 25, expiration: "2025-04-20T09:00:00Z" },
    });
    renderWithRouter(<CreditBar user={user} now={now} />);
    expect((await screen.findByTestId("credit-balance")).textContent).toBe("۱٬۲۵۰٬۰۰۰ تومان");
    expect(screen.getByTestId("credit-limited").textContent).toBe("۲۵ (تا ۱۴۰۴/۰۱/۳۱)");
    expect(screen.getByTestId("credit-unlimited").textContent).toBe("۴۰");
    expect(screen.getByTestId("credit-offline").textContent).toBe("۱۲");
    expect(screen.getByTestId("credit-standard").textContent).toBe("۳");
  });

  it("marks limited credits whose month is over as expired", async () => {
    renderWithRouter(<CreditBar user={testUser({ limited_vip_credits: { count: 5, expiration: "2025-03-01T00:00:00Z" } })} now={now} />);
    expect((await screen.findByTestId("credit-limited")).textContent).toBe(m.credits.expired);
  });

  it("shows zero limited credits without an expiry", async () => {
    renderWithRouter(<CreditBar user={testUser()} now={now} />);
    expect((await screen.findByTestId("credit-limited")).textContent).toBe("۰");
  });

  it("links to the wallet page to top up", async () => {
    renderWithRouter(<CreditBar user={testUser()} now={now} />);
    const link = await screen.findByRole("link", { name: m.credits.topUp });
    expect(link.getAttribute("href")).toBe("/profile/financial");
  });

  it("is a labelled region", async () => {
    renderWithRouter(<CreditBar user={testUser()} now={now} />);
    expect(await screen.findByRole("region", { name: m.landmarks.credits })).toBeTruthy();
  });
});
