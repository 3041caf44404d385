import { composeRenderProps, Input, TextArea, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from "react-aria-components";
import { cx } from "./class-names";
import { FieldDescription, FieldErrorText, FieldLabel, type FieldTextProps } from "./field";
import { rtlPlaceholder } from "./placeholder-dir";

export type TextFieldProps = AriaTextFieldProps &
  FieldTextProps & {
    placeholder?: string;
    /** A multi-line field. */
    multiline?: boolean;
    rows?: number;
    /** Left-to-right input (URLs, DOIs, e-mail, mobile numbers) inside the right-to-left page. */
    ltr?: boolean;
  };

/** A text input with its label, description and error, validated by react-aria (isInvalid, validate, errors from the server). */
export function TextField({ label, description, errorMessage, placeholder, multiline, rows = 3, ltr, className, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className={composeRenderProps(className, (own) => cx("ui-field", own))}>
      {label && <FieldLabel>{label}</FieldLabel>}
      {multiline ? (
        <TextArea
          className="ui-field__input ui-field__textarea"
          placeholder={placeholder}
          rows={rows}
          dir={ltr ? "ltr" : undefined}
          data-rtl-placeholder={rtlPlaceholder(placeholder)}
        />
      ) : (
        <Input className="ui-field__input" placeholder={placeholder} dir={ltr ? "ltr" : undefined} data-rtl-placeholder={rtlPlaceholder(placeholder)} />
      )}
      {description && <FieldDescription>{description}</FieldDescription>}
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </AriaTextField>
  );
}
