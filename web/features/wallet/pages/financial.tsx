import { useSuspenseQuery } from "@tanstack/react-query";
import { useState, useTransition } from "react";
import { formatJalaliDate, formatNumber, formatToman } from "../../../../lib/format";
import { PageHeading } from "../../../components/shell/page-heading";
import { Button } from "../../../components/ui/button";
import { NumberField } from "../../../components/ui/number-field";
import { Pagination } from "../../../components/ui/pagination";
import { QueryBoundary, QueryError } from "../../../components/ui/query-state";
import { usePageData } from "../../../lib/page-data-context";
import { submitGatewayForm } from "../checkout";
import { PackageOfferDialog } from "../package-offer-dialog";
import { walletUi as t } from "../messages";
import { LedgerTable } from "../ledger-table";
import { ledgerQuery, useBalanceQuery } from "../queries";
import "../wallet.css";

const MIN_TOPUP = 1000;

function Balances() {
  const { userInfo } = usePageData();
  const balance = useBalanceQuery();
  if (!userInfo) return null;
  const limited = userInfo.limited_vip_credits;
  return (
    <section className="card wallet-card" aria-labelledby="wallet-balances">
      <h2 id="wallet-balances">{t.financial.balances}</h2>
      {balance.isError && (
        <QueryError error={balance.error} onRetry={() => void balance.refetch()} isRetrying={balance.isFetching} errorTitle={t.balanceFailed} />
      )}
      <dl className="wallet-balances">
        <div>
          <dt>{t.accounts.balance}</dt>
          <dd data-testid="financial-balance">{formatToman(userInfo.balance)}</dd>
        </div>
        <div>
          <dt>{t.accounts.unlimited_article_credit}</dt>
          <dd data-testid="financial-unlimited">{formatNumber(userInfo.unlimited_vip_credits)}</dd>
        </div>
        <div>
          <dt>{t.accounts.limited_article_credit}</dt>
          <dd data-testid="financial-limited">
            {formatNumber(limited.count)}
            {limited.count > 0 && limited.expiration && <small> ({t.financial.limitedUntil(formatJalaliDate(limited.expiration))})</small>}
          </dd>
        </div>
        <div>
          <dt>{t.accounts.offline_article_credit}</dt>
          <dd>{formatNumber(userInfo.offline_article_credit)}</dd>
        </div>
        <div>
          <dt>{t.accounts.standard_credit}</dt>
          <dd>{formatNumber(userInfo.standard_credit)}</dd>
        </div>
      </dl>
    </section>
  );
}

function TopUp() {
  const { gateways } = usePageData();
  // A dialog of this page's own, so the page works whether or not the shell mounts WalletDialogs.
  const [offerOpen, setOfferOpen] = useState(false);
  const [amount, setAmount] = useState(50_000);
  const tooSmall = !Number.isFinite(amount) || amount < MIN_TOPUP;
  return (
    <section className="card wallet-card" aria-labelledby="wallet-topup">
      <h2 id="wallet-topup">{t.financial.topUp}</h2>
      <div className="wallet-inline">
        <NumberField
          label={t.financial.amount}
          description={t.financial.amountHint}
          minValue={MIN_TOPUP}
          step={1000}
          value={amount}
          onChange={setAmount}
          isInvalid={tooSmall}
          errorMessage={tooSmall ? t.financial.amountTooSmall : undefined}
        />
        <Button variant="primary" isDisabled={tooSmall} onPress={() => submitGatewayForm(gateways[0] ?? "devbank", { amount: String(Math.trunc(amount)) })}>
          {t.pay}
        </Button>
        <Button variant="outline" onPress={() => setOfferOpen(true)}>
          {t.financial.buyPackage}
        </Button>
      </div>
      {offerOpen && <PackageOfferDialog isOpen onOpenChange={setOfferOpen} />}
    </section>
  );
}

function Ledger() {
  const [page, setPage] = useState(1);
  // The next page's rows replace these when they arrive (no loading state in between).
  const [paging, startPaging] = useTransition();
  return (
    <section className="card wallet-card" aria-labelledby="wallet-ledger" aria-busy={paging}>
      <h2 id="wallet-ledger">{t.financial.ledger}</h2>
      <QueryBoundary label={t.financial.ledger}>
        <LedgerRows page={page} onPage={(p) => startPaging(() => setPage(p))} />
      </QueryBoundary>
    </section>
  );
}

function LedgerRows({ page, onPage }: { page: number; onPage(page: number): void }) {
  const { data } = useSuspenseQuery(ledgerQuery(page));
  if (data.total === 0) return <p className="wallet-muted">{t.financial.empty}</p>;
  return (
    <>
      <LedgerTable caption={t.financial.ledgerCaption} rows={data.data} showNote={(r) => r.reason === "admin_adjust"} />
      <Pagination page={page} pages={data.total_pages} onChange={onPage} label={t.financial.ledger} />
    </>
  );
}

/** /profile/financial: balances and credits, top-up by card, and the ledger with Solar Hijri dates (its route's loader reads the balance and the ledger's first page). */
export default function Financial() {
  return (
    <div className="container wallet-page">
      <PageHeading title={t.financial.title} />
      <Balances />
      <TopUp />
      <Ledger />
    </div>
  );
}
