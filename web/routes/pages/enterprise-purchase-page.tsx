import { toPersianDigits } from "../../../lib/digits";
import { usePageData } from "../../lib/page-data-context";
import { LinkButton } from "../../components/ui/link";
import { PageSection, StaticPage } from "./static-page";

export default function EnterprisePurchasePage() {
  const { contact } = usePageData();
  return (
    <StaticPage title="خرید سازمانی" lead="دانشگاه‌ها، پژوهشگاه‌ها و سازمان‌ها می‌توانند با عقد قرارداد، خدمات دریافت را برای همهٔ اعضای خود فراهم کنند.">
      <PageSection title="امکانات قرارداد سازمانی">
        <ul>
          <li>سهمیهٔ ماهانه برای دانلود مقاله، کتاب، استاندارد و پایان‌نامه، دسترسی مستقیم، همانندجویی و ویرایش گرامر.</li>
          <li>اتصال خودکار اعضا با تأیید ایمیل سازمانی؛ بدون نیاز به توزیع نام کاربری و رمز عبور.</li>
          <li>پنل سازمان برای دیدن آمار مصرف، کاربران، گروه‌های کاربری و مقاله‌های دریافت‌شده.</li>
          <li>صدور فاکتور رسمی و پرداخت سازمانی.</li>
        </ul>
      </PageSection>
      <PageSection title="مراحل همکاری">
        <ol className="steps">
          <li>نیازهای سازمان (تعداد کاربران و خدمات مورد نظر) را از راه ایمیل یا تلفن اعلام کنید.</li>
          <li>پیشنهاد قیمت و پیش‌نویس قرارداد برایتان ارسال می‌شود.</li>
          <li>پس از امضای قرارداد، دامنه‌های ایمیل سازمان ثبت و دسترسی اعضا فعال می‌شود.</li>
          <li>نمایندهٔ سازمان از پنل سازمان مصرف را پیگیری می‌کند.</li>
        </ol>
      </PageSection>
      <PageSection title="ارتباط با واحد فروش سازمانی">
        <p>
          {contact.email && (
            <>
              ایمیل:{" "}
              <a href={`mailto:${contact.email}`}>
                <bdi dir="ltr">{contact.email}</bdi>
              </a>
            </>
          )}
          {contact.phone && (
            <>
              {" "}
              — تلفن:{" "}
              <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>
                <bdi dir="ltr">{toPersianDigits(contact.phone)}</bdi>
              </a>
            </>
          )}
        </p>
        <div className="site-page__actions">
          <LinkButton to="/contact" variant="primary">
            تماس با ما
          </LinkButton>
        </div>
      </PageSection>
    </StaticPage>
  );
}
