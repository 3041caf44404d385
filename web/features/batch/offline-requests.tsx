import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BATCH_OFFLINE_PRODUCT } from "../../../contract/batch";
import { toPersianDigits } from "../../../lib/digits";
import { formatToman } from "../../../lib/format";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Link } from "../../components/ui/link";
import { redirectingText, useCheckout } from "../wallet/checkout";
import { batchKeys, offlineQuoteQuery, requestOfflineMutation } from "./queries";

const fa = (n: number) => toPersianDigits(n);

const t = {
  title: "درخواست آفلاین برای بقیه",
  count: (n: string) => `${n} مرجع در دسترس آنی نیست. برای هر کدام یک درخواست آفلاین ثبت می‌شود (هر درخواست یک اعتبار مقالهٔ آفلاین).`,
  credits: (have: string) => `اعتبار مقالهٔ آفلاین شما: ${have}`,
  covered: (n: string) => `هزینهٔ همه از اعتبار شما کسر می‌شود (${n} اعتبار).`,
  mixed: (fromCredits: string, toBuy: string, unit: string, total: string) =>
    `${fromCredits === "۰" ? "" : `${fromCredits} درخواست از اعتبار شما و `}${toBuy} درخواست از کیف پول (هر کدام ${unit}): جمعاً ${total}.`,
  balance: (b: string) => `موجودی کیف پول: ${b}`,
  viaGateway: "موجودی کیف پول کافی نیست؛ مابه‌التفاوت از درگاه پرداخت بانکی پرداخت می‌شود.",
  confirmCredits: (n: string) => `تأیید و ثبت ${n} درخواست آفلاین`,
  confirmWallet: (n: string, total: string) => `پرداخت ${total} و ثبت ${n} درخواست آفلاین`,
  done: (n: string) => `${n} درخواست آفلاین ثبت شد. نتیجه در «درخواست‌های آفلاین مقاله» می‌آید.`,
  nothing: "همهٔ مراجع این فهرست یا آماده‌اند یا درخواست آفلاین دارند.",
  already: (n: string) => `${n} مرجع را پیش‌تر درخواست کرده‌اید؛ دوباره هزینه‌ای کسر نمی‌شود.`,
  refused: (n: string) => `${n} مرجع کتاب، استاندارد یا سند فارسی است و درخواست آفلاین مقاله برای آن ثبت نمی‌شود.`,
  noPrice: "قیمت اعتبار آفلاین تعریف نشده است؛ ابتدا از صفحهٔ قیمت‌ها بستهٔ اعتبار بخرید.",
  prices: "خرید بستهٔ اعتبار",
  cancel: "انصراف",
};

/**
 * Price, then confirm, offline requests for every `offline` row (signed-in users): credits first,
 * the wallet (or the card gateway for the difference, as every purchase) for the rest.
 */
export function OfflineRequests({ batchId }: { batchId: string }) {
  const qc = useQueryClient();
  const quote = useQuery(offlineQuoteQuery(batchId));
  const submit = useMutation({ ...requestOfflineMutation(batchId), onSuccess: () => void qc.invalidateQueries({ queryKey: batchKeys.offline(batchId) }) });
  const { checkout, phase, cancel } = useCheckout();
  if (!quote.data) return null;
  const q = quote.data;
  const payWallet = () =>
    void checkout({ cart: { name: BATCH_OFFLINE_PRODUCT, id: batchId, title: t.title }, price: q.wallet_total ?? 0 }).then(
      () => void qc.invalidateQueries({ queryKey: ["batch", batchId, "offline"] }),
    );
  return (
    <section className="card stack" aria-labelledby="batch-offline-title">
      <h2 id="batch-offline-title" className="batch-offline__title">
        {t.title}
      </h2>
      {submit.isSuccess && <Alert tone="success">{t.done(fa(submit.data.requested))}</Alert>}
      {submit.isError && <Alert tone="error">{submit.error.message}</Alert>}
      {phase.kind === "error" && <Alert tone="error">{phase.message}</Alert>}
      {q.already > 0 && <p className="getpdf-muted">{t.already(fa(q.already))}</p>}
      {q.refused > 0 && <p className="getpdf-muted">{t.refused(fa(q.refused))}</p>}
      {q.count === 0 ? (
        !submit.isSuccess && <p className="getpdf-muted">{t.nothing}</p>
      ) : (
        <>
          <p>{t.count(fa(q.count))}</p>
          <p className="getpdf-muted">
            {t.credits(fa(q.credits_available))} · {t.balance(formatToman(q.balance))}
          </p>
          {q.shortfall === 0 ? (
            <>
              <p>{t.covered(fa(q.count))}</p>
              <Button variant="secondary" isDisabled={submit.isPending} onPress={() => submit.mutate()}>
                {t.confirmCredits(fa(q.count))}
              </Button>
            </>
          ) : q.wallet_total === null || q.unit_price === null ? (
            <Alert tone="warning" action={<Link to="/prices">{t.prices}</Link>}>
              {t.noPrice}
            </Alert>
          ) : (
            <>
              <p>{t.mixed(fa(q.count - q.shortfall), fa(q.shortfall), formatToman(q.unit_price), formatToman(q.wallet_total))}</p>
              {q.balance < q.wallet_total && <Alert tone="info">{t.viaGateway}</Alert>}
              {phase.kind === "redirecting" ? (
                <div className="getpdf-actions" role="status">
                  <span>{redirectingText(phase.seconds)}</span>
                  <Button variant="ghost" size="sm" onPress={cancel}>
                    {t.cancel}
                  </Button>
                </div>
              ) : (
                <Button variant="secondary" isDisabled={phase.kind === "ordering"} onPress={payWallet}>
                  {t.confirmWallet(fa(q.count), formatToman(q.wallet_total))}
                </Button>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
