import type { CartInput } from "../../../contract/wallet";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { isCheckoutBusy, useCheckout } from "./checkout";
import { CheckoutActions } from "./checkout-actions";
import { walletUi as t } from "./messages";
import { PurchaseSummary } from "./purchase-summary";
import "./wallet.css";

export type BuyDialogProps = {
  cart: CartInput;
  /** What is bought, shown as the dialog's heading (Latin titles are isolated left-to-right). */
  title: string;
  /** The displayed price (toman); the server prices the cart again and is the one that counts. */
  price: number;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /** The direct-access basket: the gateway opens after 1 s instead of 3 s. */
  basket?: boolean;
  /**
   * The member's contract lists this product: the order goes to the server first, which takes it
   * from the monthly quota at no charge, or prices it in full (then wallet, or card for the shortfall).
   */
  university?: boolean;
};

function BuyBody({ cart, title, price, basket, university, close }: Omit<BuyDialogProps, "isOpen" | "onOpenChange"> & { close(): void }) {
  const { checkout, phase, cancel, balance } = useCheckout();
  const busy = isCheckoutBusy(phase);
  return (
    <>
      <p className="wallet-buy__title">
        <bdi>{title}</bdi>
      </p>
      <PurchaseSummary price={price} balance={balance} phase={phase} university={university} />
      <CheckoutActions cancel={cancel} close={close}>
        <Button
          variant="primary"
          isPending={busy}
          isDisabled={busy}
          onPress={async () => {
            if (await checkout({ cart, price: university ? 0 : price, basket })) close();
          }}
        >
          {t.buy}
        </Button>
      </CheckoutActions>
    </>
  );
}

/** The buy dialog for any product: a cart, its title and price; wallet or card for the shortfall. */
export function BuyDialog({ isOpen, onOpenChange, ...rest }: BuyDialogProps) {
  return (
    <Dialog title={t.buyDialog.title} width={400} isOpen={isOpen} onOpenChange={onOpenChange}>
      {({ close }) => <BuyBody {...rest} close={close} />}
    </Dialog>
  );
}
