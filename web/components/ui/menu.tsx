import type { ReactNode } from "react";
import {
  composeRenderProps,
  Header,
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuSection as AriaMenuSection,
  MenuTrigger,
  Popover,
  Separator,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps,
  type PopoverProps,
} from "react-aria-components";
import { cx } from "./class-names";
import "./menu.css";
import "./popover.css";

export { MenuTrigger };

/** A menu in a popover: arrow keys move, Enter activates, typing a letter jumps, Escape closes. */
export function Menu<T extends object>({ className, placement = "bottom end", ...props }: MenuProps<T> & { placement?: PopoverProps["placement"] }) {
  return (
    <Popover placement={placement} className="ui-popover ui-menu__popover">
      <AriaMenu {...props} className={cx("ui-menu", typeof className === "string" ? className : undefined)} />
    </Popover>
  );
}

export type MenuItemProps = AriaMenuItemProps & {
  /** Red, for destructive entries such as logout. */
  tone?: "default" | "danger";
  icon?: ReactNode;
};

/** A menu entry: an action (onAction) or a link (href, handed to the router when it is ours). */
export function MenuItem({ tone = "default", icon, className, children, ...props }: MenuItemProps) {
  const textValue = props.textValue ?? (typeof children === "string" ? children : undefined);
  return (
    <AriaMenuItem {...props} textValue={textValue} className={composeRenderProps(className, (own) => cx("ui-menu__item", `ui-menu__item--${tone}`, own))}>
      {composeRenderProps(children, (content) => (
        <>
          {icon}
          <span className="ui-menu__label">{content}</span>
        </>
      ))}
    </AriaMenuItem>
  );
}

/** A titled group of entries. */
export function MenuSection({ title, children, "aria-label": ariaLabel }: { title?: ReactNode; children: ReactNode; "aria-label"?: string | undefined }) {
  return (
    <AriaMenuSection className="ui-menu__section" aria-label={ariaLabel}>
      {title && <Header className="ui-menu__header">{title}</Header>}
      {children}
    </AriaMenuSection>
  );
}

export function MenuSeparator() {
  return <Separator className="ui-menu__separator" />;
}
