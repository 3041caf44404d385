import { Icon, type IconName } from "../../components/ui/icon";
import { LinkButton } from "../../components/ui/link";
import { StaticPage } from "./static-page";

type Service = { icon: IconName; title: string; text: string; action: string; hash?: string; to?: "/prices" | "/enterprisePurchase" | "/extension" };

const services: Service[] = [
  {
    icon: "link",
    title: "دانلود آنی با لینک یا DOI مقاله",
    text: "لینک صفحهٔ مقاله در سایت ناشر یا DOI آن را وارد کنید. دریافت نسخه‌های دسترسی آزاد را در پایگاه‌هایی مانند Unpaywall، OpenAlex، arXiv، PubMed Central و DOAJ، و نیز منابع دارای مجوز بررسی می‌کند و در صورت یافتن، فایل PDF را همان لحظه در اختیارتان می‌گذارد.",
    action: "وارد کردن لینک",
    hash: "link",
  },
  {
    icon: "search",
    title: "جستجوی مقاله",
    text: "مقاله‌ها را با کلیدواژه‌ها در Scopus و Crossref جستجو کنید؛ با فیلتر ناشر، موضوع، نوع مدرک و سال انتشار، و برای هر نتیجه درخواست دانلود بدهید.",
    action: "جستجوی مقاله",
    hash: "article",
  },
  {
    icon: "book",
    title: "کتاب، استاندارد، حل‌المسائل و گزارش",
    text: "حدود ۵٫۷ میلیون کتاب (حدود ۱٫۶ میلیون کتاب رایگان)، حل‌المسائل، گزارش‌های فنی و استانداردها را جستجو کنید. درخواست‌های کتاب حداکثر ظرف ۱۲ ساعت پاسخ داده می‌شوند.",
    action: "جستجوی کتاب",
    hash: "book",
  },
  {
    icon: "thesis",
    title: "جستجوی پایان‌نامه",
    text: "بیش از ۳ میلیون پایان‌نامهٔ رایگان دانشگاه‌های خارجی را با فیلتر رشته، زبان و سال جستجو و دانلود کنید.",
    action: "جستجوی پایان‌نامه",
    hash: "tez",
  },
  {
    icon: "offline",
    title: "درخواست آفلاین",
    text: "اگر مدرکی به صورت آنی در دسترس نبود، درخواست آفلاین ثبت کنید. ثبت درخواست رایگان است؛ کارشناسان درخواست را بررسی و قیمت را اعلام می‌کنند و پس از پرداخت، فایل در پنل کاربری شما قرار می‌گیرد. سفارش مدارک فارسی‌زبان امکان‌پذیر نیست.",
    action: "شروع از صفحهٔ اصلی",
    hash: "link",
  },
  {
    icon: "globe",
    title: "دسترسی مستقیم",
    text: "دسترسی دوره‌ای به بیش از ۵۰۰ پایگاه علمی و مهندسی؛ دورهٔ دلخواه هر پایگاه را به سبد خرید بیفزایید و از کیف پول یا درگاه پرداخت بپردازید.",
    action: "مشاهدهٔ پایگاه‌ها",
    hash: "direct",
  },
  {
    icon: "plagiarism",
    title: "همانندجویی (بررسی سرقت علمی)",
    text: "فایل مقاله یا پایان‌نامه (doc، docx یا pdf) را بارگذاری کنید تا گزارش همانندجویی iThenticate پیش از ارسال به مجله برایتان آماده شود.",
    action: "سفارش همانندجویی",
    hash: "vip",
  },
  {
    icon: "edit",
    title: "ویرایش و بررسی گرامر",
    text: "متن انگلیسی خود را (doc یا docx) بفرستید تا نسخهٔ بررسی‌شده با Grammarly همراه با پیشنهادهای اصلاح برایتان ارسال شود.",
    action: "سفارش ویرایش",
    hash: "vip",
  },
  {
    icon: "flask",
    title: "اکانت SciFinder",
    text: "اکانت شخصی CAS SciFinder-n با ضمانت یک‌ماهه برای جستجوی مواد، واکنش‌ها و منابع شیمی.",
    action: "خرید اکانت",
    hash: "vip",
  },
  {
    icon: "building",
    title: "خرید سازمانی",
    text: "دانشگاه‌ها و سازمان‌ها می‌توانند برای اعضای خود سهمیهٔ دانلود، دسترسی مستقیم و همانندجویی بخرند و مصرف را در پنل سازمان ببینند.",
    action: "اطلاعات خرید سازمانی",
    to: "/enterprisePurchase",
  },
  {
    icon: "puzzle",
    title: "افزونهٔ مرورگر",
    text: "در صفحهٔ هر مقاله در سایت ناشر، با یک کلیک درخواست دانلود بدهید؛ بدون کپی کردن لینک.",
    action: "دربارهٔ افزونه",
    to: "/extension",
  },
];

export default function ServicesPage() {
  return (
    <StaticPage
      title="خدمات سایت"
      lead="دریافت مدارک علمی خارجی را فقط از منابع قانونی تهیه می‌کند: نسخه‌های دسترسی آزاد و منابعی که مجوز ارائهٔ آن‌ها را داریم. آنچه به صورت آنی در دسترس نباشد، با درخواست آفلاین توسط کارشناسان تهیه می‌شود."
    >
      <div className="service-grid">
        {services.map((s) => (
          <section key={s.title} className="card service-card">
            <div className="service-card__head">
              <Icon name={s.icon} size={28} />
              <h2>{s.title}</h2>
            </div>
            <p>{s.text}</p>
            {s.to ? (
              <LinkButton to={s.to} variant="outline" size="sm">
                {s.action}
              </LinkButton>
            ) : (
              <LinkButton to="/" hash={s.hash} variant="outline" size="sm">
                {s.action}
              </LinkButton>
            )}
          </section>
        ))}
      </div>
    </StaticPage>
  );
}
