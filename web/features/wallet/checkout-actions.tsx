import type { ReactNode } from "react";
import { Button } from "../../components/ui/button";
import { walletUi as t } from "./messages";

/**
 * The button row of a buy dialog: a cancel that also stops a running gateway countdown before it
 * closes the dialog, then the dialog's own buttons (buy, download, …).
 */
export function CheckoutActions({
  cancel,
  close,
  cancelLabel = t.cancel,
  className = "wallet-actions",
  children,
}: {
  cancel(): void;
  close(): void;
  cancelLabel?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`ui-dialog__actions ${className}`}>
      <Button
        variant="ghost"
        onPress={() => {
          cancel();
          close();
        }}
      >
        {cancelLabel}
      </Button>
      {children}
    </div>
  );
}
