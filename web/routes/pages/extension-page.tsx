import { buttonClass } from "../../components/ui/button";
import { LinkButton } from "../../components/ui/link";
import { Bookmarklet } from "./bookmarklet";
import { PageSection, StaticPage } from "./static-page";
import "./extension-page.css";

/** The packed extension the build writes next to the site's assets (scripts/build-extension.ts). */
const ZIPS = { chromium: "/extension/daryaft-chromium.zip", firefox: "/extension/daryaft-firefox.zip" };

function Download({ href, children }: { href: string; children: string }) {
  // A plain link with `download`: the router must not take it, and the file comes from this site.
  return (
    <a className={buttonClass({ variant: "primary" })} href={href} download>
      {children}
    </a>
  );
}

export default function ExtensionPage() {
  return (
    <StaticPage
      title="افزونهٔ مرورگر"
      lead="در صفحهٔ هر مقاله در سایت ناشر روی نشان دریافت بزنید: افزونه شناسهٔ مقاله را از همان صفحه می‌خواند و نتیجهٔ دریافت را همان‌جا نشان می‌دهد؛ بدون کپی کردن لینک و رفتن به سایت."
    >
      <PageSection title="افزونه چه می‌کند" id="extension-what">
        <ul>
          <li>فقط وقتی روی نشانش می‌زنید، DOI، عنوان و لینک مقاله را از برچسب‌های صفحه (و متنی که انتخاب کرده‌اید) می‌خواند؛ محتوای صفحه هرگز فرستاده نمی‌شود.</li>
          <li>نتیجه را در پنجرهٔ کوچک خودش نشان می‌دهد: دکمهٔ دانلود، پیشنهاد خرید اعتبار، یا ثبت درخواست آفلاین.</li>
          <li>با حساب کاربری شما در همین سایت کار می‌کند؛ اگر وارد نشده باشید، مقاله را در سایت دریافت باز می‌کند.</li>
          <li>
            فقط دو مجوز می‌خواهد: دسترسی به زبانهٔ فعلی هنگام کلیک (<bdi dir="ltr">activeTab</bdi>) و اجرای خواننده در آن (<bdi dir="ltr">scripting</bdi>)؛ به هیچ
            سایت دیگری دسترسی ندارد.
          </li>
        </ul>
        <figure className="extension-shots">
          <img
            src="/extension/popup-found.png"
            width="340"
            height="345"
            alt="پنجرهٔ افزونه در صفحهٔ یک مقاله: عنوان و DOI پیدا شده و در حال پردازش"
            loading="lazy"
          />
          <img src="/extension/popup-ok.png" width="340" height="472" alt="پنجرهٔ افزونه پس از پایان: عملیات با موفقیت انجام شد و دکمهٔ دانلود" loading="lazy" />
          <figcaption>پنجرهٔ افزونه در صفحهٔ یک مقاله: آنچه پیدا شد، و نتیجه با دکمهٔ دانلود.</figcaption>
        </figure>
      </PageSection>

      <PageSection title="نصب در کروم، اج، بریو و دیگر مرورگرهای کرومیومی" id="extension-chromium">
        <p>افزونه در فروشگاه‌های افزونه منتشر نشده است؛ آن را از همین سایت بگیرید و یک بار به‌صورت دستی نصب کنید.</p>
        <ol className="steps">
          <li>فایل افزونه را دانلود کنید و آن را در یک پوشهٔ ماندگار از حالت فشرده خارج کنید.</li>
          <li>
            نشانی <bdi dir="ltr">chrome://extensions</bdi> را باز کنید (در اج: <bdi dir="ltr">edge://extensions</bdi>) و «حالت توسعه‌دهنده» (
            <bdi dir="ltr">Developer mode</bdi>) را روشن کنید.
          </li>
          <li>
            دکمهٔ «بارگذاری پوشهٔ بازشده» (<bdi dir="ltr">Load unpacked</bdi>) را بزنید و همان پوشه را انتخاب کنید.
          </li>
          <li>از منوی افزونه‌ها، دریافت را به نوار ابزار سنجاق کنید. پوشه را پاک نکنید؛ افزونه از همان‌جا اجرا می‌شود.</li>
        </ol>
        <div className="site-page__actions">
          <Download href={ZIPS.chromium}>دانلود افزونه برای کروم و اج</Download>
        </div>
      </PageSection>

      <PageSection title="نصب در فایرفاکس" id="extension-firefox">
        <ol className="steps">
          <li>فایل افزونهٔ فایرفاکس را دانلود کنید.</li>
          <li>
            نشانی <bdi dir="ltr">about:debugging#/runtime/this-firefox</bdi> را باز کنید، «بارگذاری افزونهٔ موقت» (<bdi dir="ltr">Load Temporary Add-on</bdi>) را
            بزنید و فایل دانلودشده را انتخاب کنید.
          </li>
          <li>
            نصب موقت تا بستن فایرفاکس می‌ماند. فایرفاکس معمولی فقط افزونهٔ امضاشده را برای همیشه نصب می‌کند؛ نسخهٔ امضاشده پس از انتشار از همین صفحه در دسترس خواهد
            بود.
          </li>
        </ol>
        <div className="site-page__actions">
          <Download href={ZIPS.firefox}>دانلود افزونه برای فایرفاکس</Download>
        </div>
      </PageSection>

      <PageSection title="بوکمارکلت: برای موبایل و مرورگرهای بدون افزونه" id="extension-bookmarklet">
        <p id="bookmarklet-help">
          بوکمارکلت همان خوانندهٔ افزونه است در قالب یک نشانک: در صفحهٔ مقاله آن را بزنید تا مقاله در سایت دریافت باز شود. در رایانه، پیوند زیر را با ماوس به نوار
          نشانک‌ها بکشید. در موبایل، کد را کپی کنید، یک صفحه را نشانک کنید، نشانی آن نشانک را با کد کپی‌شده جایگزین کنید و نامش را «دریافت» بگذارید؛ سپس در صفحهٔ
          مقاله، «دریافت» را در نوار نشانی بنویسید و نشانک را انتخاب کنید.
        </p>
        <Bookmarklet />
      </PageSection>

      <div className="site-page__actions">
        <LinkButton to="/" hash="link" variant="outline">
          دانلود با لینک یا DOI مقاله در سایت
        </LinkButton>
      </div>
    </StaticPage>
  );
}
