import { Button as AriaButton, composeRenderProps, type ButtonProps as AriaButtonProps } from "react-aria-components";
import { buttonClass, type ButtonStyle } from "./button-style";
import { cx } from "./class-names";

export { buttonClass, type ButtonStyle } from "./button-style";

export type ButtonProps = AriaButtonProps & ButtonStyle;

/**
 * react-aria Button: press handling for mouse, touch and keyboard, focus ring on keyboard focus
 * only. What react-aria's triggers (dialogs, menus, pop-overs) and forms need; a control that only
 * runs a handler on click can be a NativeButton, which keeps react-aria out of its page's code.
 */
export function Button({ variant, size, iconOnly, fullWidth, className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={composeRenderProps(className, (own) => cx(buttonClass({ variant, size, iconOnly, fullWidth }), own))} />;
}
