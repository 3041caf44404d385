import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { applyPackageRules, packageIsEmpty, type CartInput } from "../../../contract/wallet";
import { formatNumber, formatToman } from "../../../lib/format";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Dialog } from "../../components/ui/dialog";
import { Radio, RadioGroup } from "../../components/ui/radio-group";
import { usePageData } from "../../lib/page-data-context";
import { isCheckoutBusy, useCheckout } from "./checkout";
import { CheckoutActions } from "./checkout-actions";
import { CountField } from "./count-field";
import { walletUi as t } from "./messages";
import { PurchaseSummary } from "./purchase-summary";
import { priceQuery } from "./queries";
import { RetryAlert } from "./retry-alert";
import "./wallet.css";

const CUSTOM = "custom";

function OfferBody({ close }: { close(): void }) {
  const { pricesPackages } = usePageData();
  const { checkout, phase, cancel, balance } = useCheckout();
  const [choice, setChoice] = useState<string>(CUSTOM);
  const [counts, setCounts] = useState({ article: 1, offline_article: 0, limited_article: 0 });
  const ruled = applyPackageRules(counts);
  const price = useQuery({ ...priceQuery(ruled), placeholderData: keepPreviousData, enabled: choice === CUSTOM });
  const pkg = pricesPackages.find((p) => `package_${p.id}` === choice);
  const total = pkg ? pkg.price : price.data && !price.isPlaceholderData ? price.data.sum_total : null;
  const empty = !pkg && packageIsEmpty(ruled);
  const busy = isCheckoutBusy(phase);
  const limitedUnit = price.data?.limited_article.unit_price;
  const packSize = price.data?.limited_article_pack_size ?? 30;

  const buy = async () => {
    if (empty || total === null) return;
    const cart: CartInput = pkg ? { name: `package_${pkg.id}`, title: pkg.title, price: pkg.price } : { name: ruled, title: t.packageOffer.title, price: total };
    if (await checkout({ cart, price: total })) close();
  };

  return (
    <>
      <p className="wallet-muted">{t.packageOffer.intro}</p>
      <RadioGroup label={t.packageOffer.choose} value={choice} onChange={setChoice} layout="column" className="wallet-offer__choices">
        {pricesPackages.map((p) => (
          <Radio key={p.id} value={`package_${p.id}`}>
            <span className="wallet-offer__pkg">
              <strong>{p.title}</strong> — {t.packageOffer.articles(formatNumber(p.articles))} — {formatToman(p.price)}
            </span>
          </Radio>
        ))}
        <Radio value={CUSTOM}>{t.packageOffer.custom}</Radio>
      </RadioGroup>
      {choice === CUSTOM && (
        <div className="wallet-offer__custom">
          <CountField
            label={t.packageOffer.article}
            description={price.data ? t.packageOffer.unit(formatToman(price.data.article.unit_price)) : t.packageOffer.countHint}
            value={ruled.article}
            onChange={(n) => setCounts((c) => ({ ...c, article: n }))}
          />
          <CountField
            label={t.packageOffer.offline}
            description={price.data ? t.packageOffer.unit(formatToman(price.data.offline_article.unit_price)) : t.packageOffer.countHint}
            value={counts.offline_article}
            onChange={(n) => setCounts((c) => ({ ...c, offline_article: n }))}
          />
          <Checkbox
            isSelected={counts.limited_article > 0}
            onChange={(on) => setCounts((c) => applyPackageRules({ ...c, limited_article: on ? 1 : 0 }))}
          >
            {t.packageOffer.limited(formatNumber(packSize), limitedUnit ? formatToman(limitedUnit) : "…")}
          </Checkbox>
          {empty && <Alert tone="warning">{t.packageOffer.empty}</Alert>}
          {price.isError && <RetryAlert query={price} title={t.priceFailed} retryLabel={t.reinquire} />}
        </div>
      )}
      <PurchaseSummary price={empty ? 0 : total} balance={balance} phase={phase} />
      <CheckoutActions cancel={cancel} close={close}>
        <Button variant="primary" onPress={() => void buy()} isDisabled={empty || total === null || busy} isPending={busy}>
          {t.buy}
        </Button>
      </CheckoutActions>
    </>
  );
}

/** The package-offer dialog: a price package or custom counts (article, offline, a limited pack). */
export function PackageOfferDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange(isOpen: boolean): void }) {
  return (
    <Dialog title={t.packageOffer.title} width={450} isOpen={isOpen} onOpenChange={onOpenChange}>
      {({ close }) => <OfferBody close={close} />}
    </Dialog>
  );
}
