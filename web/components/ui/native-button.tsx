import type { ButtonHTMLAttributes } from "react";
import { buttonClass, type ButtonStyle } from "./button-style";
import { cx } from "./class-names";

export type NativeButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & ButtonStyle & { type?: "button" | "submit" };

/**
 * A native button in the shared look, for the first screen's controls that only run a handler on
 * click (the shell's, home's): a browser's button already answers Enter and Space and is named and
 * announced as one, and its focus ring is :focus-visible (button.css), so react-aria's press
 * handling would add code and nothing else.
 */
export function NativeButton({ variant, size, iconOnly, fullWidth, className, type = "button", ...props }: NativeButtonProps) {
  return <button type={type} {...props} className={cx(buttonClass({ variant, size, iconOnly, fullWidth }), className)} />;
}
