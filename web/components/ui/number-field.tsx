import { useEffect, useRef } from "react";
import { Button, composeRenderProps, Group, Input, NumberField as AriaNumberField, type NumberFieldProps as AriaNumberFieldProps } from "react-aria-components";
import { toPersianDigits } from "../../../lib/digits";
import { cx } from "./class-names";
import { FieldDescription, FieldErrorText, FieldLabel, type FieldTextProps } from "./field";

export type NumberFieldProps = AriaNumberFieldProps & FieldTextProps;

/**
 * Digits typed on a Latin keyboard become Persian as they are typed. react-aria keeps the
 * numbering system of what was typed (a Latin "99" clamped to 50 read "50"); this keeps the field
 * in Persian digits whatever the keyboard. The value is set through the element's own setter so
 * React still sees the edit as a change.
 */
function usePersianDigits() {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = ref.current;
    const nativeValue = input && Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value");
    if (!input || !nativeValue?.set) return;
    const onInput = () => {
      const shown = toPersianDigits(input.value);
      if (shown === input.value) return;
      const [start, end] = [input.selectionStart, input.selectionEnd];
      nativeValue.set!.call(input, shown);
      // One code unit per digit either way: the caret stays where it was.
      if (start !== null && end !== null) input.setSelectionRange(start, end);
    };
    input.addEventListener("input", onInput);
    return () => input.removeEventListener("input", onInput);
  }, []);
  return ref;
}

/**
 * A number with plus and minus steppers. In the fa-IR locale react-aria shows Persian digits and
 * accepts Persian, Arabic and Latin digits as typed (shown in Persian). Counts in the spec are 0..50.
 */
export function NumberField({ label, description, errorMessage, className, ...props }: NumberFieldProps) {
  const inputRef = usePersianDigits();
  return (
    <AriaNumberField {...props} className={composeRenderProps(className, (own) => cx("ui-field", own))}>
      {label && <FieldLabel>{label}</FieldLabel>}
      <Group className="ui-number">
        <Button slot="increment" className="ui-number__step" aria-label="افزایش">
          +
        </Button>
        <Input ref={inputRef} className="ui-field__input ui-number__input" />
        <Button slot="decrement" className="ui-number__step" aria-label="کاهش">
          −
        </Button>
      </Group>
      {description && <FieldDescription>{description}</FieldDescription>}
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </AriaNumberField>
  );
}
