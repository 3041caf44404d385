import { Button as AriaButton, composeRenderProps, type ButtonProps as AriaButtonProps } from "react-aria-components";
import { cx } from "./class-names";
import "./button.css";

type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "danger";
type ButtonSize = "sm" | "md" | "lg";

export type ButtonStyle = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A square button holding only an icon (give it an aria-label). */
  iconOnly?: boolean;
  fullWidth?: boolean;
};

/** The shared button look, also used by LinkButton. */
export function buttonClass({ variant = "primary", size = "md", iconOnly, fullWidth }: ButtonStyle): string {
  return cx("ui-button", `ui-button--${variant}`, `ui-button--${size}`, iconOnly && "ui-button--icon", fullWidth && "ui-button--full");
}

export type ButtonProps = AriaButtonProps & ButtonStyle;

/** react-aria Button: press handling for mouse, touch and keyboard, focus ring on keyboard focus only. */
export function Button({ variant, size, iconOnly, fullWidth, className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={composeRenderProps(className, (own) => cx(buttonClass({ variant, size, iconOnly, fullWidth }), own))} />;
}
