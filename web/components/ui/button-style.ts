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

/** The shared button look (button.css), used by Button, NativeButton and LinkButton. */
export function buttonClass({ variant = "primary", size = "md", iconOnly, fullWidth }: ButtonStyle): string {
  return cx("ui-button", `ui-button--${variant}`, `ui-button--${size}`, iconOnly && "ui-button--icon", fullWidth && "ui-button--full");
}
