import type { ReactNode } from "react";
import { FieldError, Label, Text, type ValidationResult } from "react-aria-components";
import "./field.css";

/** The label / description / error trio every field shares. */
export type FieldTextProps = {
  label?: ReactNode;
  description?: ReactNode;
  /** A message, or a function of react-aria's validation result; shown only while the field is invalid. */
  errorMessage?: string | ((validation: ValidationResult) => string);
};

export function FieldLabel({ children }: { children: ReactNode }) {
  return <Label className="ui-field__label">{children}</Label>;
}

export function FieldDescription({ children }: { children: ReactNode }) {
  return (
    <Text slot="description" className="ui-field__description">
      {children}
    </Text>
  );
}

export function FieldErrorText({ children }: { children?: FieldTextProps["errorMessage"] }) {
  return <FieldError className="ui-field__error">{children}</FieldError>;
}
