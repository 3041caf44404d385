import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cx } from "./class-names";
import "./table.css";

/**
 * A plain, read-only HTML table styled like the react-aria Table. For static lists (no selection,
 * sorting or keyboard grid) a native table is what screen readers handle best, and it costs no
 * script. Use Table (react-aria) when rows are interactive.
 */
export function DataTable({ caption, children, className }: { caption: string; children: ReactNode; className?: string }) {
  return (
    <div className="ui-table__scroll">
      <table className={cx("ui-table", className)}>
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function HeaderCell({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" {...props} className={cx("ui-table__column", className)} />;
}

export function DataRow({ children }: { children: ReactNode }) {
  return <tr className="ui-table__row">{children}</tr>;
}

export function DataCell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td {...props} className={cx("ui-table__cell", className)} />;
}
