/**
 * Shared steps of the user journeys: numbered screenshots under
 * test-results/journeys/<journey>/<width>/NN-step.png (test-results/ is what CI keeps and git
 * ignores), an axe check of every page and dialog shown, and sign-up/sign-in through the real endpoints.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { expectNoAxeViolations } from "../a11y";
import { baseUrl, newPage, pageErrors, viewports } from "../harness";

export const journeyRoot = path.resolve(import.meta.dirname, "../../../test-results/journeys");

export type Viewport = keyof typeof viewports;
export const VIEWPORTS = Object.keys(viewports) as Viewport[];

/** One journey at one width: a counter for the screenshots and the pages it opened. */
export class Journey {
  private n = 0;
  readonly pages: Page[] = [];
  private readonly contexts: BrowserContext[] = [];

  constructor(
    private readonly browser: Browser,
    readonly name: string,
    readonly viewport: Viewport,
  ) {}

  get dir() {
    return path.join(journeyRoot, this.name, String(viewports[this.viewport].width));
  }

  /** A new signed-out browser context at this journey's width. */
  async open(): Promise<Page> {
    const { context, page } = await newPage(this.browser, this.viewport);
    this.contexts.push(context);
    this.pages.push(page);
    return page;
  }

  /**
   * A step: screenshot NN-<slug>.png, then axe on what is on screen (the open dialog when `dialog` names
   * it; the whole page otherwise, which includes any open dialog).
   */
  async step(page: Page, slug: string, opts: { axe?: boolean } = {}) {
    this.n += 1;
    mkdirSync(this.dir, { recursive: true });
    await page.waitForLoadState("domcontentloaded");
    const file = path.join(this.dir, `${String(this.n).padStart(2, "0")}-${slug}.png`);
    // Axe first: it waits for fonts and settled animations, so the screenshot is of the final state too.
    const where = `${this.name}/${this.viewport} step ${this.n} ${slug}`;
    let axeError: unknown;
    if (opts.axe !== false) {
      try {
        await expectNoAxeViolations(page, where);
      } catch (e) {
        axeError = e;
      }
      // One line per check, for the run's record (test-results/journeys/axe.jsonl).
      appendFileSync(
        path.join(journeyRoot, "axe.jsonl"),
        `${JSON.stringify({ at: new Date().toISOString(), where, url: page.url(), serious_or_critical: axeError ? String(axeError).split("\n")[0] : 0 })}\n`,
      );
    }
    // With a dialog open only the viewport matters (the overlay covers just the viewport anyway).
    const dialogOpen = (await page.locator('[role="dialog"], [role="alertdialog"]').count()) > 0;
    await page.screenshot({ path: file, fullPage: !dialogOpen });
    if (axeError) throw axeError;
  }

  /** No uncaught page errors anywhere in the journey; contexts closed. */
  async close({ checkErrors = true } = {}) {
    const errors = this.pages.flatMap((p) => pageErrors(p));
    for (const c of this.contexts) await c.close().catch(() => undefined);
    if (checkErrors) expect(errors).toEqual([]);
  }
}

export const SEEDED_PASSWORD = "daryaft-dev-1234";

export async function csrf(page: Page): Promise<string> {
  return ((await (await page.request.get("/csrf-token")).json()) as { token: string }).token;
}

export async function outbox(recipient: string): Promise<{ channel: string; text: string }[]> {
  const res = await fetch(`${baseUrl()}/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`);
  return ((await res.json()) as { messages: { channel: string; text: string }[] }).messages;
}

/** The newest six-digit code sent to `mobile`, read from the development outbox. */
export async function outboxCode(mobile: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const code = (await outbox(mobile))[0]?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code in the outbox for ${mobile}`);
}

let serial = 0;
/** A mobile number and e-mail nobody else in this run uses. */
export function freshIdentity(tag: string) {
  serial += 1;
  const suffix = `${(Date.now() + serial * 7919) % 10_000_000}`.padStart(7, "0");
  return { mobile: `0938${suffix}`, email: `journey-${tag}-${suffix}@example.org` };
}

/** A fresh user with a verified mobile, signed in inside `page`'s context through the real endpoints. */
export async function signUpByApi(page: Page, tag: string, password = "journey-pass-1234") {
  await page.goto("/");
  const who = freshIdentity(tag);
  const reg = await page.request.post("/register", {
    headers: { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" },
    data: { name: "کاربر سفر", email: who.email, mobile: who.mobile, password, password_confirmation: password },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  const headers = { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" };
  expect((await page.request.post("/profile/send/mobile/code", { headers, data: { mobile: who.mobile } })).status()).toBe(200);
  const verify = await page.request.post("/profile/mobile/verify", { headers, data: { code: await outboxCode(who.mobile) } });
  expect(verify.status(), await verify.text()).toBe(200);
  return { ...who, password };
}

export async function signInByApi(page: Page, email: string, password = SEEDED_PASSWORD) {
  await page.goto("/");
  const res = await page.request.post("/login", { headers: { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" }, data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Runs `action` and waits for the full page load it triggers (login, register and logout reload). */
export async function andReload(page: Page, action: () => Promise<unknown>) {
  await Promise.all([page.waitForEvent("load", { timeout: 30_000 }), action()]);
}

export async function seeText(page: Page, text: string | RegExp, timeout = 10_000) {
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout }).toBe(true);
}
