import { useState } from "react";
import { walletTexts } from "../../../contract/wallet";
import { NumberField } from "../../components/ui/number-field";

/** The spec's article/standard count bounds (accounts-and-purchases §5, search-and-download §4). */
const COUNT_MIN = 0;
const COUNT_MAX = 50;

/**
 * A count of 0 to 50 with plus and minus. A typed value (or a step) outside the range is clamped
 * and the spec's message "the number must be between 0 and 50" is shown and announced, instead of
 * the silent clamping react-aria does when it is given the bounds itself.
 */
export function CountField({ label, description, value, onChange }: { label: string; description: string; value: number; onChange(n: number): void }) {
  const [clamped, setClamped] = useState(false);
  return (
    <div className="wallet-count">
      <NumberField
        label={label}
        description={description}
        value={value}
        onChange={(v) => {
          const n = Number.isFinite(v) ? Math.trunc(v) : COUNT_MIN;
          const inRange = Math.min(COUNT_MAX, Math.max(COUNT_MIN, n));
          setClamped(inRange !== n);
          onChange(inRange);
        }}
      />
      <p className="wallet-count__range" role="status" data-testid="count-range-message">
        {clamped ? walletTexts.countRange : ""}
      </p>
    </div>
  );
}
