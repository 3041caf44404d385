import { useQuery } from "@tanstack/react-query";
import { formatNumber, formatToman } from "../../../lib/format";
import { Alert } from "../../components/ui/alert";
import { NativeButton } from "../../components/ui/native-button";
import { Icon } from "../../components/ui/icon";
import { LinkButton } from "../../components/ui/link";
import { ProgressBar } from "../../components/ui/progress-bar";
import { messages } from "../../lib/messages";
import { savePendingIntent } from "../../lib/pending-intent";
import { usePageData } from "../../lib/page-data-context";
import { useUiState } from "../../lib/ui-state";
import { priceQuery } from "../../features/wallet/queries";
import { PageSection, StaticPage } from "./static-page";

// POST /price (accounts spec §7): unit prices of an article, an offline article and the limited pack.
const unitPriceRows: { key: "article" | "offline_article" | "limited_article"; title: string }[] = [
  { key: "article", title: "دانلود آنی هر مقاله" },
  { key: "offline_article", title: "درخواست آفلاین هر مقاله" },
  { key: "limited_article", title: "بستهٔ اعتبار محدود (اعتبار یک ماه)" },
];

function UnitPrices() {
  const query = useQuery({
    ...priceQuery({ article: 1, offline_article: 1, limited_article: 1 }),
    retry: false,
    staleTime: 5 * 60_000,
  });
  if (query.isPending) return <ProgressBar isIndeterminate aria-label="در حال استعلام قیمت‌ها…" />;
  if (query.isError) {
    const status = (query.error as { status?: number }).status ?? 0;
    return (
      <Alert
        tone="error"
        title="استعلام قیمت انجام نشد."
        action={
          <NativeButton variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            <Icon name="refresh" size={18} />
            استعلام دوباره
          </NativeButton>
        }
      >
        {status ? messages.errorCode(status) : messages.network}
      </Alert>
    );
  }
  const rows = unitPriceRows.filter((r) => typeof query.data[r.key]?.unit_price === "number");
  return (
    <table className="price-list">
      <thead>
        <tr>
          <th scope="col">خدمت</th>
          <th scope="col">قیمت</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <td>{r.title}</td>
            <td>{formatToman(query.data[r.key]!.unit_price)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function PricesPage() {
  const { pricesPackages, isGuest } = usePageData();
  const { openDialog } = useUiState();
  const buy = () => {
    // Guests sign in first; the package offer opens when they come back (accounts spec §4).
    if (isGuest) {
      savePendingIntent({ run: "buy" });
      openDialog("login");
    } else openDialog("packageOffer");
  };
  return (
    <StaticPage title="قیمت‌ها" lead="همهٔ قیمت‌ها به تومان است. با خرید بسته، اعتبار ویژه برای دانلود مقاله یا فصل کتاب از همهٔ پایگاه‌ها می‌گیرید.">
      {pricesPackages.length > 0 && (
        <PageSection title="بسته‌ها">
          <div className="package-grid">
            {pricesPackages.map((p) => (
              <div key={p.id} className="card package-card">
                <h3>{p.title}</h3>
                <div className="package-card__count">
                  {formatNumber(p.articles)}
                  <small>اعتبار ویژهٔ نامحدود</small>
                </div>
                <div className="package-card__price">{formatToman(p.price)}</div>
                <p>{p.description}</p>
                <NativeButton variant="primary" onClick={buy}>
                  خرید بسته
                </NativeButton>
              </div>
            ))}
          </div>
        </PageSection>
      )}
      <PageSection title="قیمت خدمات">
        <UnitPrices />
        <p>
          اعتبار محدود یک ماه پس از خرید معتبر است و اعتبار نامحدود محدودیت زمانی ندارد. ثبت درخواست آفلاین رایگان است و هزینهٔ آن پس از بررسی کارشناس اعلام
          می‌شود.
        </p>
      </PageSection>
      <PageSection title="خدمات دیگر">
        <p>
          قیمت همانندجویی، ویرایش گرامر، اکانت SciFinder، اعتبار دانلود استاندارد و دورهٔ هر پایگاه دسترسی مستقیم هنگام سفارش، کنار همان خدمت نمایش داده می‌شود.
        </p>
        <div className="site-page__actions">
          <LinkButton to="/" hash="vip" variant="outline" size="sm">
            همانندجویی و ویرایش گرامر
          </LinkButton>
          <LinkButton to="/" hash="direct" variant="outline" size="sm">
            دسترسی مستقیم
          </LinkButton>
          <LinkButton to="/" hash="standard" variant="outline" size="sm">
            استانداردها
          </LinkButton>
        </div>
      </PageSection>
    </StaticPage>
  );
}
