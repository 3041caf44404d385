import {
  Cell as AriaCell,
  Column as AriaColumn,
  composeRenderProps,
  Row as AriaRow,
  Table as AriaTable,
  TableBody as AriaTableBody,
  TableHeader as AriaTableHeader,
  type CellProps,
  type ColumnProps,
  type RowProps,
  type TableBodyProps,
  type TableHeaderProps,
  type TableProps,
} from "react-aria-components";
import { cx } from "./class-names";
import "./table.css";

/** A react-aria Table (grid keyboard navigation, announced headers). Give it an aria-label. */
export function Table({ className, ...props }: TableProps) {
  return (
    <div className="ui-table__scroll">
      <AriaTable {...props} className={composeRenderProps(className, (own) => cx("ui-table", own))} />
    </div>
  );
}

export function TableHeader<T extends object>({ className, ...props }: TableHeaderProps<T>) {
  return <AriaTableHeader {...props} className={composeRenderProps(className, (own) => cx("ui-table__header", own))} />;
}

export function Column({ className, ...props }: ColumnProps) {
  return <AriaColumn {...props} className={composeRenderProps(className, (own) => cx("ui-table__column", own))} />;
}

export function TableBody<T extends object>({ className, ...props }: TableBodyProps<T>) {
  return <AriaTableBody {...props} className={composeRenderProps(className, (own) => cx("ui-table__body", own))} />;
}

export function Row<T extends object>({ className, ...props }: RowProps<T>) {
  return <AriaRow {...props} className={composeRenderProps(className, (own) => cx("ui-table__row", own))} />;
}

export function Cell({ className, ...props }: CellProps) {
  return <AriaCell {...props} className={composeRenderProps(className, (own) => cx("ui-table__cell", own))} />;
}
