// Persian interface content for the local demo site: news ticker, blog posts in
// the footer, contracted institutions, VIP services, price list, packages,
// links, contact block and the home page's "sources used" claims.
// Every institution, address, phone number and handle here is fictional.
// Prices are whole toman.
import type { UniversityAccessKey } from "../../contract/university-access";

export type NewsItem = {
  title: string;
  /** Age of the item when seeded; the seeder turns it into created_at. */
  daysAgo: number;
};

export const news: NewsItem[] = [
  { title: "پایگاه Reaxys به فهرست دسترسی مستقیم افزوده شد.", daysAgo: 1 },
  { title: "جستجوی استانداردهای ASME و API با شمارهٔ استاندارد امکان‌پذیر شد.", daysAgo: 3 },
  { title: "از این پس هزینهٔ درخواست آفلاین را می‌توانید از کیف پول بپردازید.", daysAgo: 5 },
  { title: "بستهٔ اعتبار محدود ۳۰ مقاله‌ای با اعتبار یک‌ماهه عرضه شد.", daysAgo: 8 },
  { title: "بیش از ۱٫۶ میلیون کتاب دسترسی آزاد به جستجوی کتاب اضافه شد.", daysAgo: 12 },
  { title: "ساعات پاسخ‌گویی تلفنی: ۹ تا ۱۷ به جز جمعه‌ها.", daysAgo: 15 },
  { title: "خدمت همانندجویی (بررسی سرقت علمی) با گزارش iThenticate فعال شد.", daysAgo: 20 },
  { title: "درخواست‌های کتاب حداکثر ظرف ۱۲ ساعت پاسخ داده می‌شوند.", daysAgo: 26 },
  { title: "سه دانشگاه جدید به فهرست دانشگاه‌ها و سازمان‌های طرف قرارداد افزوده شدند.", daysAgo: 33 },
  { title: "افزونهٔ مرورگر دریافت برای کروم و فایرفاکس به‌روزرسانی شد.", daysAgo: 41 },
  { title: "سفارش مدارک فارسی‌زبان امکان‌پذیر نیست؛ لطفاً فقط مدارک خارجی را ثبت کنید.", daysAgo: 50 },
  { title: "جستجوی پایان‌نامه‌های دسترسی آزاد با فیلتر رشته و زبان در دسترس است.", daysAgo: 64 },
];

export type BlogPost = {
  /** Latin slug used in the blog URL. */
  postName: string;
  postTitle: string;
};

export const blogPosts: BlogPost[] = [
  { postName: "find-doi-of-an-article", postTitle: "چگونه DOI یک مقاله را پیدا کنیم؟" },
  { postName: "offline-request-guide", postTitle: "راهنمای ثبت درخواست آفلاین برای مقاله و کتاب" },
  { postName: "open-access-books", postTitle: "معرفی منابع کتاب‌های دسترسی آزاد برای دانشجویان" },
  { postName: "plagiarism-check-before-submission", postTitle: "چرا پیش از ارسال مقاله همانندجویی لازم است؟" },
  { postName: "search-standards-by-number", postTitle: "جستجوی استاندارد با شماره، کلیدواژه‌ها و سازمان" },
  { postName: "limited-vs-unlimited-credit", postTitle: "تفاوت اعتبار محدود و اعتبار نامحدود" },
  { postName: "free-theses-search", postTitle: "یافتن پایان‌نامه‌های رایگان دانشگاه‌های خارجی" },
  { postName: "grammar-check-for-papers", postTitle: "ویرایش و بررسی گرامر مقالهٔ انگلیسی پیش از داوری" },
];

/** Access keys a contracted institution may be granted (spec: university info `access`): the contract's list. */
export { universityAccessKeys as UNIVERSITY_ACCESS_KEYS, type UniversityAccessKey } from "../../contract/university-access";

export type ContractedUniversity = {
  name: string;
  logo: string;
  /** E-mail domains whose verified addresses attach a user to the institution. */
  domains: string[];
  access: UniversityAccessKey[];
  /** Monthly quotas per access key. */
  quotas: Partial<Record<UniversityAccessKey, number>>;
};

export const universities: ContractedUniversity[] = [
  {
    name: "دانشگاه صنعتی نمونه",
    logo: "/images/uni/sample-tech.svg",
    domains: ["sample-tech.ac.ir", "mail.sample-tech.ac.ir"],
    access: ["article_download", "direct_access", "standard_download", "book_download", "ithenticate"],
    quotas: { article_download: 500, direct_access: 40, standard_download: 150, book_download: 200, ithenticate: 30 },
  },
  {
    name: "دانشگاه علوم پزشکی نمونه",
    logo: "/images/uni/sample-med.svg",
    domains: ["sample-med.ac.ir"],
    access: ["article_download", "direct_access", "tez_download", "grammarly"],
    quotas: { article_download: 800, direct_access: 60, tez_download: 100, grammarly: 50 },
  },
  {
    name: "پژوهشگاه فناوری‌های نوین نمونه",
    logo: "/images/uni/sample-research.svg",
    domains: ["sample-research.ac.ir"],
    access: ["article_download", "standard_download", "book_download", "tez_download", "ithenticate", "grammarly"],
    quotas: { article_download: 300, standard_download: 250, book_download: 120, tez_download: 60, ithenticate: 20, grammarly: 20 },
  },
];

export const VIP_SERVICE_KEYS = ["ithenticate", "grammarly", "scifinder", "ai"] as const;
export type VipServiceKey = (typeof VIP_SERVICE_KEYS)[number];

export type VipService = {
  key: VipServiceKey;
  title: string;
  description: string;
  price: number;
};

// Prices shared by the VIP cards and the price list, so the two never disagree.
const PRICE = {
  article: 29_000,
  offline_article: 45_000,
  limited_article: 390_000,
  standard: 59_000,
  scifinder: 950_000,
  ithenticate: 180_000,
  grammarly: 120_000,
  ai: 150_000,
  direct_book: 89_000,
} as const;

export const vipServices: VipService[] = [
  {
    key: "ithenticate",
    title: "همانندجویی (بررسی سرقت علمی)",
    description: "فایل مقاله یا پایان‌نامه (doc، docx یا pdf) را بارگذاری کنید تا گزارش همانندجویی iThenticate برایتان ارسال شود.",
    price: PRICE.ithenticate,
  },
  {
    key: "grammarly",
    title: "ویرایش و بررسی گرامر",
    description: "فایل doc یا docx متن انگلیسی خود را بارگذاری کنید تا نسخهٔ بررسی‌شده با Grammarly همراه با پیشنهادهای اصلاح ارسال شود.",
    price: PRICE.grammarly,
  },
  {
    key: "scifinder",
    title: "اکانت SciFinder",
    description: "اکانت شخصی CAS SciFinder-n با ضمانت یک‌ماهه برای جستجوی مواد، واکنش‌ها و منابع شیمی.",
    price: PRICE.scifinder,
  },
  {
    key: "ai",
    title: "تشخیص متن تولیدشده با هوش مصنوعی",
    description: "گزارش میزان احتمال تولید متن با ابزارهای هوش مصنوعی، مناسب برای بررسی مقاله و پایان‌نامه پیش از ارسال.",
    price: PRICE.ai,
  },
];

export type PriceEntry = {
  key: string;
  title: string;
  /** Toman, except `limited_article_pack_size`, which is a count of credits. */
  price: number;
};

export const LIMITED_ARTICLE_PACK_SIZE = 30;

export const prices: PriceEntry[] = [
  { key: "article", title: "دانلود آنی هر مقاله", price: PRICE.article },
  { key: "offline_article", title: "درخواست آفلاین هر مقاله", price: PRICE.offline_article },
  { key: "limited_article", title: "بستهٔ اعتبار محدود (۳۰ مقاله، اعتبار یک ماه)", price: PRICE.limited_article },
  { key: "limited_article_pack_size", title: "تعداد اعتبار در هر بستهٔ اعتبار محدود", price: LIMITED_ARTICLE_PACK_SIZE },
  { key: "standard", title: "اعتبار دانلود استاندارد (هر استاندارد)", price: PRICE.standard },
  { key: "scifinder", title: "اکانت SciFinder (یک ماه)", price: PRICE.scifinder },
  { key: "ithenticate", title: "همانندجویی (بررسی سرقت علمی)", price: PRICE.ithenticate },
  { key: "grammarly", title: "ویرایش و بررسی گرامر", price: PRICE.grammarly },
  { key: "ai", title: "تشخیص متن تولیدشده با هوش مصنوعی", price: PRICE.ai },
  { key: "direct_book", title: "خرید مستقیم هر کتاب", price: PRICE.direct_book },
];

export type PricesPackage = {
  id: 1 | 2 | 3 | 4;
  title: string;
  /** Unlimited special credits (article / book chapter) the package adds. */
  articles: number;
  price: number;
  description: string;
};

export const pricesPackages: PricesPackage[] = [
  {
    id: 1,
    title: "بستهٔ برنزی",
    articles: 10,
    price: 259_000,
    description: "۱۰ اعتبار ویژهٔ نامحدود برای دانلود مقاله یا فصل کتاب از همهٔ پایگاه‌ها.",
  },
  {
    id: 2,
    title: "بستهٔ نقره‌ای",
    articles: 25,
    price: 599_000,
    description: "۲۵ اعتبار ویژهٔ نامحدود؛ مناسب برای نگارش مقاله و مرور منابع.",
  },
  {
    id: 3,
    title: "بستهٔ طلایی",
    articles: 50,
    price: 1_090_000,
    description: "۵۰ اعتبار ویژهٔ نامحدود؛ مناسب برای دانشجویان کارشناسی ارشد و دکتری.",
  },
  {
    id: 4,
    title: "بستهٔ پژوهشگر",
    articles: 100,
    price: 1_990_000,
    description: "۱۰۰ اعتبار ویژهٔ نامحدود همراه با اولویت در پاسخ‌گویی به درخواست‌های آفلاین.",
  },
];

export type SiteLink = {
  title: string;
  href: string;
};

/** Links in the top bar, beside the news ticker. */
export const outsideLinks: SiteLink[] = [
  { title: "وبلاگ", href: "https://blog.daryaft.test" },
  { title: "راهنما", href: "https://help.daryaft.test" },
  { title: "افزونهٔ مرورگر", href: "/extension" },
  { title: "خرید سازمانی", href: "/enterprisePurchase" },
];

/** Footer: useful links and user guides. */
export const footerLinks: SiteLink[] = [
  { title: "قوانین سایت", href: "/terms" },
  { title: "قیمت‌ها", href: "/prices" },
  { title: "خدمات سایت", href: "/services" },
  { title: "درباره ما", href: "/about" },
  { title: "تماس با ما", href: "/contact" },
  { title: "راهنمای دانلود با لینک یا DOI مقاله", href: "https://help.daryaft.test/article-link" },
  { title: "راهنمای ثبت درخواست آفلاین", href: "https://help.daryaft.test/offline-request" },
  { title: "راهنمای جستجوی استاندارد", href: "https://help.daryaft.test/standard-search" },
  { title: "راهنمای افزایش موجودی کیف پول", href: "https://help.daryaft.test/wallet" },
];

export type ContactInfo = {
  phone: string;
  email: string;
  hours: string;
  social: { name: string; href: string }[];
};

export const contact: ContactInfo = {
  phone: "021-00000000",
  email: "support@daryaft.test",
  hours: "۹ تا ۱۷ به جز جمعه‌ها",
  social: [
    { name: "تلگرام", href: "https://t.me/daryaft_test" },
    { name: "اینستاگرام", href: "https://www.instagram.com/daryaft_test" },
    { name: "لینکدین", href: "https://www.linkedin.com/company/daryaft-test" },
  ],
};

/** The six static claims on the home page's "sources used" tab (search spec §1). */
export const homeSourcesUsed: string[] = [
  "بیش از ۱۰۰ میلیون مقاله قابل جستجو",
  "حدود ۵٫۷ میلیون کتاب (حدود ۱٫۶ میلیون کتاب رایگان)",
  "حدود ۵ میلیون پایان‌نامه (بیش از ۳ میلیون پایان‌نامهٔ رایگان)",
  "بیش از ۸۰ پایگاه استاندارد",
  "بیش از ۵۰۰ سایت با دسترسی مستقیم",
  "بیش از ۹۸ درصد درخواست‌ها به صورت آنی و آنلاین پاسخ داده می‌شوند",
];
