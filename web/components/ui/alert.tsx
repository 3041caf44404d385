import type { ReactNode } from "react";
import { cx } from "./class-names";
import { Icon } from "./icon";
import "./alert.css";

export type AlertTone = "info" | "success" | "warning" | "error";

const icons = { info: "info", success: "success", warning: "warning", error: "error" } as const;

/**
 * An inline message box. Errors and warnings are announced at once (role="alert"); info and
 * success politely (role="status").
 */
export function Alert({
  tone = "info",
  title,
  children,
  action,
  className,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div role={tone === "error" || tone === "warning" ? "alert" : "status"} className={cx("ui-alert", `ui-alert--${tone}`, className)}>
      <Icon name={icons[tone]} size={22} />
      <div className="ui-alert__body">
        {title && <div className="ui-alert__title">{title}</div>}
        {children && <div className="ui-alert__text">{children}</div>}
      </div>
      {action && <div className="ui-alert__action">{action}</div>}
    </div>
  );
}
