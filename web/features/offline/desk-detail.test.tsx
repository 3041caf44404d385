/**
 * The desk's request panel: the cursor starts in the first field, a standard's number is
 * shown as such (never linked as a DOI), the user's description takes its own direction, and a
 * colleague's request asks before it is taken over, then sends the same action with take_over.
 */
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ComponentProps } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DeskDetail, DeskItem } from "../../../contract/offline";
import { Providers, testPageData, testUser } from "../../lib/test-render";
import { DeskDetailPanel } from "./desk-detail";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const NOW = "2026-11-25T10:00:00.000Z";
function item(over: Partial<DeskItem> = {}): DeskItem {
  return {
    id: "off_1",
    kind: "standard",
    url: "Standard test method for tensile properties of plastics",
    doi: null,
    code: "ASTM D638-14",
    more: "8th edition, needed for the exam",
    title: null,
    status: "registered",
    price: null,
    reject_reason: null,
    created_at: NOW,
    promise_at: "2026-11-25T22:00:00.000Z",
    answered_at: null,
    paid_at: null,
    deliver_by: null,
    delivered_at: null,
    can_edit: true,
    can_cancel: true,
    can_pay: false,
    file: null,
    delivered_link: null,
    events: [],
    user: { id: "usr_u", name: "کاربر", email: "u@example.org", mobile: null },
    assigned_to: null,
    is_solution: false,
    doc_key: "std:astm d638-14",
    same_document_open: 0,
    due_at: "2026-11-25T22:00:00.000Z",
    on_time: { answer: "running", delivery: null },
    meta: null,
    staff_note: null,
    prepared: null,
    group_key: "g:off_1",
    group_basis: null,
    ...over,
  };
}
const detail = (request: DeskItem): DeskDetail => ({
  now: NOW,
  request,
  history: [],
  audit: [],
  group: [],
  suggestions: [],
  suggested_price: null,
  group_file: null,
});

let calls: { path: string; body: unknown }[] = [];
let answers: ((path: string, body: unknown) => Response | undefined)[] = [];

beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const body = init?.body && typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ path, body });
    for (const a of answers) {
      const r = a(path, body);
      if (r) return r;
    }
    return json({ status: "error", error: "unexpected call" }, 500);
  });
  document.head.innerHTML = '<meta name="csrf-token" content="test-token">';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = testPageData({ isGuest: false, isAdmin: true, userInfo: testUser({ id: "usr_admin", admin: 1 }) });

/** The panel for request off_1 as an admin sees it, with no previous or next task unless given. */
function renderPanel(props: Partial<ComponentProps<typeof DeskDetailPanel>> = {}) {
  render(
    <Providers pageData={admin}>
      <DeskDetailPanel
        id="off_1"
        isAdmin
        previousTask={null}
        nextTask={null}
        onClose={() => undefined}
        onDone={() => undefined}
        onNotice={() => undefined}
        {...props}
      />
    </Providers>,
  );
}

describe("DeskDetailPanel", () => {
  it("puts the cursor in the price, shows a standard's number as such and the description in its own direction", async () => {
    answers.push((p) => (p === "/admin/offline/requests/off_1" ? json(detail(item())) : undefined));
    answers.push((p) => (p === "/admin/offline/solvers" ? json({ solvers: [] }) : undefined));
    renderPanel();
    const price = await screen.findByLabelText("قیمت (تومان)");
    await waitFor(() => expect(document.activeElement).toBe(price));
    // The number is labelled as a standard's number, and nothing links it to doi.org.
    expect(screen.getByText("شمارهٔ استاندارد یا شناسه")).toBeTruthy();
    expect(screen.queryByText("DOI")).toBeNull();
    expect(document.querySelector('a[href*="doi.org"]')).toBeNull();
    const more = screen.getByText("8th edition, needed for the exam");
    expect(more.getAttribute("dir")).toBe("auto");
    expect(screen.getByText("توضیحات کاربر")).toBeTruthy();
  });

  it("asks before taking over a colleague's request, then sends the same price with take_over", async () => {
    const held = item({ kind: "book", code: null, more: null, assigned_to: { id: "usr_other", name: "همکار" } });
    answers.push((p) => (p === "/admin/offline/requests/off_1" ? json(detail(held)) : undefined));
    answers.push((p) => (p === "/admin/offline/solvers" ? json({ solvers: [] }) : undefined));
    answers.push((p, body) => {
      if (p !== "/admin/offline/requests/off_1/price") return undefined;
      if (!(body as { take_over?: boolean }).take_over)
        return json({ status: "error", error: "در دست همکار", code: "held_by", holder: { id: "usr_other", name: "همکار" } }, 409);
      return json({ status: "ok", request: { ...held, status: "priced", price: 90_000, assigned_to: { id: "usr_admin", name: "مدیر" } }, affected: ["off_1"] });
    });
    const done: string[][] = [];
    renderPanel({ onDone: (ids) => done.push(ids) });
    const price = await screen.findByLabelText("قیمت (تومان)");
    fireEvent.change(price, { target: { value: "90000" } });
    fireEvent.submit(price.closest("form")!);
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm.textContent).toContain("همکار");
    expect(done).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "برداشتن و انجام" }));
    await waitFor(() => expect(done).toEqual([["off_1"]]));
    const prices = calls.filter((c) => c.path.endsWith("/price")).map((c) => c.body);
    expect(prices).toEqual([
      { price: "90000", apply_to_group: false },
      { price: "90000", apply_to_group: false, take_over: true },
    ]);
  });

  it("starts the price at the suggested one; choosing a PDF saves price and file at once (multipart), with the group", async () => {
    const book = item({ kind: "book", code: null, more: null });
    const d = {
      ...detail(book),
      suggested_price: { amount: 150_000, source: "list" as const },
      group: [
        {
          id: "off_2",
          status: "registered" as const,
          user_name: "دیگری",
          created_at: NOW,
          price: null,
          url: "x",
          title: null,
          basis: "isbn" as const,
          has_file: false,
        },
      ],
    };
    answers.push((p) => (p === "/admin/offline/requests/off_1" ? json(d) : undefined));
    answers.push((p) => (p === "/admin/offline/solvers" ? json({ solvers: [] }) : undefined));
    let sent: FormData | null = null;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (path.endsWith("/price")) {
        sent = init?.body as FormData;
        return json({ status: "ok", request: { ...book, status: "priced", price: 150_000 }, affected: ["off_1", "off_2"] });
      }
      for (const a of answers) {
        const r = a(path, undefined);
        if (r) return r;
      }
      return json({}, 500);
    });
    const done: string[][] = [];
    renderPanel({ nextTask: "deliver", onDone: (ids) => done.push(ids) });
    const price = (await screen.findByLabelText("قیمت (تومان)")) as HTMLInputElement;
    expect(price.value).toBe("۱۵۰٬۰۰۰");
    expect(screen.getByText("قیمت پایهٔ این نوع")).toBeTruthy();
    // "next" says the next request is another kind of work
    expect(screen.getByRole("button", { name: "ثبت و بعدی — بعدی: تحویل" })).toBeTruthy();
    const input = screen.getByLabelText("انتخاب PDF و ثبت قیمت") as HTMLInputElement;
    const file = new File(["%PDF-1.4\n%%EOF\n"], "book.pdf", { type: "application/pdf" });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(done).toEqual([["off_1", "off_2"]]));
    const form = sent as unknown as FormData;
    expect(form.get("price")).toBe("۱۵۰٬۰۰۰");
    expect((form.get("file") as File).name).toBe("book.pdf");
    expect(form.get("apply_to_group")).toBe("1");
  });

  it("says when the work changes from pricing to delivering", async () => {
    const paid = item({ kind: "book", code: null, more: null, status: "paid", price: 90_000 });
    answers.push((p) => (p === "/admin/offline/requests/off_1" ? json(detail(paid)) : undefined));
    answers.push((p) => (p === "/admin/offline/solvers" ? json({ solvers: [] }) : undefined));
    renderPanel({ previousTask: "price" });
    expect(await screen.findByText("کار عوض شد: از قیمت‌گذاری به تحویل.")).toBeTruthy();
    expect(screen.getByTestId("desk-detail").getAttribute("data-request")).toBe("off_1");
  });
});
