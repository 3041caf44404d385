import { useState } from "react";
import type { BasketItem } from "../../../contract/direct-access";
import { formatNumber, formatToman } from "../../../lib/format";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Icon } from "../../components/ui/icon";
import { useUniversityGrants } from "../../lib/page-data-context";
import { basketCart, isCheckoutBusy, useCheckout } from "../wallet/checkout";
import { CheckoutActions } from "../wallet/checkout-actions";
import { PurchaseSummary } from "../wallet/purchase-summary";
import { vipUi } from "./messages";

const t = vipUi.basket;

/** The floating basket button (only while the basket holds something) and the basket dialog. */
export function Basket({ items, onRemove }: { items: BasketItem[]; onRemove(id: number): void }) {
  const [open, setOpen] = useState(false);
  if (!items.length) return null;
  return (
    <>
      <Button variant="primary" className="vip-basket-fab" onPress={() => setOpen(true)} aria-label={t.button(formatNumber(items.length))}>
        <Icon name="wallet" size={22} />
        <span className="vip-basket-fab__label">{t.title}</span>
        <span className="vip-basket-fab__count" aria-hidden="true">
          {formatNumber(items.length)}
        </span>
      </Button>
      <Dialog title={t.title} width={450} isOpen={open} onOpenChange={setOpen}>
        {({ close }) => <BasketBody items={items} onRemove={onRemove} close={close} />}
      </Dialog>
    </>
  );
}

function BasketBody({ items, onRemove, close }: { items: BasketItem[]; onRemove(id: number): void; close(): void }) {
  const { checkout, phase, cancel, balance } = useCheckout();
  const total = items.reduce((s, i) => s + i.price, 0);
  // direct_access covers any site; tez_download the thesis databases (the server knows which).
  const allSites = useUniversityGrants("direct_access");
  const theses = useUniversityGrants("tez_download");
  const university = allSites || theses;
  const busy = isCheckoutBusy(phase);
  return (
    <>
      <ul className="vip-basket" aria-label={t.title}>
        {items.map((i) => (
          <li key={i.id} className="vip-basket__item">
            <div>
              <bdi dir="ltr" className="vip-basket__name">
                {i.name}
              </bdi>
              <div className="vip-muted">
                {t.days(formatNumber(i.period))} — {formatToman(i.price)}
              </div>
            </div>
            <Button variant="ghost" size="sm" iconOnly aria-label={t.remove(i.name)} isDisabled={busy} onPress={() => onRemove(i.id)}>
              <Icon name="close" size={18} />
            </Button>
          </li>
        ))}
      </ul>
      <PurchaseSummary price={total} balance={balance} phase={phase} university={university} />
      <CheckoutActions cancel={cancel} close={close} cancelLabel={t.cancel} className="vip-actions">
        <Button
          variant="primary"
          isPending={busy}
          isDisabled={busy}
          onPress={async () => {
            // A member's contract may cover it: the server decides (quota), so the order goes first.
            if (await checkout({ cart: basketCart(items, t.cartTitle(formatNumber(items.length))), price: university ? 0 : total, basket: true })) close();
          }}
        >
          {t.checkout}
        </Button>
      </CheckoutActions>
    </>
  );
}
