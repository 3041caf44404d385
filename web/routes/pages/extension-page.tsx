import { ExternalLinkButton, LinkButton } from "../../components/ui/link";
import { siteUrls } from "../../lib/site-urls";
import { PageSection, StaticPage } from "./static-page";

export default function ExtensionPage() {
  return (
    <StaticPage
      title="افزونهٔ مرورگر"
      lead="با افزونهٔ دریافت، در صفحهٔ هر مقاله در سایت ناشر با یک کلیک درخواست دانلود بدهید؛ بدون کپی کردن لینک و رفتن به سایت."
    >
      <PageSection title="افزونه چه می‌کند">
        <ul>
          <li>لینک یا DOI مقاله‌ای را که در حال دیدن آن هستید تشخیص می‌دهد و برای دریافت می‌فرستد.</li>
          <li>نتیجه را در همان صفحه نشان می‌دهد: دانلود آنی، یا پیشنهاد ثبت درخواست آفلاین.</li>
          <li>با همان حساب کاربری سایت کار می‌کند و از اعتبار و موجودی شما استفاده می‌کند.</li>
        </ul>
      </PageSection>
      <PageSection title="نصب">
        <ol className="steps">
          <li>افزونه را برای مرورگر خود (کروم، اج یا فایرفاکس) از فروشگاه افزونه‌های همان مرورگر نصب کنید؛ نشانی دقیق در راهنمای سایت آمده است.</li>
          <li>روی نشان دریافت در نوار ابزار مرورگر بزنید و با حساب کاربری خود وارد شوید.</li>
          <li>در صفحهٔ یک مقاله، دوباره روی نشان بزنید تا درخواست دانلود ثبت شود.</li>
        </ol>
        <div className="site-page__actions">
          <ExternalLinkButton href={`${siteUrls.help}/extension`} variant="primary">
            راهنمای نصب افزونه
          </ExternalLinkButton>
          <LinkButton to="/" hash="link" variant="outline">
            دانلود با لینک یا DOI مقاله
          </LinkButton>
        </div>
      </PageSection>
    </StaticPage>
  );
}
