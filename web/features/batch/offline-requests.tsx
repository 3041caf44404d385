import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toPersianDigits } from "../../../lib/digits";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { batchKeys, offlineQuoteQuery, requestOfflineMutation } from "./queries";

const t = {
  title: "درخواست آفلاین برای بقیه",
  quote: (n: string, have: string) => `${n} مرجع در دسترس آنی نیست. ثبت درخواست آفلاین برای همه ${n} اعتبار مقالهٔ آفلاین لازم دارد (هر درخواست یک اعتبار)؛ اعتبار شما: ${have}.`,
  short: (n: string) => `${n} اعتبار کم دارید. ابتدا از صفحهٔ قیمت‌ها بستهٔ اعتبار بخرید.`,
  confirm: (n: string) => `تأیید و ثبت ${n} درخواست آفلاین`,
  done: (n: string) => `${n} درخواست آفلاین ثبت شد. نتیجه در «درخواست‌های آفلاین مقاله» می‌آید.`,
  nothing: "همهٔ مراجع این فهرست یا آماده‌اند یا درخواست آفلاین دارند.",
  prices: "خرید بستهٔ اعتبار",
};

/** Price, then confirm, offline requests for every `offline` row (signed-in users; one credit each). */
export function OfflineRequests({ batchId }: { batchId: string }) {
  const qc = useQueryClient();
  const quote = useQuery(offlineQuoteQuery(batchId));
  const submit = useMutation({ ...requestOfflineMutation(batchId), onSuccess: () => void qc.invalidateQueries({ queryKey: batchKeys.offline(batchId) }) });
  if (!quote.data) return null;
  const q = quote.data;
  return (
    <section className="card stack" aria-labelledby="batch-offline-title">
      <h2 id="batch-offline-title" className="batch-offline__title">
        {t.title}
      </h2>
      {submit.isSuccess && <Alert tone="success">{t.done(toPersianDigits(submit.data.requested))}</Alert>}
      {submit.isError && <Alert tone="error">{submit.error.message}</Alert>}
      {q.count === 0 ? (
        !submit.isSuccess && <p className="getpdf-muted">{t.nothing}</p>
      ) : (
        <>
          <p>{t.quote(toPersianDigits(q.count), toPersianDigits(q.credits_available))}</p>
          {q.shortfall > 0 ? (
            <Alert tone="warning" action={<a href="/prices">{t.prices}</a>}>
              {t.short(toPersianDigits(q.shortfall))}
            </Alert>
          ) : (
            <Button variant="secondary" isDisabled={submit.isPending} onPress={() => submit.mutate()}>
              {t.confirm(toPersianDigits(q.count))}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
