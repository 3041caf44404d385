import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from "@tanstack/react-router";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { authMessages } from "../../../contract/auth";
import type { PageData } from "../../../contract/page-data";
import type { ProfileDetails } from "../../../contract/profile";
import { profileMessages } from "../../../contract/profile";
import { emptyPageData } from "../../lib/page-data";
import { fakeApi, json } from "../../lib/test-fetch";
import { renderRouter, AppStateProbe, appState } from "../../lib/test-render";
import { accountUi } from "./messages";
import PasswordReset from "./pages/password-reset";
import Profile from "./pages/profile";

const { calls, answers } = fakeApi({ unexpected: "unexpected" });

const userInfo = {
  id: "usr_1",
  name: "کاربر نمونه",
  email: "user@example.org",
  mobile: "09121234567",
  mobile_verifed: 1 as const,
  balance: 125000,
  standard_credit: 2,
  offline_article_credit: 3,
  unlimited_vip_credits: 4,
  limited_vip_credits: { count: 0, expiration: null },
  admin: 0 as const,
  solver: 0 as const,
  contract: 0 as const,
};

const details: ProfileDetails = {
  user: userInfo,
  username: "user",
  email_verified: 1,
  pending_email: null,
  created_at: "2025-01-01T00:00:00.000Z",
  sessions: [
    {
      id: "aaaaaaaaaaaaaaaa",
      current: true,
      remember: true,
      user_agent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0",
      ip: "10.0.0.1",
      created_at: "2025-01-01T00:00:00.000Z",
      last_seen_at: "2025-01-02T00:00:00.000Z",
      expires_at: "2025-02-01T00:00:00.000Z",
    },
    {
      id: "bbbbbbbbbbbbbbbb",
      current: false,
      remember: false,
      user_agent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604.1",
      ip: "10.0.0.2",
      created_at: "2025-01-01T00:00:00.000Z",
      last_seen_at: "2025-01-01T10:00:00.000Z",
      expires_at: "2025-01-01T22:00:00.000Z",
    },
  ],
};

function renderPage(Page: () => React.ReactNode, data: Partial<PageData>, path = "/") {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <AppStateProbe />
        <Outlet />
      </>
    ),
  });
  const route = createRoute({ getParentRoute: () => rootRoute, path: path.split("?")[0]!, component: Page });
  const router = createRouter({ routeTree: rootRoute.addChildren([route]), history: createMemoryHistory({ initialEntries: [path] }) });
  return renderRouter(router, { pageData: { ...emptyPageData, ...data } });
}

const t = accountUi.profile;

describe("/profile", () => {
  it("asks a guest to log in and calls nothing", async () => {
    renderPage(Profile, {}, "/profile");
    await screen.findByText(t.guest);
    fireEvent.click(screen.getByRole("button", { name: t.login }));
    await waitFor(() => expect(appState.ui.open.login).toBe(true));
    expect(calls).toEqual([]);
  });

  it("shows details, credits and sessions, and ends another session", async () => {
    answers["/profile/ajax/details"] = () => json(details);
    answers["/profile/ajax/sessions/end"] = () => json({ status: "ok", message: profileMessages.sessionEnded });
    renderPage(Profile, { userInfo, isGuest: false }, "/profile");
    await screen.findByText("user@example.org");
    expect(screen.getByText("۱۲۵٬۰۰۰ تومان")).toBeTruthy();
    expect(screen.getByText("Chrome روی Linux")).toBeTruthy();
    expect(screen.getByText("Safari روی iOS")).toBeTruthy();
    expect(screen.getByText(t.thisDevice)).toBeTruthy();
    // Only the other session has an end button.
    const ends = screen.getAllByRole("button", { name: t.end });
    expect(ends).toHaveLength(1);
    fireEvent.click(ends[0]!);
    await waitFor(() => expect(calls.some((c) => c.path === "/profile/ajax/sessions/end")).toBe(true));
    expect(calls.find((c) => c.path === "/profile/ajax/sessions/end")!.body).toEqual({ id: "bbbbbbbbbbbbbbbb" });
  });

  it("asks for the current password to change the e-mail, sends it, and shows the server's field error", async () => {
    answers["/profile/ajax/details"] = () => json(details);
    answers["/profile/ajax/email"] = () =>
      json({ message: profileMessages.currentPasswordWrong, errors: { current_password: [profileMessages.currentPasswordWrong] } }, 422);
    renderPage(Profile, { userInfo, isGuest: false }, "/profile");
    await screen.findByText("user@example.org");
    const card = within(screen.getByRole("region", { name: t.changeEmail }));
    fireEvent.change(card.getByLabelText(t.newEmail), { target: { value: "new@example.org" } });
    fireEvent.submit(card.getByLabelText(t.newEmail).closest("form")!);
    expect(await card.findByText(profileMessages.currentPasswordRequired)).toBeTruthy();
    expect(calls.filter((c) => c.path === "/profile/ajax/email")).toEqual([]);
    fireEvent.change(card.getByLabelText(t.currentPassword), { target: { value: "my-password" } });
    fireEvent.submit(card.getByLabelText(t.newEmail).closest("form")!);
    await waitFor(() => expect(calls.some((c) => c.path === "/profile/ajax/email")).toBe(true));
    expect(calls.find((c) => c.path === "/profile/ajax/email")!.body).toMatchObject({ email: "new@example.org", current_password: "my-password" });
    expect(await card.findByText(profileMessages.currentPasswordWrong)).toBeTruthy();
  });

  it("checks the new password's confirmation before sending", async () => {
    answers["/profile/ajax/details"] = () => json(details);
    renderPage(Profile, { userInfo, isGuest: false }, "/profile");
    await screen.findByText("user@example.org");
    const card = within(screen.getByRole("region", { name: t.changePassword }));
    fireEvent.change(card.getByLabelText(t.currentPassword), { target: { value: "old-password" } });
    fireEvent.change(screen.getByLabelText(t.newPassword), { target: { value: "new-password-1" } });
    fireEvent.change(screen.getByLabelText(t.confirmation), { target: { value: "new-password-2" } });
    fireEvent.submit(screen.getByLabelText(t.confirmation).closest("form")!);
    expect(await screen.findByText(authMessages.confirmationMismatch)).toBeTruthy();
    expect(calls.filter((c) => c.path === "/profile/ajax/password")).toEqual([]);
  });

  it("opens the mobile dialog at step 1 to verify an unverified number", async () => {
    answers["/profile/ajax/details"] = () => json({ ...details, user: { ...userInfo, mobile_verifed: 0 } });
    renderPage(Profile, { userInfo, isGuest: false }, "/profile");
    fireEvent.click(await screen.findByRole("button", { name: t.verifyMobile }));
    await waitFor(() => expect(appState.ui.open.mobile).toBe(true));
    expect(appState.ui.mobileStep).toBe(1);
  });
});

describe("/password/reset", () => {
  it("by mobile: request → code and new password → done", async () => {
    answers["/password/reset/request"] = () => json({ status: "ok", channel: "sms", message: authMessages.resetSentSms });
    answers["/password/reset/confirm"] = () => json({ status: "ok", message: authMessages.resetDone });
    renderPage(PasswordReset, {}, "/password/reset");
    fireEvent.change(await screen.findByLabelText(accountUi.reset.identifier), { target: { value: "09121234567" } });
    fireEvent.click(screen.getByRole("button", { name: accountUi.reset.request }));
    const code = await screen.findByLabelText(accountUi.reset.code);
    expect(screen.getByText(authMessages.resetSentSms)).toBeTruthy();
    fireEvent.change(code, { target: { value: "۱۲۳۴۵۶" } });
    fireEvent.change(screen.getByLabelText(accountUi.reset.newPassword), { target: { value: "new-password-1" } });
    fireEvent.change(screen.getByLabelText(accountUi.reset.confirmation), { target: { value: "new-password-1" } });
    fireEvent.click(screen.getByRole("button", { name: accountUi.reset.submit }));
    await screen.findByText(authMessages.resetDone);
    expect(calls.map((c) => c.path)).toEqual(["/password/reset/request", "/password/reset/confirm"]);
    expect(calls[1]!.body).toEqual({ identifier: "09121234567", code: "۱۲۳۴۵۶", password: "new-password-1", password_confirmation: "new-password-1" });
  });

  it("by e-mail link: posts the token with the new password", async () => {
    answers["/password/reset/confirm"] = () => json({ status: "ok", message: authMessages.resetDone });
    renderPage(PasswordReset, {}, "/password/reset?token=abcdefghijklmnop");
    fireEvent.change(await screen.findByLabelText(accountUi.reset.newPassword), { target: { value: "new-password-1" } });
    fireEvent.change(screen.getByLabelText(accountUi.reset.confirmation), { target: { value: "new-password-1" } });
    fireEvent.click(screen.getByRole("button", { name: accountUi.reset.submit }));
    await screen.findByText(authMessages.resetDone);
    expect(calls[0]).toEqual({
      path: "/password/reset/confirm",
      body: { token: "abcdefghijklmnop", password: "new-password-1", password_confirmation: "new-password-1" },
    });
  });
});
