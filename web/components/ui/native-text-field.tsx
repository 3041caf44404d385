import { useEffect, useId, useRef, type InputHTMLAttributes } from "react";
import { cx } from "./class-names";
import { rtlPlaceholder } from "./placeholder-dir";
import "./field.css";

export type NativeTextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value" | "dir"> & {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Left-to-right input (URLs, DOIs) inside the right-to-left page. */
  ltr?: boolean;
};

/**
 * A labelled native input in the fields' look, for a first-screen form that validates on submit
 * (the link box): a browser's input with its label is named, typed into and announced as
 * react-aria's TextField is, so that field's code stays off the first screen. Text typed into the
 * server's markup before the page's code ran (React keeps it when hydrating) is taken up once hydrated.
 */
export function NativeTextField({ label, value, onChange, ltr, className, id, ...props }: NativeTextFieldProps) {
  const own = useId();
  const inputId = id ?? own;
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current && input.current.value !== value) onChange(input.current.value);
    // Once, after the first render (hydration).
  }, []);
  return (
    <div className={cx("ui-field", className)}>
      <label htmlFor={inputId} className="ui-field__label">
        {label}
      </label>
      <input
        {...props}
        ref={input}
        id={inputId}
        className="ui-field__input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        dir={ltr ? "ltr" : undefined}
        data-rtl-placeholder={rtlPlaceholder(props.placeholder)}
      />
    </div>
  );
}
