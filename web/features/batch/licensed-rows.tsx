import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toPersianDigits } from "../../../lib/digits";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { usePageData } from "../../lib/page-data-context";
import { takePendingIntent } from "../../lib/pending-intent";
import { useUiState } from "../../lib/ui-state";
import { batchKeys, licensedQuoteQuery, payLicensedMutation } from "./queries";

const fa = (n: number) => toPersianDigits(n);

const t = {
  title: "دریافت از منابع دارای مجوز",
  count: (n: string) => `${n} مرجع این فهرست در منابع دارای مجوز پیدا شد. دریافت هر کدام یک اعتبار ویژه از حساب شما کم می‌کند؛ هر مدرک فقط یک بار.`,
  credits: (n: string) => `اعتبار ویژهٔ شما: ${n}`,
  university: "اگر قرارداد دانشگاه شما دانلود مقاله را پوشش دهد، ابتدا از سهمیهٔ ماهانهٔ دانشگاه کم می‌شود.",
  payAll: (n: string) => `دریافت ${n} مرجع با ${n} اعتبار`,
  paySome: (n: string) => `دریافت ${n} مرجع با اعتبار فعلی`,
  payQuota: "دریافت با سهمیهٔ دانشگاه",
  buy: (n: string) => `خرید ${n} اعتبار و دریافت همه`,
  paid: (n: string) => `${n} مرجع آمادهٔ دانلود شد.`,
  left: (n: string) => `${n} مرجع هنوز اعتبار لازم دارد.`,
};

/**
 * A reading list's rows found in a licensed source (shown «نیاز به اعتبار»): paid for at once with
 * article credits, or through the package offer for the credits that are missing, which returns
 * to this list once paid and pays for the rows by itself (the purchase was made for them).
 */
export function LicensedRows({ batchId, rows }: { batchId: string; rows: number }) {
  const qc = useQueryClient();
  const { userInfo, universityInfo } = usePageData();
  const { openPackageOffer } = useUiState();
  const quote = useQuery(licensedQuoteQuery(batchId, rows));
  const pay = useMutation({
    ...payLicensedMutation(batchId),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: batchKeys.batch(batchId) });
      void qc.invalidateQueries({ queryKey: batchKeys.licensed(batchId) });
    },
  });
  const count = quote.data?.count ?? 0;
  // Back from buying credits for this list (the bank, or the wallet: the credits just changed): pay now, once.
  useEffect(() => {
    if (count > 0 && !pay.isPending && takePendingIntent((i) => i.run === "batch" && i.batchId === batchId)) pay.mutate();
  }, [count, userInfo?.unlimited_vip_credits, userInfo?.limited_vip_credits.count]);

  if (!quote.data || (count === 0 && !pay.isSuccess)) return null;
  const q = quote.data;
  // The previous quote is shown while the list's count of licensed rows changed under it: its
  // buttons wait for the new one, so nobody buys for one row when two are waiting.
  const stale = quote.isPlaceholderData;
  const payable = Math.min(q.count, q.credits_available);
  return (
    <section className="card stack" aria-labelledby="batch-licensed-title">
      <h2 id="batch-licensed-title" className="batch-offline__title">
        {t.title}
      </h2>
      {pay.isSuccess && (
        <Alert tone={pay.data.left ? "warning" : "success"}>
          {t.paid(fa(pay.data.paid))}
          {pay.data.left > 0 && ` ${t.left(fa(pay.data.left))}`}
        </Alert>
      )}
      {pay.isError && <Alert tone="error">{pay.error.message}</Alert>}
      {q.count > 0 && (
        <>
          <p>{t.count(fa(q.count))}</p>
          <p className="getpdf-muted">{t.credits(fa(q.credits_available))}</p>
          {universityInfo && <p className="getpdf-muted">{t.university}</p>}
          <div className="getpdf-actions">
            {(payable > 0 || universityInfo) && (
              <Button variant="primary" isPending={pay.isPending} isDisabled={stale} onPress={() => pay.mutate()}>
                {q.shortfall === 0 ? t.payAll(fa(q.count)) : payable > 0 ? t.paySome(fa(payable)) : t.payQuota}
              </Button>
            )}
            {q.shortfall > 0 && (
              <Button
                variant={payable > 0 || universityInfo ? "outline" : "primary"}
                isDisabled={pay.isPending || stale}
                onPress={() => openPackageOffer({ need: "article", count: q.shortfall, returnTo: `/batch?id=${encodeURIComponent(batchId)}`, batchId })}
              >
                {t.buy(fa(q.shortfall))}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
