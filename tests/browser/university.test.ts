/**
 * University users in Chromium: the seeded member sees the service box (name, logo, accessible
 * sources, the sharing warning) and no VIP option; a new user confirms an institutional address
 * from the home page's e-mail box, follows the e-mailed link and becomes a university user.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./a11y";
import { baseUrl, launch, newPage, pageErrors, screenshot, viewports } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const VIP_LABEL = "همانندجویی و ویرایش گرامر";
const WARNING = "اشتراک‌گذاری حساب کاربری با دانشجویان دانشگاه‌های دیگر موجب مسدود شدن دائمی حساب می‌شود.";

async function csrf(page: Page): Promise<string> {
  return ((await (await page.request.get("/csrf-token")).json()) as { token: string }).token;
}

async function outbox(recipient: string): Promise<{ text: string }[]> {
  const res = await fetch(`${baseUrl()}/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`);
  return ((await res.json()) as { messages: { text: string }[] }).messages;
}

async function waitFor<T>(fn: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 40; i++) {
    const v = await fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function signIn(page: Page, email: string) {
  await page.goto("/");
  const res = await page.request.post("/login", {
    headers: { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" },
    data: { email, password: "daryaft-dev-1234" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A fresh user with a verified mobile (so the mobile dialog stays closed), signed in. */
async function signUp(page: Page, tag: string) {
  await page.goto("/");
  const suffix = `${Date.now() % 10_000_000}`.padStart(7, "0");
  const mobile = `0937${suffix}`;
  const password = "university-browser-1";
  const reg = await page.request.post("/register", {
    headers: { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" },
    data: { name: `دانشجو ${tag}`, email: `uni-${tag}-${suffix}@example.org`, mobile, password, password_confirmation: password },
  });
  expect(reg.status()).toBe(200);
  const headers = { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" };
  expect((await page.request.post("/profile/send/mobile/code", { headers, data: { mobile } })).status()).toBe(200);
  const code = await waitFor(async () => (await outbox(mobile))[0]?.text.match(/\b(\d{6})\b/)?.[1], "the SMS code");
  expect((await page.request.post("/profile/mobile/verify", { headers, data: { code } })).status()).toBe(200);
  return suffix;
}

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("university users at %s width", (viewport) => {
  it("the seeded member sees the service box with the warning and no VIP option", async () => {
    const { context, page } = await newPage(browser, viewport);
    await signIn(page, "uni@daryaft.test");
    await page.goto("/");
    const box = page.locator("section.university-box");
    await expect.poll(() => box.isVisible(), { timeout: 45_000 }).toBe(true);
    expect(await box.getByRole("heading").textContent()).toContain("دانشگاه صنعتی نمونه");
    expect(await box.getByText(WARNING).isVisible()).toBe(true);
    const sources = await box.locator(".university-box__access li").allTextContents();
    expect(sources).toEqual(["دانلود مقاله", "دسترسی مستقیم", "دانلود استاندارد", "دانلود کتاب", "همانندجویی (بررسی سرقت علمی)"]);
    // No VIP option: not among the search types, not in the banners; #vip does not open it.
    await expect.poll(() => page.getByRole("radio").count(), { timeout: 45_000 }).toBeGreaterThan(3);
    expect(await page.getByRole("radio", { name: VIP_LABEL }).count()).toBe(0);
    expect(await page.locator(".banner--vip a[href*='#vip']").count()).toBe(0);
    expect(await page.locator("section.email-verify-box, section.info-box").count()).toBe(0);
    await screenshot(page, `university-box-${viewport}`);
    await expectNoAxeViolations(page, `university box ${viewport}`, "section.university-box");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("a new user joins by confirming an institutional address from the home page", async () => {
    const { context, page } = await newPage(browser, viewport);
    const suffix = await signUp(page, viewport);
    await page.goto("/");
    const box = page.locator("section.email-verify-box");
    await expect.poll(() => box.isVisible(), { timeout: 45_000 }).toBe(true);
    // A VIP option is there before joining.
    await expect.poll(() => page.getByRole("radio", { name: VIP_LABEL }).count(), { timeout: 45_000 }).toBe(1);
    await box.getByLabel("ایمیل دانشگاهی").fill("someone@gmail.com");
    await box.getByRole("button", { name: "ارسال لینک تأیید" }).click();
    await expect.poll(() => box.getByText("این نشانی ایمیل متعلق به هیچ‌یک").isVisible(), { timeout: 45_000 }).toBe(true);

    const address = `s${suffix}-${viewport}@sample-tech.ac.ir`;
    await box.getByLabel("ایمیل دانشگاهی").fill(address);
    await box.getByRole("button", { name: "ارسال لینک تأیید" }).click();
    await expect.poll(() => box.getByText("لینک تأیید به ایمیل شما فرستاده شد").isVisible(), { timeout: 45_000 }).toBe(true);
    await screenshot(page, `university-email-box-${viewport}`);
    await expectNoAxeViolations(page, `e-mail verification box ${viewport}`, "section.email-verify-box");

    const link = await waitFor(async () => (await outbox(address))[0]?.text.match(/https?:\/\/\S+/)?.[0], "the joining link");
    await page.goto(new URL(link).pathname);
    await expect.poll(() => page.getByText("حساب شما به دانشگاه متصل شد").first().isVisible(), { timeout: 45_000 }).toBe(true);
    await expect.poll(() => page.locator("section.university-box").isVisible(), { timeout: 45_000 }).toBe(true);
    expect(page.url()).not.toContain("university_verify");
    expect(await page.getByRole("radio", { name: VIP_LABEL }).count()).toBe(0);

    // The same link again is refused.
    await page.goto(new URL(link).pathname);
    await expect.poll(() => page.getByText("این لینک تأیید قبلاً استفاده شده است.").first().isVisible(), { timeout: 45_000 }).toBe(true);
    await screenshot(page, `university-joined-${viewport}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
