import type { CSSProperties, ReactNode } from "react";
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Button } from "./button";
import { cx } from "./class-names";
import { Icon } from "./icon";
import "./dialog.css";

/** Dialog widths the specs name: download result 370, login and upload 400, news 450, offline request 600. */
type DialogWidth = 370 | 400 | 450 | 600;

type Slot = ReactNode | ((api: { close(): void }) => ReactNode);

export type DialogProps = {
  title: ReactNode;
  width?: DialogWidth;
  /** Controlled visibility; leave both out inside a DialogTrigger. */
  isOpen?: boolean;
  onOpenChange?(isOpen: boolean): void;
  /** Close on a click outside (Escape always closes). */
  isDismissable?: boolean;
  /** "alertdialog" for confirmations that interrupt. */
  role?: "dialog" | "alertdialog";
  children: Slot;
  /** Buttons at the bottom; a function receives close(). */
  actions?: Slot;
  className?: string;
};

function renderSlot(slot: Slot, close: () => void) {
  return typeof slot === "function" ? slot({ close }) : slot;
}

function openProps(isOpen: boolean | undefined, onOpenChange: ((o: boolean) => void) | undefined) {
  return { ...(isOpen !== undefined ? { isOpen } : {}), ...(onOpenChange ? { onOpenChange } : {}) };
}

/**
 * A modal dialog: a title, a close button, a scrolling body and optional actions. Focus is
 * trapped inside, Escape closes it, and focus returns to what opened it.
 */
export function Dialog({ title, width = 450, isOpen, onOpenChange, isDismissable = true, role, children, actions, className }: DialogProps) {
  return (
    <ModalOverlay {...openProps(isOpen, onOpenChange)} isDismissable={isDismissable} className="ui-overlay">
      <Modal className="ui-modal" style={{ "--dialog-width": `${width}px` } as CSSProperties}>
        <AriaDialog role={role} className={cx("ui-dialog", className)}>
          {({ close }) => (
            <>
              <div className="ui-dialog__header">
                <Heading slot="title" className="ui-dialog__title">
                  {title}
                </Heading>
                <Button variant="ghost" size="sm" iconOnly aria-label="بستن" onPress={close} className="ui-dialog__close">
                  <Icon name="close" size={20} />
                </Button>
              </div>
              <div className="ui-dialog__body">{renderSlot(children, close)}</div>
              {actions ? <div className="ui-dialog__actions">{renderSlot(actions, close)}</div> : null}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

export type SidePanelProps = {
  /** Accessible name of the panel (it has no visible title). */
  "aria-label": string;
  isOpen?: boolean;
  onOpenChange?(isOpen: boolean): void;
  children: Slot;
  className?: string;
};

/** A full-height panel sliding in from the right (the start side in right-to-left): the small-screen drawer. */
export function SidePanel({ isOpen, onOpenChange, children, className, ...rest }: SidePanelProps) {
  return (
    <ModalOverlay {...openProps(isOpen, onOpenChange)} isDismissable className="ui-overlay ui-overlay--side">
      <Modal className="ui-side-panel">
        <AriaDialog aria-label={rest["aria-label"]} className={cx("ui-side-panel__dialog", className)}>
          {({ close }) => renderSlot(children, close)}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
