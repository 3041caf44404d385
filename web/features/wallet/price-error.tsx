import type { UseQueryResult } from "@tanstack/react-query";
import { QueryError } from "../../components/ui/query-state";
import { walletUi as t } from "./messages";

/** A purchase dialog's price inquiry failed: says so, with a button that asks again. */
export function PriceError({ price }: { price: UseQueryResult<unknown, Error> }) {
  if (!price.isError) return null;
  return (
    <QueryError error={price.error} onRetry={() => void price.refetch()} isRetrying={price.isFetching} errorTitle={t.priceFailed} retryLabel={t.reinquire} />
  );
}
