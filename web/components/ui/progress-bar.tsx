import { ProgressBar as AriaProgressBar, type ProgressBarProps as AriaProgressBarProps } from "react-aria-components";
import { cx } from "./class-names";
import "./progress-bar.css";

export type ProgressBarProps = Omit<AriaProgressBarProps, "children" | "className"> & {
  label?: string;
  /** Show the percentage (in Persian digits, from the fa-IR locale). */
  showValue?: boolean;
  className?: string;
};

/** A progress bar; without a value it is indeterminate (a moving stripe). */
export function ProgressBar({ label, showValue, className, ...props }: ProgressBarProps) {
  return (
    <AriaProgressBar {...props} aria-label={label ?? props["aria-label"]} className={cx("ui-progress", className)}>
      {({ percentage, valueText, isIndeterminate }) => (
        <>
          {(label || showValue) && (
            <div className="ui-progress__text">
              {label && <span>{label}</span>}
              {showValue && !isIndeterminate && <span>{valueText}</span>}
            </div>
          )}
          <div className="ui-progress__track">
            <div
              className={cx("ui-progress__fill", isIndeterminate && "ui-progress__fill--indeterminate")}
              style={isIndeterminate ? undefined : { width: `${percentage ?? 0}%` }}
            />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
