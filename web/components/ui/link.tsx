import { createLink } from "@tanstack/react-router";
import { forwardRef } from "react";
import { composeRenderProps, Link as AriaLink, type LinkProps as AriaLinkProps } from "react-aria-components";
import { buttonClass, type ButtonStyle } from "./button";
import { cx } from "./class-names";
import "./button.css";
import "./link.css";

type TextLinkStyle = { tone?: "default" | "inverse" | "muted" };

const TextLinkBase = forwardRef<HTMLAnchorElement, AriaLinkProps & TextLinkStyle>(function TextLinkBase({ tone = "default", className, ...props }, ref) {
  return <AriaLink {...props} ref={ref} className={composeRenderProps(className, (own) => cx("ui-link", `ui-link--${tone}`, own))} />;
});

const ButtonLinkBase = forwardRef<HTMLAnchorElement, AriaLinkProps & ButtonStyle>(function ButtonLinkBase(
  { variant, size, iconOnly, fullWidth, className, ...props },
  ref,
) {
  return <AriaLink {...props} ref={ref} className={composeRenderProps(className, (own) => cx(buttonClass({ variant, size, iconOnly, fullWidth }), own))} />;
});

/** A router link (typed `to`, preloading on intent) with react-aria's focus and press handling. */
export const Link = createLink(TextLinkBase);

/** A router link that looks like a Button. */
export const LinkButton = createLink(ButtonLinkBase);

/** A link to another site: opens in a new tab, never handed to the router. */
export function ExternalLink({ tone = "default", className, ...props }: Omit<AriaLinkProps, "target" | "rel"> & TextLinkStyle & { href: string }) {
  return (
    <AriaLink
      {...props}
      target="_blank"
      rel="noopener noreferrer"
      className={composeRenderProps(className, (own) => cx("ui-link", `ui-link--${tone}`, own))}
    />
  );
}

/** An outside link styled as a button. */
export function ExternalLinkButton({ variant, size, iconOnly, fullWidth, className, ...props }: Omit<AriaLinkProps, "target" | "rel"> & ButtonStyle & { href: string }) {
  return (
    <AriaLink
      {...props}
      target="_blank"
      rel="noopener noreferrer"
      className={composeRenderProps(className, (own) => cx(buttonClass({ variant, size, iconOnly, fullWidth }), own))}
    />
  );
}
