import type { ReactNode } from "react";
import { messages } from "../../lib/messages";
import { Alert } from "./alert";
import { Icon } from "./icon";
import { NativeButton } from "./native-button";

/**
 * The one error state: the error (the server's Persian message unless told) with a retry button (a
 * native one: it only runs a handler, and the route's error page draws this from the entry chunk).
 */
export function QueryError({
  error,
  onRetry,
  isRetrying = false,
  errorText,
  errorTitle,
  retryLabel = messages.retry,
}: {
  error: Error;
  onRetry(): void;
  isRetrying?: boolean;
  retryLabel?: ReactNode;
  /** The error's text (default: its message). */
  errorText?: (error: Error) => ReactNode;
  /** A heading for the error. */
  errorTitle?: string;
}) {
  return (
    <Alert
      tone="error"
      title={errorTitle}
      action={
        <NativeButton size="sm" variant="outline" onClick={onRetry} disabled={isRetrying}>
          <Icon name="refresh" size={18} />
          {retryLabel}
        </NativeButton>
      }
    >
      {errorText ? errorText(error) : error.message}
    </Alert>
  );
}
