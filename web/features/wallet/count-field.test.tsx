import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { I18nProvider } from "react-aria-components";
import { afterEach, describe, expect, it } from "vitest";
import { CountField } from "./count-field";

afterEach(cleanup);

// The spec's message, written out (accounts-and-purchases §5, search-and-download §4).
const RANGE = "تعداد باید بین ۰ تا ۵۰ باشد.";

let current = -1;
function Harness({ start }: { start: number }) {
  const [n, setN] = useState(start);
  current = n;
  return <CountField label="تعداد مقاله" description="عددی بین ۰ تا ۵۰" value={n} onChange={setN} />;
}
const renderField = (start: number) =>
  render(
    <I18nProvider locale="fa-IR">
      <Harness start={start} />
    </I18nProvider>,
  );
const input = () => screen.getByRole("textbox", { name: "تعداد مقاله" }) as HTMLInputElement;
const message = () => screen.getByTestId("count-range-message").textContent;
// react-aria names the steppers itself (its own locale strings), so they are found by slot.
const steppers = () => [document.querySelector('[slot="increment"]'), document.querySelector('[slot="decrement"]')] as HTMLElement[];
function type(text: string) {
  act(() => input().focus());
  fireEvent.change(input(), { target: { value: text } });
  act(() => input().blur());
}

describe("CountField (0 to 50)", () => {
  it("clamps a typed 99 to 50 and says the number must be between 0 and 50", () => {
    renderField(1);
    expect(message()).toBe("");
    type("99");
    expect(current).toBe(50);
    expect(message()).toBe(RANGE);
    type("12");
    expect(current).toBe(12);
    expect(message()).toBe("");
  });

  it("shows typed Latin digits in Persian, a clamped 99 as «۵۰» (never a Latin 50)", () => {
    renderField(1);
    act(() => input().focus());
    // What a keystroke does: the element's value changes, then an input event.
    const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    act(() => {
      set.call(input(), "99");
      input().dispatchEvent(new Event("input", { bubbles: true }));
    });
    expect(input().value).toBe("۹۹");
    act(() => input().blur());
    expect(current).toBe(50);
    expect(input().value).toBe("۵۰");
    expect(input().value).not.toMatch(/[0-9]/);
  });

  it("accepts the bounds themselves without the message", () => {
    renderField(1);
    type("50");
    expect(current).toBe(50);
    expect(message()).toBe("");
    type("0");
    expect(current).toBe(0);
    expect(message()).toBe("");
  });

  it("plus at 50 and minus at 0 stay in range with the message; Persian digits are read", () => {
    renderField(50);
    const [plus, minus] = steppers();
    fireEvent.click(plus!);
    expect(current).toBe(50);
    expect(message()).toBe(RANGE);
    type("۰");
    fireEvent.click(minus!);
    expect(current).toBe(0);
    expect(message()).toBe(RANGE);
  });
});
