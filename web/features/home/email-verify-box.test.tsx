import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { I18nProvider } from "react-aria-components";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import EmailVerifyBox from "./email-verify-box";
import { messages } from "../../lib/messages";
import { homeMessages as m } from "./messages";

type Answer = { status: number; body: unknown };
let answer: Answer;
let calls: string[];

beforeEach(() => {
  calls = [];
  document.head.innerHTML = '<meta name="csrf-token" content="tok-123">';
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    calls.push(String(input));
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBox() {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <I18nProvider locale="fa-IR">
      <QueryClientProvider client={qc}>
        <EmailVerifyBox />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

function submit(email: string) {
  fireEvent.change(screen.getByLabelText(m.emailVerify.label), { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: m.emailVerify.send }));
}

describe("EmailVerifyBox", () => {
  it("keeps send disabled until an address is typed", () => {
    renderBox();
    expect(screen.getByRole("button", { name: m.emailVerify.send }).hasAttribute("disabled")).toBe(true);
  });

  it("sends GET send/verify/email with the address and the page's token, then says to check the mailbox", async () => {
    answer = { status: 200, body: { status: "ok", msg: "لینک تأیید فرستاده شد؛ صندوق ایمیل را ببینید." } };
    renderBox();
    submit(" ali@sample-tech.ac.ir ");
    await waitFor(() => expect(screen.getByText("لینک تأیید فرستاده شد؛ صندوق ایمیل را ببینید.")).toBeTruthy());
    const url = new URL(calls[0]!, "https://x.test");
    expect(url.pathname).toBe("/send/verify/email");
    expect(url.searchParams.get("email")).toBe("ali@sample-tech.ac.ir");
    expect(url.searchParams.get("_token")).toBe("tok-123");
  });

  it("shows the server's error text, and 422 messages on the field", async () => {
    answer = { status: 200, body: { status: "error", error: "این نشانی متعلق به دانشگاه طرف قرارداد نیست." } };
    renderBox();
    submit("a@gmail.com");
    await waitFor(() => expect(screen.getByText("این نشانی متعلق به دانشگاه طرف قرارداد نیست.")).toBeTruthy());

    answer = { status: 422, body: { message: "نشانی ایمیل معتبر نیست.", errors: { email: ["نشانی ایمیل معتبر نیست."] } } };
    submit("nope");
    await waitFor(() => expect(screen.getByText("نشانی ایمیل معتبر نیست.")).toBeTruthy());
    expect(screen.getByLabelText(m.emailVerify.label).getAttribute("aria-invalid")).toBe("true");
  });

  it("shows the error code when the answer is not the error model", async () => {
    answer = { status: 500, body: null };
    renderBox();
    submit("a@b.ac.ir");
    await waitFor(() => expect(screen.getByText(messages.errorCode(500))).toBeTruthy());
  });
});
