import { useQueryClient } from "@tanstack/react-query";
import { useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { QueryError } from "../ui/query-error";
import { shellMessages as m } from "./messages";
import { PageHeading } from "./page-heading";

/** The server's messages and ours are Persian; a browser's (a chunk that did not load) is not shown. */
const PERSIAN = /[\u0600-\u06FF]/;

/**
 * A page that failed to load (its code, or a read no boundary of the page caught): the server's
 * Persian message when it sent one, else ours, and a retry: the page's failed reads and its loader
 * again, or, for code that did not arrive, the page loaded afresh.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  return (
    <div className="container page">
      <PageHeading title={m.pageFailed.title} />
      <QueryError
        error={error instanceof Error ? error : new Error(String(error))}
        errorText={(e) => (PERSIAN.test(e.message) ? e.message : m.pageFailed.text)}
        onRetry={() => {
          // Code that did not arrive is not asked for again by this document (the browser keeps the
          // failed import): the page loads afresh.
          if (!PERSIAN.test(error instanceof Error ? error.message : "")) return location.reload();
          // Failed reads start again from nothing, so the page's reads ask again when it is drawn.
          void queryClient.resetQueries({ predicate: (q) => q.state.status === "error" });
          reset();
          void router.invalidate();
        }}
      />
    </div>
  );
}
