import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatNumber, formatToman } from "../../../lib/format";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { ProgressBar } from "../../components/ui/progress-bar";
import { isCheckoutBusy, useCheckout } from "./checkout";
import { CheckoutActions } from "./checkout-actions";
import { CountField } from "./count-field";
import { walletUi as t } from "./messages";
import { PriceError } from "./price-error";
import { PurchaseSummary } from "./purchase-summary";
import { priceQuery, spendStandardCredit, standardStatusQuery, useRefreshUserInfo } from "./queries";
import { QueryError } from "../../components/ui/query-state";
import "./wallet.css";

/** Opens the file in a new tab; the tab is opened first (inside the click) so no popup blocker stops it. */
async function openInNewTab(getLink: () => Promise<string | null>) {
  const tab = window.open("about:blank", "_blank");
  try {
    const link = await getLink();
    if (link && tab) tab.location.href = link;
    else tab?.close();
  } catch (e) {
    tab?.close();
    throw e;
  }
}

function StandardBody({ id, close }: { id: number; close(): void }) {
  const queryClient = useQueryClient();
  const status = useQuery(standardStatusQuery(id));
  const refresh = useRefreshUserInfo();
  const [count, setCount] = useState(1);
  const price = useQuery({ ...priceQuery({ standard: count }), placeholderData: keepPreviousData, enabled: status.data?.standard_status === "buy" });
  const { checkout, phase, cancel, balance } = useCheckout();
  const spend = useMutation({
    ...spendStandardCredit(id),
    onSuccess: (r) => {
      queryClient.setQueryData(standardStatusQuery(id).queryKey, r);
      void refresh();
    },
  });

  if (status.isPending) return <ProgressBar label={t.standard.loading} isIndeterminate />;
  if (status.isError) return <QueryError error={status.error} onRetry={() => void status.refetch()} isRetrying={status.isFetching} />;

  const s = status.data;
  const waiting = s.standard_status === "wait" || s.standard_status === "wait_or_credit";
  const busy = isCheckoutBusy(phase) || spend.isPending;
  const total = price.data && !price.isPlaceholderData ? price.data.sum_total : null;

  return (
    <>
      {s.title && (
        <p className="wallet-buy__title">
          <bdi dir="ltr">{s.title}</bdi>
        </p>
      )}
      <p data-testid="standard-status" data-status={s.standard_status}>
        {s.msg}
      </p>
      {s.standard_credit !== undefined && s.standard_status !== "buy" && (
        <p className="wallet-muted">{t.standard.haveCredit(formatNumber(s.standard_credit))}</p>
      )}
      {s.standard_status === "buy" && (
        <>
          <CountField
            label={t.standard.count}
            description={price.data ? t.packageOffer.unit(formatToman(price.data.standard.unit_price)) : t.packageOffer.countHint}
            value={count}
            onChange={setCount}
          />
          <PriceError price={price} />
          <PurchaseSummary price={total} balance={balance} phase={phase} />
        </>
      )}
      {spend.isError && <Alert tone="error">{spend.error.message}</Alert>}
      <CheckoutActions cancel={cancel} close={close} cancelLabel={waiting ? t.standard.wait : t.cancel}>
        {s.standard_status === "buy" && (
          <Button
            variant="primary"
            isDisabled={count <= 0 || total === null || busy}
            isPending={busy}
            onPress={async () => {
              if (total === null) return;
              if (await checkout({ cart: { name: { standard: count }, type: "standard", title: s.title ?? t.standard.title, price: total }, price: total }))
                close();
            }}
          >
            {t.standard.buy}
          </Button>
        )}
        {s.standard_status === "free" && s.download_link && (
          <Button variant="primary" onPress={() => window.open(s.download_link!, "_blank", "noopener")}>
            {t.standard.download}
          </Button>
        )}
        {s.standard_status === "credit" && (
          <Button
            variant="primary"
            isPending={spend.isPending}
            onPress={() => void openInNewTab(async () => (await spend.mutateAsync()).download_link).catch(() => undefined)}
          >
            {t.standard.download}
          </Button>
        )}
        {s.standard_status === "wait_or_credit" && (
          <Button variant="primary" isPending={spend.isPending} onPress={() => spend.mutate()}>
            {t.standard.useCredit}
          </Button>
        )}
      </CheckoutActions>
    </>
  );
}

/** The standard download dialog (search spec §4): status, then buy credits, download, or wait. */
export function StandardDialog({ id, isOpen, onOpenChange }: { id: number; isOpen: boolean; onOpenChange(isOpen: boolean): void }) {
  return (
    <Dialog title={t.standard.title} width={450} isOpen={isOpen} onOpenChange={onOpenChange}>
      {({ close }) => <StandardBody id={id} close={close} />}
    </Dialog>
  );
}
