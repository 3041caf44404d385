import type { ReactNode } from "react";
import {
  Button,
  composeRenderProps,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type ListBoxItemProps,
  type SelectProps as AriaSelectProps,
} from "react-aria-components";
import { cx } from "./class-names";
import { FieldDescription, FieldErrorText, FieldLabel, type FieldTextProps } from "./field";
import { Icon } from "./icon";
import "./field.css";
import "./popover.css";

export type SelectProps<T extends object> = Omit<AriaSelectProps<T>, "children"> &
  FieldTextProps & {
    items?: Iterable<T>;
    children: ReactNode | ((item: T) => ReactNode);
  };

/** A dropdown: a button showing the chosen value and a listbox in a popover. */
export function Select<T extends object>({ label, description, errorMessage, items, children, className, ...props }: SelectProps<T>) {
  return (
    <AriaSelect {...props} className={composeRenderProps(className, (own) => cx("ui-field", "ui-select", own))}>
      {label && <FieldLabel>{label}</FieldLabel>}
      <Button className="ui-field__input ui-select__button">
        <SelectValue className="ui-select__value" />
        <Icon name="chevronDown" size={18} />
      </Button>
      {description && <FieldDescription>{description}</FieldDescription>}
      <FieldErrorText>{errorMessage}</FieldErrorText>
      <Popover className="ui-popover ui-select__popover">
        <ListBox className="ui-listbox" items={items}>
          {children}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}

export function SelectItem({ className, ...props }: ListBoxItemProps) {
  return <ListBoxItem {...props} className={composeRenderProps(className, (own) => cx("ui-listbox__item", own))} />;
}
