import { toPersianDigits } from "../../../lib/digits";
import { Icon } from "../../components/ui/icon";
import { ExternalLink, Link } from "../../components/ui/link";
import { usePageData } from "../../lib/page-data-context";
import { PageSection, StaticPage } from "./static-page";

export default function ContactPage() {
  const { contact } = usePageData();
  return (
    <StaticPage title="تماس با ما" lead="پرسش، پیشنهاد یا مشکلی دارید؟ از راه‌های زیر با پشتیبانی دریافت در تماس باشید.">
      <PageSection title="راه‌های ارتباط">
        <ul className="contact-list">
          {contact.phone && (
            <li>
              <Icon name="phone" />
              <span>تلفن پشتیبانی:</span>
              <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>
                <bdi dir="ltr">{toPersianDigits(contact.phone)}</bdi>
              </a>
            </li>
          )}
          {contact.email && (
            <li>
              <Icon name="mail" />
              <span>ایمیل:</span>
              <a href={`mailto:${contact.email}`}>
                <bdi dir="ltr">{contact.email}</bdi>
              </a>
            </li>
          )}
          <li>
            <Icon name="clock" />
            <span>ساعات پاسخ‌گویی تلفنی: {contact.hours || "۹ تا ۱۷ به جز جمعه‌ها"}</span>
          </li>
        </ul>
        {contact.social.length > 0 && (
          <>
            <h3>شبکه‌های اجتماعی</h3>
            <ul>
              {contact.social.map((s) => (
                <li key={s.href}>
                  <ExternalLink href={s.href}>{s.name}</ExternalLink>
                </li>
              ))}
            </ul>
          </>
        )}
      </PageSection>
      <PageSection title="پیش از تماس">
        <ul>
          <li>
            وضعیت درخواست‌های آفلاین را در <Link to="/profile/offilneArticles">درخواست‌های آفلاین مقاله</Link> و{" "}
            <Link to="/profile/offlineBooksStandards">درخواست‌های آفلاین کتاب و استاندارد</Link> ببینید.
          </li>
          <li>درخواست‌های کتاب حداکثر ظرف ۱۲ ساعت پاسخ داده می‌شوند.</li>
          <li>
            تراکنش‌ها و موجودی کیف پول در <Link to="/profile/financial">کیف پول و تراکنش‌ها</Link> ثبت است؛ اگر پرداختی انجام شد ولی موجودی افزایش نیافت، شمارهٔ
            پیگیری بانک را همراه پیام خود بفرستید.
          </li>
        </ul>
      </PageSection>
    </StaticPage>
  );
}
