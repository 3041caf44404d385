/**
 * The library's watcher, where the library is (/profile/booksAndArticles): the notices it found about
 * papers the user received (retracted, withdrawn, corrected, under an expression of concern), newest
 * first with Jalali dates, and the switch that turns them off (the watcher then tells nobody).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatJalaliDate } from "../../../lib/format";
import { Checkbox } from "../../components/ui/checkbox";
import { QueryState } from "../../components/ui/query-state";
import { toast } from "../../components/ui/toast";
import { getpdfUi } from "./messages";
import { getpdfKeys, libraryNoticeSettingsMutation, libraryNoticesQuery } from "./queries";

export const libraryNoticesUi = {
  title: "هشدارهای ناشر دربارهٔ مقاله‌های شما",
  intro: "دریافت هر روز DOIهای مقاله‌هایی را که گرفته‌اید با Crossref بررسی می‌کند و اگر مقاله‌ای بازپس‌گرفته، اصلاح یا محل تردید شود، به شما خبر می‌دهد.",
  switchLabel: "این هشدارها را با ایمیل و پیامک و در سایت برایم بفرست",
  none: "تاکنون هشداری دربارهٔ مقاله‌های شما نیامده است.",
  saved: (on: boolean) => (on ? "هشدارها روشن شد." : "هشدارها خاموش شد؛ دیگر خبری نمی‌فرستیم."),
  notice: "اطلاعیه",
} as const;

const t = libraryNoticesUi;

export function LibraryNotices() {
  const qc = useQueryClient();
  const q = useQuery(libraryNoticesQuery());
  const save = useMutation({
    ...libraryNoticeSettingsMutation(),
    onSuccess: (fresh) => {
      qc.setQueryData(getpdfKeys.libraryNotices, fresh);
      toast.success(t.saved(fresh.enabled));
    },
    onError: (err) => toast.error(err.message),
  });
  return (
    <section className="card stack library-notices" aria-labelledby="library-notices-title">
      <h2 id="library-notices-title" className="library-notices__title">
        {t.title}
      </h2>
      <p className="getpdf-muted">{t.intro}</p>
      <QueryState query={q} label={t.title}>
        {(data) => (
          <>
            <Checkbox isSelected={data.enabled} isDisabled={save.isPending} onChange={(on) => save.mutate(on)}>
              {t.switchLabel}
            </Checkbox>
            {data.notices.length === 0 ? (
              <p className="getpdf-muted">{t.none}</p>
            ) : (
              <ul className="library-notices__list">
                {data.notices.map((n) => (
                  <li key={`${n.doi}-${n.notice_doi}`} className="library-notices__item">
                    <strong>{getpdfUi.notices.titles[n.kind] ?? n.text}</strong>
                    <bdi dir="ltr" className="getpdf-doc__title">
                      {n.title ?? n.doi}
                    </bdi>
                    <span className="getpdf-muted">
                      {formatJalaliDate(n.created_at)} ·{" "}
                      <a href={`https://doi.org/${encodeURIComponent(n.notice_doi).replace(/%2F/g, "/")}`} target="_blank" rel="noreferrer">
                        {t.notice}
                      </a>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
