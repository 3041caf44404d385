import { Checkbox as AriaCheckbox, composeRenderProps, type CheckboxProps as AriaCheckboxProps } from "react-aria-components";
import { cx } from "./class-names";
import "./field.css";

/** A checkbox with its label as children ("remember me"). */
export function Checkbox({ children, className, ...props }: AriaCheckboxProps) {
  return (
    <AriaCheckbox {...props} className={composeRenderProps(className, (own) => cx("ui-checkbox", own))}>
      {composeRenderProps(children, (content, { isSelected, isIndeterminate }) => (
        <>
          <span className="ui-checkbox__box" aria-hidden="true">
            {isIndeterminate ? (
              // biome-ignore lint/a11y/noSvgWithoutTitle: decorative; the box is aria-hidden and the checkbox has its label
              <svg viewBox="0 0 18 18">
                <path d="M4 9h10" />
              </svg>
            ) : isSelected ? (
              // biome-ignore lint/a11y/noSvgWithoutTitle: decorative; the box is aria-hidden and the checkbox has its label
              <svg viewBox="0 0 18 18">
                <path d="M3.5 9.5l3.5 3.5 7.5-8" />
              </svg>
            ) : null}
          </span>
          <span>{content}</span>
        </>
      ))}
    </AriaCheckbox>
  );
}
