import { useId } from "react";
import { cx } from "./class-names";
import "./progress-bar.css";

export type ProgressBarProps = {
  value?: number;
  minValue?: number;
  maxValue?: number;
  /** No value: a moving stripe. */
  isIndeterminate?: boolean;
  /** A visible label (names the bar); otherwise give aria-label. */
  label?: string;
  "aria-label"?: string;
  /** Show the percentage (in Persian digits). */
  showValue?: boolean;
  className?: string;
};

const percent = new Intl.NumberFormat("fa-IR", { style: "percent" });

/**
 * A progress bar; without a value it is indeterminate (a moving stripe). A native element with the
 * progressbar role and its values (what react-aria's would give), so pages showing one — every
 * loading state, the server's among them — need none of react-aria's code.
 */
export function ProgressBar({ value = 0, minValue = 0, maxValue = 100, isIndeterminate, label, showValue, className, ...props }: ProgressBarProps) {
  const labelId = useId();
  const span = maxValue - minValue;
  const fraction = span > 0 ? Math.min(1, Math.max(0, (value - minValue) / span)) : 0;
  const valueText = percent.format(fraction);
  return (
    <div
      role="progressbar"
      className={cx("ui-progress", className)}
      aria-labelledby={label ? labelId : undefined}
      aria-label={label ? undefined : props["aria-label"]}
      aria-valuemin={minValue}
      aria-valuemax={maxValue}
      aria-valuenow={isIndeterminate ? undefined : value}
      aria-valuetext={isIndeterminate ? undefined : valueText}
    >
      {(label || showValue) && (
        <div className="ui-progress__text">
          {label && <span id={labelId}>{label}</span>}
          {showValue && !isIndeterminate && <span>{valueText}</span>}
        </div>
      )}
      <div className="ui-progress__track">
        <div
          className={cx("ui-progress__fill", isIndeterminate && "ui-progress__fill--indeterminate")}
          style={isIndeterminate ? undefined : { width: `${fraction * 100}%` }}
        />
      </div>
    </div>
  );
}
