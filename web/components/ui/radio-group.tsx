import type { ReactNode } from "react";
import {
  composeRenderProps,
  Radio as AriaRadio,
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
  type RadioProps as AriaRadioProps,
} from "react-aria-components";
import { cx } from "./class-names";
import { FieldDescription, FieldErrorText, FieldLabel, type FieldTextProps } from "./field";
import "./field.css";

export type RadioGroupProps = Omit<AriaRadioGroupProps, "children"> &
  FieldTextProps & {
    children: ReactNode;
    /** Lay the options out in a row that wraps (the default) or in a column. */
    layout?: "row" | "column";
  };

/** A radio group; arrow keys move between options (mirrored in right-to-left). */
export function RadioGroup({ label, description, errorMessage, children, layout = "row", className, ...props }: RadioGroupProps) {
  return (
    <AriaRadioGroup {...props} className={composeRenderProps(className, (own) => cx("ui-field", "ui-radio-group", own))}>
      {label && <FieldLabel>{label}</FieldLabel>}
      <div className={cx("ui-radio-group__options", `ui-radio-group__options--${layout}`)}>{children}</div>
      {description && <FieldDescription>{description}</FieldDescription>}
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </AriaRadioGroup>
  );
}

export type RadioProps = AriaRadioProps & {
  /** "dot": a classic radio button; "chip": a pill that fills when chosen; "bare": unstyled, the caller draws it. */
  appearance?: "dot" | "chip" | "bare";
};

export function Radio({ appearance = "dot", className, children, ...props }: RadioProps) {
  return (
    <AriaRadio {...props} className={composeRenderProps(className, (own) => cx("ui-radio", `ui-radio--${appearance}`, own))}>
      {composeRenderProps(children, (content) =>
        appearance === "dot" ? (
          <>
            <span className="ui-radio__dot" aria-hidden="true" />
            <span>{content}</span>
          </>
        ) : (
          content
        ),
      )}
    </AriaRadio>
  );
}
