import { useSuspenseQuery } from "@tanstack/react-query";
import { useRouter, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import type { PaymentResult } from "../../../../contract/wallet";
import { toPersianDigits } from "../../../../lib/digits";
import { formatNumber, formatToman } from "../../../../lib/format";
import { PageHeading } from "../../../components/shell/page-heading";
import { Alert, type AlertTone } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { LinkButton } from "../../../components/ui/link";
import { QueryBoundary } from "../../../components/ui/query-state";
import { ApiError } from "../../../lib/api";
import { usePageData } from "../../../lib/page-data-context";
import { submitGatewayForm } from "../checkout";
import { walletUi as t } from "../messages";
import { invoiceQuery, paymentQuery } from "../queries";
import "../wallet.css";

const AUTO_CONTINUE_S = 4;
const tones: Record<PaymentResult["status"], AlertTone> = { paid: "success", failed: "error", cancelled: "warning", pending: "info" };

function PaymentView({ id }: { id: string }) {
  const router = useRouter();
  const { data: p } = useSuspenseQuery(paymentQuery(id));
  const [seconds, setSeconds] = useState(AUTO_CONTINUE_S);
  const autoTo = p?.status === "paid" && p.order_status === "completed" && p.redirect ? p.redirect : null;
  useEffect(() => {
    if (!autoTo) return;
    if (seconds <= 0) {
      void router.navigate({ href: autoTo });
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [autoTo, seconds, router]);

  const result = p;
  return (
    <section className="card wallet-card">
      <Alert tone={tones[result.status]} title={t.payment.status[result.status]}>
        <span data-testid="payment-message">{result.message}</span>
      </Alert>
      <dl className="wallet-result">
        <dt>{t.payment.amount}</dt>
        <dd>{formatToman(result.amount)}</dd>
        {result.ref_id && (
          <>
            <dt>{t.payment.ref}</dt>
            <dd>
              <bdi dir="ltr">{toPersianDigits(result.ref_id)}</bdi>
            </dd>
          </>
        )}
        {result.card_pan && (
          <>
            <dt>{t.payment.card}</dt>
            <dd>
              <bdi dir="ltr">{toPersianDigits(result.card_pan)}</bdi>
            </dd>
          </>
        )}
      </dl>
      {autoTo && <p className="wallet-muted">{t.payment.autoContinue(formatNumber(Math.max(0, seconds)))}</p>}
      <div className="wallet-actions">
        <LinkButton to="/profile/financial" variant="outline">
          {t.payment.toWallet}
        </LinkButton>
        {result.redirect && (
          <Button variant="primary" onPress={() => void router.navigate({ href: result.redirect! })}>
            {t.payment.continue}
          </Button>
        )}
      </div>
    </section>
  );
}

function InvoiceView({ id }: { id: string }) {
  const { gateways } = usePageData();
  const { data: inv } = useSuspenseQuery(invoiceQuery(id));
  return (
    <section className="card wallet-card">
      <h2>{t.payment.invoiceTitle}</h2>
      <dl className="wallet-result">
        <dt>{t.invoice.name}</dt>
        <dd>{inv.title}</dd>
        <dt>{t.payment.payee}</dt>
        <dd>{inv.payee}</dd>
        <dt>{t.payment.amount}</dt>
        <dd>{formatToman(inv.amount)}</dd>
      </dl>
      {inv.status === "open" ? (
        <div className="wallet-actions">
          <Button variant="primary" onPress={() => submitGatewayForm(gateways[0] ?? "devbank", { invoice_id: inv.id })}>
            {t.payment.invoicePay}
          </Button>
        </div>
      ) : (
        <Alert tone="success">{t.payment.invoicePaid}</Alert>
      )}
    </section>
  );
}

/** A read that failed: "not found" for an unknown payment, else the server's message (no retry: the page was reached once, from the gateway or a link). */
const failed = (error: Error) => <Alert tone="error">{error instanceof ApiError && error.status === 404 ? t.payment.notFound : error.message}</Alert>;

/** /payment: the result of a card payment (?id=), an invoice to pay (?invoice=), otherwise "wrong page". Its route's loader reads the payment or the invoice. */
export default function Payment() {
  const { id, invoice, error } = useSearch({ from: "/payment" });
  return (
    <div className="container wallet-page">
      <PageHeading title={invoice ? t.payment.invoiceTitle : t.payment.title} />
      {id ? (
        <QueryBoundary label={t.payment.title} renderError={failed}>
          <PaymentView id={id} />
        </QueryBoundary>
      ) : invoice ? (
        <QueryBoundary label={t.payment.invoiceTitle} renderError={(e) => <Alert tone="error">{e.message}</Alert>}>
          <InvoiceView id={invoice} />
        </QueryBoundary>
      ) : error ? (
        <Alert tone="error">{t.payment.notFound}</Alert>
      ) : (
        <Alert tone="error">{t.payment.wrongPage}</Alert>
      )}
    </div>
  );
}
