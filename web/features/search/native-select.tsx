import { useId } from "react";
import { cx } from "../../components/ui/class-names";
import "../../components/ui/field.css";

/**
 * A labelled native <select> in the look of the ui/ fields. The search filters use it instead of
 * ui/select (react-aria's listbox in a popover): the popover stack alone is ~35 KB gzipped, which
 * would put each search panel's lazy chunk over its 50 KB budget; a native select is also
 * keyboard-operable everywhere and opens the platform's own picker on phones.
 */
export function NativeSelect<K extends string>({
  label,
  value,
  options,
  onChange,
  className,
  ltr,
  disabledKeys,
  description,
}: {
  label: string;
  value: K;
  options: readonly (readonly [K, string])[];
  onChange(v: K): void;
  className?: string;
  /** Option labels are Latin (organisation names, departments). */
  ltr?: boolean;
  /** Options shown but not choosable (e.g. a source this server is not configured for). */
  disabledKeys?: readonly K[];
  /** A line under the select, read with it (why an option is disabled). */
  description?: string | undefined;
}) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className={cx("ui-field", "search-select", className)}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="ui-field__input search-select__input"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value as K)}
        aria-describedby={description ? descriptionId : undefined}
      >
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
    </div>
  );
}
