import { createLink } from "@tanstack/react-router";
import { forwardRef, type AnchorHTMLAttributes } from "react";
import { safeHref } from "../../../lib/link-url";
import { buttonClass, type ButtonStyle } from "./button-style";
import { cx } from "./class-names";
import "./link.css";

type TextLinkStyle = { tone?: "default" | "inverse" | "muted" };
type AnchorProps = AnchorHTMLAttributes<HTMLAnchorElement>;

// Native anchors: a browser's link already follows on Enter, is announced as a link and shows
// :focus-visible (link.css, button.css); the router adds client-side navigation, preloading and
// aria-current. react-aria's Link would add only code, on every page's first screen.
const TextLinkBase = forwardRef<HTMLAnchorElement, AnchorProps & TextLinkStyle>(function TextLinkBase({ tone = "default", className, ...props }, ref) {
  return <a {...props} ref={ref} className={cx("ui-link", `ui-link--${tone}`, className)} />;
});

const ButtonLinkBase = forwardRef<HTMLAnchorElement, AnchorProps & ButtonStyle>(function ButtonLinkBase(
  { variant, size, iconOnly, fullWidth, className, ...props },
  ref,
) {
  return <a {...props} ref={ref} className={cx(buttonClass({ variant, size, iconOnly, fullWidth }), className)} />;
});

/** A router link (typed `to`, preloading on intent). */
export const Link = createLink(TextLinkBase);

/** A router link that looks like a Button. */
export const LinkButton = createLink(ButtonLinkBase);

/**
 * A link to another site: opens in a new tab, never handed to the router. Its target is stored or
 * outside data, so only an http(s) URL (or a path on this site) becomes a link; anything else
 * (`javascript:`, `data:`, …) is shown as its text (lib/safe-url.ts).
 */
export function ExternalLink({
  tone = "default",
  className,
  href,
  ...props
}: Omit<AnchorProps, "target" | "rel" | "href"> & TextLinkStyle & { href: string | null | undefined }) {
  const safe = safeHref(href);
  if (!safe) return <span className={className}>{props.children}</span>;
  return <a {...props} href={safe} target="_blank" rel="noopener noreferrer" className={cx("ui-link", `ui-link--${tone}`, className)} />;
}

/** An outside link styled as a button (the same rule: not http(s), no link). */
export function ExternalLinkButton({
  variant,
  size,
  iconOnly,
  fullWidth,
  className,
  href,
  ...props
}: Omit<AnchorProps, "target" | "rel" | "href"> & ButtonStyle & { href: string | null | undefined }) {
  const safe = safeHref(href);
  if (!safe) return null;
  return <a {...props} href={safe} target="_blank" rel="noopener noreferrer" className={cx(buttonClass({ variant, size, iconOnly, fullWidth }), className)} />;
}
