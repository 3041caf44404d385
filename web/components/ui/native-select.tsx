import { useId } from "react";
import { cx } from "./class-names";
import type { SelectProps } from "./select";
import "./field.css";

/**
 * The one select rendered as a native <select>, with the same props as `Select`. The search filters
 * use it instead of the popover one: the popover stack alone is ~35 KB gzipped, which would put each
 * search panel's lazy chunk over its 50 KB budget; a native select is also keyboard-operable
 * everywhere and opens the platform's own picker on phones.
 */
export function NativeSelect<K extends string>({
  label,
  "aria-label": ariaLabel,
  value,
  options,
  onChange,
  placeholder,
  description,
  errorMessage,
  isInvalid,
  disabledKeys,
  ltr,
  className,
}: SelectProps<K>) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className={cx("ui-field", "ui-native-select", className)}>
      {label && (
        <label className="ui-field__label" htmlFor={id}>
          {label}
        </label>
      )}
      <select
        id={id}
        className="ui-field__input ui-native-select__input"
        value={value ?? ""}
        onChange={(e) => onChange(e.currentTarget.value as K)}
        aria-label={ariaLabel}
        aria-invalid={isInvalid || undefined}
        aria-describedby={description ? descriptionId : undefined}
      >
        {placeholder !== undefined && value === null && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map(([key, text]) => (
          <option key={key} value={key} dir={ltr && key !== "" ? "ltr" : undefined} disabled={disabledKeys?.includes(key)}>
            {text}
          </option>
        ))}
      </select>
      {description && (
        <span id={descriptionId} className="ui-field__description">
          {description}
        </span>
      )}
      {isInvalid && errorMessage && <span className="ui-field__error">{errorMessage}</span>}
    </div>
  );
}
