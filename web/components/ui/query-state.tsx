import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { messages } from "../../lib/messages";
import { Alert } from "./alert";
import { Button } from "./button";
import { Icon } from "./icon";
import { ProgressBar } from "./progress-bar";

export type QueryStateProps<T> = {
  query: UseQueryResult<T>;
  /** Names the loading bar for screen readers (default: "loading…"). */
  label?: string;
  /** What to show once the data is there; without it nothing is shown (the caller renders `query.data`). */
  children?: (data: T) => ReactNode;
  /** The error's text (default: the server's Persian message). */
  errorText?: (error: Error) => ReactNode;
  /** A heading for the error. */
  errorTitle?: string;
};

/** The one query state: a loading bar, or the error with a retry button, or the content. */
export function QueryState<T>({ query, label = messages.loading, children, errorText, errorTitle }: QueryStateProps<T>) {
  if (query.isPending) return <ProgressBar isIndeterminate aria-label={label} />;
  if (query.isError)
    return (
      <Alert
        tone="error"
        title={errorTitle}
        action={
          <Button size="sm" variant="outline" onPress={() => void query.refetch()} isDisabled={query.isFetching}>
            <Icon name="refresh" size={18} />
            {messages.retry}
          </Button>
        }
      >
        {errorText ? errorText(query.error) : query.error.message}
      </Alert>
    );
  return children ? children(query.data) : null;
}
