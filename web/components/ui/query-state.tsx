import { QueryErrorResetBoundary, type UseQueryResult } from "@tanstack/react-query";
import { Component, Suspense, type ReactNode } from "react";
import { messages } from "../../lib/messages";
import { ProgressBar } from "./progress-bar";
import { QueryError } from "./query-error";

export { QueryError };

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

/** The one loading state: an indeterminate bar named for screen readers. */
export function Loading({ label = messages.loading }: { label?: string }) {
  return <ProgressBar isIndeterminate aria-label={label} />;
}

/** The one query state: a loading bar, or the error with a retry button, or the content. */
export function QueryState<T>({ query, label, children, errorText, errorTitle }: QueryStateProps<T>) {
  if (query.isPending) return <Loading label={label} />;
  if (query.isError)
    return <QueryError error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} errorText={errorText} errorTitle={errorTitle} />;
  return children ? children(query.data) : null;
}

type CatchProps = { children: ReactNode; fallback(error: Error, retry: () => void): ReactNode; onReset(): void };

class CatchError extends Component<CatchProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
  retry = () => {
    this.props.onReset();
    this.setState({ error: null });
  };
  override render() {
    return this.state.error ? this.props.fallback(this.state.error, this.retry) : this.props.children;
  }
}

/**
 * The same states for the suspending queries (`useSuspenseQuery`) below it: the loading bar while
 * they wait, the error with a retry that asks again. A route's loader usually has the data in the
 * cache already, so this shows only when it has not (a page or filter the loader did not load, a
 * failed read).
 */
export function QueryBoundary({
  children,
  label,
  errorText,
  errorTitle,
  renderError,
}: {
  children: ReactNode;
  /** A view of its own for a failed read (a page's "not found"), instead of the error with a retry. */
  renderError?: (error: Error, retry: () => void) => ReactNode;
} & Pick<QueryStateProps<unknown>, "label" | "errorText" | "errorTitle">) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <CatchError
          onReset={reset}
          fallback={renderError ?? ((error, retry) => <QueryError error={error} onRetry={retry} errorText={errorText} errorTitle={errorTitle} />)}
        >
          <Suspense fallback={<Loading label={label} />}>{children}</Suspense>
        </CatchError>
      )}
    </QueryErrorResetBoundary>
  );
}
