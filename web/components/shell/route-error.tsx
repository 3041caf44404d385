import { useQueryErrorResetBoundary } from "@tanstack/react-query";
import { useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { ApiError } from "../../lib/api";
import { QueryError } from "../ui/query-state";
import { shellMessages as m } from "./messages";
import { PageHeading } from "./page-heading";

/**
 * A page that failed to load (its code, or a read no boundary of the page caught): the server's
 * Persian message when it sent one, else ours, and a retry that asks again for the page's code and
 * data (its loader runs again, failed queries are read again).
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queries = useQueryErrorResetBoundary();
  return (
    <div className="container page">
      <PageHeading title={m.pageFailed.title} />
      <QueryError
        error={error instanceof Error ? error : new Error(String(error))}
        errorText={(e) => (e instanceof ApiError ? e.message : m.pageFailed.text)}
        onRetry={() => {
          queries.reset();
          reset();
          void router.invalidate();
        }}
      />
    </div>
  );
}
