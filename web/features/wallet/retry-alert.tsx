import type { ReactNode } from "react";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { walletUi as t } from "./messages";

/** A failed query's message with a button that asks again (a price, a balance, a list). */
export function RetryAlert({ query, title, retryLabel = t.retry }: { query: { error: Error; refetch(): unknown }; title?: string; retryLabel?: ReactNode }) {
  return (
    <Alert
      tone="error"
      title={title}
      action={
        <Button size="sm" variant="outline" onPress={() => void query.refetch()}>
          {retryLabel}
        </Button>
      }
    >
      {query.error.message}
    </Alert>
  );
}
