import type { ReactNode } from "react";
import { cx } from "./class-names";
import "./figures.css";

/** One figure: its label, its value, and what its value cell carries (a test id, a warning class); `id` keys it (else its label). */
export type Figure = { id?: string; label: ReactNode; value: ReactNode; className?: string | undefined; testId?: string | undefined };

/**
 * A row of figures that wraps: each a label over its value in a soft box. A feature sizes them with
 * `--figures-min` (a box's narrowest), `--figures-pad` and `--figures-value-size`/`-weight` on its own class.
 */
export function Figures({ figures, className, label }: { figures: Figure[]; className?: string; label?: string }) {
  return (
    <dl className={cx("ui-figures", className)} aria-label={label}>
      {figures.map((f) => (
        <div key={f.id ?? String(f.label)}>
          <dt>{f.label}</dt>
          <dd className={f.className} {...(f.testId ? { "data-testid": f.testId } : {})}>
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
