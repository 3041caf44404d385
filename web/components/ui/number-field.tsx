import { Button, composeRenderProps, Group, Input, NumberField as AriaNumberField, type NumberFieldProps as AriaNumberFieldProps } from "react-aria-components";
import { cx } from "./class-names";
import { FieldDescription, FieldErrorText, FieldLabel, type FieldTextProps } from "./field";

export type NumberFieldProps = AriaNumberFieldProps & FieldTextProps;

/**
 * A number with plus and minus steppers. In the fa-IR locale react-aria shows Persian digits and
 * accepts Persian, Arabic and Latin digits as typed. Counts in the spec are 0..50: pass minValue/maxValue.
 */
export function NumberField({ label, description, errorMessage, className, ...props }: NumberFieldProps) {
  return (
    <AriaNumberField {...props} className={composeRenderProps(className, (own) => cx("ui-field", own))}>
      {label && <FieldLabel>{label}</FieldLabel>}
      <Group className="ui-number">
        <Button slot="increment" className="ui-number__step" aria-label="افزایش">
          +
        </Button>
        <Input className="ui-field__input ui-number__input" />
        <Button slot="decrement" className="ui-number__step" aria-label="کاهش">
          −
        </Button>
      </Group>
      {description && <FieldDescription>{description}</FieldDescription>}
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </AriaNumberField>
  );
}
