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
import { savePendingIntent } from "../../lib/pending-intent";
import type { PackageOfferFor } from "../../lib/ui-state";
import { isCheckoutBusy, useCheckout } from "./checkout";
import { CheckoutActions } from "./checkout-actions";
import { CountField } from "./count-field";
import { walletUi as t } from "./messages";
import { PriceError } from "./price-error";
import { PurchaseSummary } from "./purchase-summary";
import { priceQuery } from "./queries";
import "./wallet.css";

const CUSTOM = "custom";

/** The counts the offer opens with: what the action needs (an offline request needs an offline credit), else one article credit. */
export function initialCounts(purpose: PackageOfferFor | null) {
  const n = Math.min(50, Math.max(1, purpose?.count ?? 1));
  return purpose?.need === "offline_article" ? { article: 0, offline_article: n, limited_article: 0 } : { article: n, offline_article: 0, limited_article: 0 };
}

/**
 * The cart for the custom counts or a package, carrying what the purchase is for: the document
 * (the server's redirect after payment goes back to it, `/?getUrl=` or `/?getOfflineUrl=`) or our page.
 */
export function offerCart(name: CartInput["name"], title: string, price: number, purpose: PackageOfferFor | null): CartInput {
  const cart: CartInput = { name, title, price };
  if (!purpose) return cart;
  if (purpose.returnTo) return { ...cart, return_to: purpose.returnTo };
  if (!purpose.url) return cart;
  return purpose.need === "offline_article"
    ? { ...cart, url: purpose.url, isArticleOffline: true, doi: purpose.doi, desc: purpose.desc }
    : { ...cart, url: purpose.url };
}

/** Kept across the bank's pages, so the page the payment returns to finishes the action (web/lib/pending-intent.ts). */
function rememberPurpose(purpose: PackageOfferFor | null) {
  if (!purpose) return;
  if (purpose.batchId) savePendingIntent({ run: "batch", batchId: purpose.batchId, need: purpose.need });
  else if (purpose.url)
    savePendingIntent({
      run: purpose.need === "offline_article" ? "offline" : "buy",
      url: purpose.url,
      doi: purpose.doi,
      desc: purpose.desc,
      need: purpose.need,
    });
}

function OfferBody({ close, purpose }: { close(): void; purpose: PackageOfferFor | null }) {
  const { pricesPackages } = usePageData();
  const { checkout, phase, cancel, balance } = useCheckout();
  const [choice, setChoice] = useState<string>(CUSTOM);
  const [counts, setCounts] = useState(() => initialCounts(purpose));
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
    const cart = pkg ? offerCart(`package_${pkg.id}`, pkg.title, pkg.price, purpose) : offerCart(ruled, t.packageOffer.title, total, purpose);
    rememberPurpose(purpose);
    if (await checkout({ cart, price: total })) close();
  };

  return (
    <>
      {(purpose?.url || purpose?.batchId) && (
        <Alert tone="info">
          {purpose!.batchId
            ? t.packageOffer.forList(formatNumber(purpose!.count ?? 1))
            : purpose!.need === "offline_article"
              ? t.packageOffer.forOffline
              : t.packageOffer.forArticle}
        </Alert>
      )}
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
          <Checkbox isSelected={counts.limited_article > 0} onChange={(on) => setCounts((c) => applyPackageRules({ ...c, limited_article: on ? 1 : 0 }))}>
            {t.packageOffer.limited(formatNumber(packSize), limitedUnit ? formatToman(limitedUnit) : "…")}
          </Checkbox>
          {empty && <Alert tone="warning">{t.packageOffer.empty}</Alert>}
          <PriceError price={price} />
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
export function PackageOfferDialog({
  isOpen,
  onOpenChange,
  purpose = null,
}: {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  purpose?: PackageOfferFor | null;
}) {
  return (
    <Dialog title={t.packageOffer.title} width={450} isOpen={isOpen} onOpenChange={onOpenChange}>
      {({ close }) => <OfferBody close={close} purpose={purpose} />}
    </Dialog>
  );
}
