import type { LedgerRow } from "../../../contract/wallet";
import { formatNumber } from "../../../lib/format";
import { walletUi as t } from "./messages";

/** A signed change: "+۱۰" or "−۲۵۹٬۰۰۰ تومان", the sign kept before the digits in the right-to-left line. */
export function Amount({ row }: { row: Pick<LedgerRow, "account" | "delta"> }) {
  return (
    <span className={row.delta > 0 ? "wallet-amount--plus" : "wallet-amount--minus"}>
      <bdi dir="ltr">
        {row.delta > 0 ? "+" : "−"}
        {formatNumber(Math.abs(row.delta))}
      </bdi>
      {row.account === "balance" ? ` ${t.toman}` : ""}
    </span>
  );
}
