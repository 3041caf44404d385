import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { ProgressBar } from "../../components/ui/progress-bar";
import { panelMessages as m } from "./messages";

/** Loading bar, or the error with a retry button, or the content. */
export function QueryState<T>({ query, label, children }: { query: UseQueryResult<T>; label: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <ProgressBar isIndeterminate aria-label={label} />;
  if (query.isError)
    return (
      <Alert
        tone="error"
        action={
          <Button size="sm" variant="outline" onPress={() => void query.refetch()} isDisabled={query.isFetching}>
            <Icon name="refresh" size={18} />
            {m.retry}
          </Button>
        }
      >
        {query.error.message}
      </Alert>
    );
  return <>{children(query.data)}</>;
}

export function Pager({ page, total, perPage, onChange }: { page: number; total: number; perPage: number; onChange: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav className="panel-pager" aria-label={m.pager.label}>
      <Button variant="ghost" size="sm" isDisabled={page <= 1} onPress={() => onChange(page - 1)}>
        <Icon name="chevronRight" size={18} />
        {m.pager.previous}
      </Button>
      <span aria-live="polite">{m.pager.page(page, pages)}</span>
      <Button variant="ghost" size="sm" isDisabled={page >= pages} onPress={() => onChange(page + 1)}>
        {m.pager.next}
        <Icon name="chevronLeft" size={18} />
      </Button>
    </nav>
  );
}
