import { useEffect, useId, useRef, type ReactNode } from "react";
import { cx } from "./class-names";
import "./field.css";

export type NativeRadioOption = { value: string; content: ReactNode };

/**
 * A radio group of native inputs, each inside its label: one Tab stop, arrow keys move the choice
 * (mirrored in right-to-left by the browser), each option named by its label and the group by its
 * visible label, as react-aria's RadioGroup does, with none of its code (for the first screen's
 * search-type choice). The chosen option carries data-selected; focus shows on the label through
 * :has(:focus-visible) (field.css). A choice made in the server's markup before the page's code ran
 * (the browser checks the radio, React keeps it when hydrating) is taken up once hydrated.
 */
export function NativeRadioGroup({
  label,
  value,
  onChange,
  options,
  className,
  optionClassName,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  options: NativeRadioOption[];
  className?: string;
  optionClassName?: string;
}) {
  const id = useId();
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const checked = group.current?.querySelector<HTMLInputElement>("input:checked");
    if (checked && checked.value !== value) onChange(checked.value);
    // Once, after the first render (hydration).
  }, []);
  return (
    <div ref={group} role="radiogroup" aria-labelledby={`${id}-label`} className={cx("ui-field", "ui-radio-group", className)}>
      <span id={`${id}-label`} className="ui-field__label">
        {label}
      </span>
      <div className="ui-radio-group__options ui-radio-group__options--row">
        {options.map((o) => (
          <label key={o.value} className={cx("ui-radio", optionClassName)} data-selected={o.value === value || undefined}>
            <input type="radio" className="ui-radio__input" name={id} value={o.value} checked={o.value === value} onChange={() => onChange(o.value)} />
            {o.content}
          </label>
        ))}
      </div>
    </div>
  );
}
