import { Button, composeRenderProps, ListBox, ListBoxItem, Popover, Select as AriaSelect, SelectValue } from "react-aria-components";
import { cx } from "./class-names";
import { FieldDescription, FieldErrorText, FieldLabel } from "./field";
import { Icon } from "./icon";
import "./field.css";
import "./popover.css";

/** One choice: its key, its label, and (optionally) the text typed to jump to it. */
type SelectOption<K extends string> = readonly [key: K, label: string | undefined, textValue?: string];

/** The one select's props, for both renderings (`Select` and `NativeSelect`). */
export type SelectProps<K extends string> = {
  label?: string;
  /** Names the select when it has no visible label (e.g. one per table row). */
  "aria-label"?: string;
  value: K | null;
  options: readonly SelectOption<K>[];
  onChange(value: K): void;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  /** A line under the select, read with it. */
  description?: string | undefined;
  errorMessage?: string | undefined;
  isInvalid?: boolean;
  /** Options shown but not choosable. */
  disabledKeys?: readonly K[];
  /** Option labels are Latin (organisation names, departments). */
  ltr?: boolean;
  className?: string;
};

/** A dropdown: a button showing the chosen value and a listbox in a popover (react-aria). */
export function Select<K extends string>({
  label,
  value,
  options,
  onChange,
  description,
  errorMessage,
  disabledKeys,
  ltr,
  className,
  ...props
}: SelectProps<K>) {
  return (
    <AriaSelect
      {...props}
      selectedKey={value}
      onSelectionChange={(k) => k !== null && onChange(String(k) as K)}
      disabledKeys={disabledKeys}
      className={composeRenderProps(className, (own) => cx("ui-field", "ui-select", own))}
    >
      {label && <FieldLabel>{label}</FieldLabel>}
      <Button className="ui-field__input ui-select__button">
        <SelectValue className="ui-select__value" />
        <Icon name="chevronDown" size={18} />
      </Button>
      {description && <FieldDescription>{description}</FieldDescription>}
      <FieldErrorText>{errorMessage}</FieldErrorText>
      <Popover className="ui-popover ui-select__popover">
        <ListBox className="ui-listbox">
          {options.map(([key, text, textValue]) => (
            <ListBoxItem key={key} id={key} textValue={textValue ?? text ?? ""} className="ui-listbox__item">
              {ltr && key !== "" ? <bdi dir="ltr">{text}</bdi> : text}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
