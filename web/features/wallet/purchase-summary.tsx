import { formatToman } from "../../../lib/format";
import { Alert } from "../../components/ui/alert";
import { redirectingText, type CheckoutPhase } from "./checkout";
import { walletUi as t } from "./messages";

/** Price, balance and how the purchase will be paid (wallet, or card for the shortfall). */
/** `university`: the member's contract may cover it (the server decides with the monthly quota). */
export function PurchaseSummary({ price, balance, phase, university }: { price: number | null; balance: number; phase: CheckoutPhase; university?: boolean }) {
  return (
    <div className="wallet-summary">
      <dl className="wallet-summary__list">
        <div>
          <dt>{t.total}</dt>
          <dd data-testid="purchase-total">{price === null ? "…" : formatToman(price)}</dd>
        </div>
        <div>
          <dt>{t.balance}</dt>
          <dd>{formatToman(balance)}</dd>
        </div>
      </dl>
      {university ? (
        <p className="wallet-summary__how" data-testid="university-cover">
          {t.universityCover}
        </p>
      ) : (
        price !== null && price > 0 && <p className="wallet-summary__how">{balance >= price ? t.fromWallet : t.shortfall(formatToman(price - balance))}</p>
      )}
      {phase.kind === "redirecting" && (
        <Alert tone="info">
          <span data-testid="gateway-countdown">{redirectingText(phase.seconds)}</span>
        </Alert>
      )}
      {phase.kind === "error" && <Alert tone="error">{phase.message}</Alert>}
    </div>
  );
}
