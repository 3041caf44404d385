import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { authMessages as m, CODE_STILL_VALID } from "../../../contract/auth";
import { profileMessages } from "../../../contract/profile";
import type { PageData } from "../../../contract/page-data";
import type { UserInfo } from "../../../contract/user-info";
import { emptyPageData } from "../../lib/page-data";
import { renderWithRouter, testUser, AppStateProbe, appState } from "../../lib/test-render";
import { fakeApi, json } from "../../lib/test-fetch";
import { AuthDialogs } from "./auth-dialogs";
import { rememberCodeSent } from "./code-memory";
import { authUi } from "./messages";

const user = (over: Partial<UserInfo> = {}): UserInfo => testUser({ id: "usr_1", email: "a@b.c", mobile: "09121234567", mobile_verifed: 0, ...over });

const { calls, answers } = fakeApi();

function renderDialogs(data: Partial<PageData> = {}) {
  const initial: PageData = { ...emptyPageData, mobileSmsConfirmation: true, ...data, isGuest: !data.userInfo };
  return renderWithRouter(
    <>
      <AppStateProbe />
      <AuthDialogs />
    </>,
    { pageData: initial },
  );
}

/** Renders the dialogs for a guest and opens one, as the header's buttons do. */
async function openDialog(name: "login" | "register") {
  renderDialogs();
  await waitFor(() => expect(appState.ui).toBeTruthy());
  act(() => appState.ui.openDialog(name));
  return screen.findByRole("dialog");
}

/** `location` with spies for where the page goes after signing in. */
function stubLocation(pathname: string) {
  const assign = vi.fn();
  const reload = vi.fn();
  vi.stubGlobal("location", { ...window.location, pathname, search: "", assign, reload });
  return { assign, reload };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
const submitOf = (el: HTMLElement) => fireEvent.submit(el.closest("form")!);
const fillLogin = (name: string, password: string) => {
  type(authUi.login.name, name);
  type(authUi.login.password, password);
};

describe("LoginDialog", () => {
  it("is 400 wide, shows the spec's two messages before submitting, and sends nothing", async () => {
    const dialog = await openDialog("login");
    expect((dialog.closest(".ui-modal") as HTMLElement).style.getPropertyValue("--dialog-width")).toBe("400px");
    submitOf(field(authUi.login.name));
    expect(await screen.findByText(m.loginNameRequired)).toBeTruthy();
    expect(screen.getByText(m.loginPasswordRequired)).toBeTruthy();
    expect(calls).toEqual([]);
    // The forgot-password link and the way to registration.
    expect(screen.getByRole("link", { name: authUi.login.forgot }).getAttribute("href")).toBe("/password/reset");
    fireEvent.click(button(authUi.login.toRegister));
    await waitFor(() => expect(appState.ui.open.register).toBe(true));
    expect(appState.ui.open.login).toBe(false);
  });

  it("posts email/password (remember only when checked), keeps the first element as user info", async () => {
    const info = user({ admin: 1 });
    answers["/login"] = () => json([info]);
    const { assign, reload } = stubLocation("/");
    await openDialog("login");
    fillLogin("user@daryaft.test", "secret-password");
    submitOf(field(authUi.login.name));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ path: "/login", body: { email: "user@daryaft.test", password: "secret-password" } });
    await waitFor(() => expect(appState.page.userInfo?.id).toBe("usr_1"));
    expect(appState.page.isAdmin).toBe(true);
    expect(appState.page.isGuest).toBe(false);
    // Then the page reloads (no ?login, no pending intent).
    await waitFor(() => expect(reload).toHaveBeenCalledOnce(), { timeout: 2000 });
    expect(assign).not.toHaveBeenCalled();
  });

  it("goes to / after login when a guest's buy intent is waiting and the page is not home", async () => {
    answers["/login"] = () => json([user()]);
    localStorage.setItem("run", "buy");
    const { assign, reload } = stubLocation("/prices");
    await openDialog("login");
    fillLogin("user@daryaft.test", "secret-password");
    submitOf(field(authUi.login.name));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/"), { timeout: 2000 });
    expect(reload).not.toHaveBeenCalled();
  });

  it("sends remember when the box is checked", async () => {
    answers["/login"] = () => json([user()]);
    stubLocation("/");
    await openDialog("login");
    fillLogin("09121234567", "secret-password");
    fireEvent.click(screen.getByRole("checkbox", { name: authUi.login.remember }));
    submitOf(field(authUi.login.name));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ email: "09121234567", password: "secret-password", remember: true });
  });

  it("keeps the dialog open and the user a guest after a failed login", async () => {
    answers["/login"] = () => json({ status: "error", error: m.loginFailed });
    await openDialog("login");
    fillLogin("x@y.z", "bad-password");
    submitOf(field(authUi.login.name));
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(button(authUi.login.submit).getAttribute("data-pending")).toBeNull());
    expect(appState.ui.open.login).toBe(true);
    expect(appState.page.userInfo).toBeNull();
  });
});

describe("RegisterDialog", () => {
  it("shows the first message per field from the shared schema and sends nothing", async () => {
    await openDialog("register");
    type(authUi.register.email, "someone@host");
    type(authUi.register.mobile, "0912");
    type(authUi.register.password, "1234567");
    submitOf(field(authUi.register.name));
    expect(await screen.findByText(m.nameRequired)).toBeTruthy();
    expect(screen.getByText(m.emailInvalid)).toBeTruthy();
    expect(screen.getByText(m.mobileLength)).toBeTruthy();
    expect(screen.getByText(m.passwordTooShort)).toBeTruthy();
    expect(screen.getByText(m.confirmationRequired)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows the server's 422 field messages", async () => {
    answers["/register"] = () => json({ message: m.emailTaken, errors: { email: [m.emailTaken] } }, 422);
    await openDialog("register");
    type(authUi.register.name, "نام");
    type(authUi.register.email, "taken@example.org");
    type(authUi.register.mobile, "۰۹۱۲۱۲۳۴۵۶۷");
    type(authUi.register.password, "long-password");
    type(authUi.register.confirmation, "long-password");
    submitOf(field(authUi.register.name));
    expect(await screen.findByText(m.emailTaken)).toBeTruthy();
    expect(calls[0]!.body).toMatchObject({ email: "taken@example.org", mobile: "۰۹۱۲۱۲۳۴۵۶۷" });
  });
});

describe("MobileDialog", () => {
  it("opens by itself at step 1 for an unverified number, and not for a university user", async () => {
    renderDialogs({ userInfo: user() });
    await waitFor(() => expect(appState.ui?.open.mobile).toBe(true));
    expect(appState.ui.mobileStep).toBe(1);
    expect(await screen.findByRole("button", { name: authUi.mobile.send })).toBeTruthy();
    cleanup();

    renderDialogs({ userInfo: user({ mobile: null }) });
    await waitFor(() => expect(appState.ui?.open.mobile).toBe(true));
    expect(appState.ui.mobileStep).toBe(0);
    cleanup();

    renderDialogs({ userInfo: user(), userType: "university" });
    await waitFor(() => expect(appState.ui).toBeTruthy());
    await new Promise((r) => setTimeout(r, 20));
    expect(appState.ui.open.mobile).toBeFalsy();
  });

  it("step 1 → 2 with a 04:00 countdown; resend appears at 00:00 and verify is disabled; change number returns to step 1", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answers["/profile/send/mobile/code"] = () => json({ status: "ok" });
    renderDialogs({ userInfo: user() });
    const send = await screen.findByRole("button", { name: authUi.mobile.send });
    fireEvent.click(send);
    await screen.findByText("۰۴:۰۰");
    expect(calls[0]).toEqual({ path: "/profile/send/mobile/code", body: { mobile: "09121234567" } });
    expect(screen.queryByRole("button", { name: authUi.mobile.resend })).toBeNull();
    // Verify waits for a code.
    expect(button(authUi.mobile.verify).hasAttribute("disabled")).toBe(true);
    type(authUi.mobile.code, "123456");
    expect(button(authUi.mobile.verify).hasAttribute("disabled")).toBe(false);

    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText("۰۳:۰۰")).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(180_000);
    });
    expect(await screen.findByRole("button", { name: authUi.mobile.resend })).toBeTruthy();
    expect(button(authUi.mobile.verify).hasAttribute("disabled")).toBe(true);

    fireEvent.click(button(authUi.mobile.resend));
    await screen.findByText("۰۴:۰۰");
    expect(calls).toHaveLength(2);

    fireEvent.click(button(authUi.mobile.changeNumber));
    expect(await screen.findByRole("button", { name: authUi.mobile.send })).toBeTruthy();
  });

  it("shows a server error as an alert and stays on the step", async () => {
    answers["/profile/send/mobile/code"] = () => json({ status: "error", error: m.resendTooSoon(100) }, 429);
    renderDialogs({ userInfo: user() });
    fireEvent.click(await screen.findByRole("button", { name: authUi.mobile.send }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(m.resendTooSoon(100));
    expect(screen.getByRole("button", { name: authUi.mobile.send })).toBeTruthy();
  });

  it("a send refused because the code sent before is still valid goes on to entering it, with the time it has left", async () => {
    answers["/profile/send/mobile/code"] = () => json({ status: "error", error: m.resendTooSoon(150), code: CODE_STILL_VALID, retry_after: 150 }, 429);
    renderDialogs({ userInfo: user() });
    fireEvent.click(await screen.findByRole("button", { name: authUi.mobile.send }));
    await screen.findByText("۰۲:۳۰");
    expect(screen.getByText(authUi.mobile.stillValid)).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    type(authUi.mobile.code, "123456");
    expect(button(authUi.mobile.verify).hasAttribute("disabled")).toBe(false);
  });

  it("reopened (a reload or a close) mid-countdown: at entering the code, with the seconds left, not at «send»", async () => {
    rememberCodeSent("usr_1", "09121234567", 240, Date.now() - 60_000);
    renderDialogs({ userInfo: user() });
    expect(await screen.findByLabelText(authUi.mobile.code)).toBeTruthy();
    expect(screen.getByText(/۰۳:۰۰|۰۲:۵۹/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: authUi.mobile.send })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("a remembered code of another user or number, or one past its time, is not used", async () => {
    rememberCodeSent("usr_2", "09121234567", 240);
    renderDialogs({ userInfo: user() });
    expect(await screen.findByRole("button", { name: authUi.mobile.send })).toBeTruthy();
    cleanup();
    rememberCodeSent("usr_1", "09121234567", 240, Date.now() - 241_000);
    renderDialogs({ userInfo: user() });
    expect(await screen.findByRole("button", { name: authUi.mobile.send })).toBeTruthy();
  });

  it("a right code closes the dialog and marks the number verified", async () => {
    answers["/profile/send/mobile/code"] = () => json({ status: "ok" });
    answers["/profile/mobile/verify"] = () => json({ status: "ok" });
    renderDialogs({ userInfo: user() });
    fireEvent.click(await screen.findByRole("button", { name: authUi.mobile.send }));
    await screen.findByText("۰۴:۰۰");
    type(authUi.mobile.code, "۱۲۳۴۵۶");
    submitOf(field(authUi.mobile.code));
    await waitFor(() => expect(appState.ui.open.mobile).toBe(false));
    expect(calls[1]).toEqual({ path: "/profile/mobile/verify", body: { code: "123456" } });
    expect(appState.page.userInfo?.mobile_verifed).toBe(1);
  });

  it("step 0 saves the number and moves to step 1 when SMS confirmation is on", async () => {
    answers["/profile/ajax/mobile_update"] = () => json({ status: "ok" });
    renderDialogs({ userInfo: user({ mobile: null }) });
    await screen.findByRole("button", { name: authUi.mobile.save });
    type(authUi.mobile.mobile, "+98 912 765 4321");
    fireEvent.click(button(authUi.mobile.save));
    expect(await screen.findByRole("button", { name: authUi.mobile.send })).toBeTruthy();
    expect(calls[0]).toEqual({ path: "/profile/ajax/mobile_update", body: { mobile: "09127654321" } });
    expect(appState.page.userInfo?.mobile).toBe("09127654321");
  });

  it("asks for the current password when the server does (a number past the account's first hour) and sends it", async () => {
    let n = 0;
    answers["/profile/ajax/mobile_update"] = () =>
      ++n === 1
        ? json({ message: profileMessages.currentPasswordRequired, errors: { current_password: [profileMessages.currentPasswordRequired] } }, 422)
        : json({ status: "ok" });
    renderDialogs({ userInfo: user({ mobile: null }) });
    await screen.findByRole("button", { name: authUi.mobile.save });
    expect(screen.queryByLabelText(authUi.mobile.currentPassword)).toBeNull();
    type(authUi.mobile.mobile, "09127654321");
    fireEvent.click(button(authUi.mobile.save));
    expect(await screen.findByText(profileMessages.currentPasswordRequired)).toBeTruthy();
    type(authUi.mobile.currentPassword, "my-secret-password");
    fireEvent.click(button(authUi.mobile.save));
    expect(await screen.findByRole("button", { name: authUi.mobile.send })).toBeTruthy();
    expect(calls[1]).toEqual({ path: "/profile/ajax/mobile_update", body: { mobile: "09127654321", current_password: "my-secret-password" } });
  });

  it("step 0 closes after saving when SMS confirmation is off", async () => {
    answers["/profile/ajax/mobile_update"] = () => json({ status: "ok" });
    renderDialogs({ userInfo: user({ mobile: null }), mobileSmsConfirmation: false });
    await screen.findByRole("button", { name: authUi.mobile.save });
    type(authUi.mobile.mobile, "09127654321");
    fireEvent.click(button(authUi.mobile.save));
    await waitFor(() => expect(appState.ui.open.mobile).toBe(false));
  });
});
