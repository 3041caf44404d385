// Demo catalogue for the "direct access" search type (type 6): real scientific
// databases the operator would license, with Persian descriptions and
// per-period prices in whole toman. Prices are invented for the demo.
//
// Price keys follow the spec: a six-character prefix ("price_") followed by the
// period in days; the UI shows price per day = price / days, decimals dropped.

export type DirectAccessSiteType = 1 | 2 | 3;

export const DIRECT_ACCESS_TYPE = {
  /** One shared account for many users, bought for a period. */
  sharedAccount: 1,
  /** A personal account with an expiry date. */
  personalAccount: 2,
  /** Anything else (one-off reports, university-only gateways). */
  other: 3,
} as const satisfies Record<string, DirectAccessSiteType>;

export type DirectAccessSite = {
  name: string;
  /** Persian, one or two sentences. */
  description: string;
  /** More-info link, shown next to the description. */
  url: string | null;
  type: DirectAccessSiteType;
  /** Persian expiry wording; "نامحدود" and "دانشگاهی" unlock links for guests (spec §4). */
  expireText: string;
  /** Keys "price_" + days; values in whole toman. */
  prices: Record<`price_${number}`, number>;
  /** A thesis database: members whose contract lists tez_download get it on the quota. */
  thesisDatabase?: boolean;
};

const { sharedAccount, personalAccount, other } = DIRECT_ACCESS_TYPE;

export const directAccessSites: DirectAccessSite[] = [
  {
    name: "ScienceDirect",
    description: "پایگاه مقالات و کتاب‌های الزویر با بیش از ۲۵۰۰ مجله در همهٔ رشته‌های علمی. دسترسی به متن کامل مقاله‌ها و فصل‌های کتاب.",
    url: "https://www.sciencedirect.com",
    type: sharedAccount,
    expireText: "اعتبار ۷، ۳۰ یا ۹۰ روزه",
    prices: { price_7: 69000, price_30: 189000, price_90: 459000 },
  },
  {
    name: "SpringerLink",
    description: "مجموعهٔ مجلات، کتاب‌ها و مجموعه‌مقالات همایش‌های انتشارات اشپرینگر. مناسب برای رشته‌های مهندسی، علوم پایه و پزشکی.",
    url: "https://link.springer.com",
    type: sharedAccount,
    expireText: "اعتبار ۷، ۳۰ یا ۹۰ روزه",
    prices: { price_7: 59000, price_30: 169000, price_90: 419000 },
  },
  {
    name: "Wiley Online Library",
    description: "مقالات و کتاب‌های انتشارات وایلی در علوم، مهندسی، پزشکی و علوم انسانی.",
    url: "https://onlinelibrary.wiley.com",
    type: sharedAccount,
    expireText: "اعتبار ۷، ۳۰ یا ۹۰ روزه",
    prices: { price_7: 55000, price_30: 159000, price_90: 399000 },
  },
  {
    name: "IEEE Xplore",
    description: "مقالات، استانداردها و مجموعه‌مقالات همایش‌های IEEE در برق، کامپیوتر و مخابرات.",
    url: "https://ieeexplore.ieee.org",
    type: sharedAccount,
    expireText: "اعتبار ۷، ۳۰ یا ۹۰ روزه",
    prices: { price_7: 65000, price_30: 179000, price_90: 449000 },
  },
  {
    name: "Scopus",
    description: "پایگاه استنادی و چکیده‌نامهٔ الزویر برای جستجوی مقالات، تحلیل استنادها و یافتن مجلات معتبر.",
    url: "https://www.scopus.com",
    type: personalAccount,
    expireText: "اکانت شخصی با اعتبار ۳۰ روزه",
    prices: { price_30: 149000, price_90: 379000, price_180: 690000 },
  },
  {
    name: "Web of Science",
    description: "پایگاه استنادی کلاریویت برای جستجوی مقالات، بررسی ضریب تأثیر و تحلیل استنادها.",
    url: "https://www.webofscience.com",
    type: personalAccount,
    expireText: "اکانت شخصی با اعتبار ۳۰ روزه",
    prices: { price_30: 149000, price_90: 379000, price_180: 690000 },
  },
  {
    name: "ProQuest Dissertations & Theses Global",
    description: "بزرگ‌ترین مجموعهٔ پایان‌نامه‌های دکتری و کارشناسی ارشد دانشگاه‌های جهان با متن کامل.",
    url: "https://www.proquest.com",
    type: sharedAccount,
    expireText: "اعتبار ۷، ۳۰ یا ۹۰ روزه",
    prices: { price_7: 79000, price_30: 219000, price_90: 549000 },
    thesisDatabase: true,
  },
  {
    name: "JSTOR",
    description: "آرشیو مجلات و کتاب‌های علوم انسانی، علوم اجتماعی و علوم پایه از نخستین شماره‌ها.",
    url: "https://www.jstor.org",
    type: sharedAccount,
    expireText: "اعتبار ۷، ۳۰ یا ۹۰ روزه",
    prices: { price_7: 45000, price_30: 125000, price_90: 310000 },
  },
  {
    name: "Emerald Insight",
    description: "مجلات و کتاب‌های مدیریت، کسب‌وکار، کتابداری و مهندسی از انتشارات امرالد.",
    url: "https://www.emerald.com/insight",
    type: sharedAccount,
    expireText: "اعتبار ۳۰ یا ۹۰ روزه",
    prices: { price_30: 119000, price_90: 299000 },
  },
  {
    name: "ASCE Library",
    description: "مجلات، کتاب‌ها و استانداردهای انجمن مهندسان عمران آمریکا.",
    url: "https://ascelibrary.org",
    type: sharedAccount,
    expireText: "اعتبار ۳۰ یا ۹۰ روزه",
    prices: { price_30: 129000, price_90: 319000 },
  },
  {
    name: "ASME Digital Collection",
    description: "مقالات، مجموعه‌مقالات همایش‌ها و کتاب‌های انجمن مهندسان مکانیک آمریکا.",
    url: "https://asmedigitalcollection.asme.org",
    type: sharedAccount,
    expireText: "اعتبار ۳۰ یا ۹۰ روزه",
    prices: { price_30: 129000, price_90: 319000 },
  },
  {
    name: "ACS Publications",
    description: "مجلات انجمن شیمی آمریکا در شیمی، مهندسی شیمی، مواد و داروسازی.",
    url: "https://pubs.acs.org",
    type: sharedAccount,
    expireText: "اعتبار ۷، ۳۰ یا ۹۰ روزه",
    prices: { price_7: 59000, price_30: 165000, price_90: 409000 },
  },
  {
    name: "RSC Publishing",
    description: "مجلات و کتاب‌های انجمن سلطنتی شیمی بریتانیا.",
    url: "https://pubs.rsc.org",
    type: sharedAccount,
    expireText: "اعتبار ۳۰ یا ۹۰ روزه",
    prices: { price_30: 139000, price_90: 349000 },
  },
  {
    name: "ACM Digital Library",
    description: "مقالات، مجلات و مجموعه‌مقالات همایش‌های انجمن ماشین‌های محاسباتی در علوم کامپیوتر.",
    url: "https://dl.acm.org",
    type: sharedAccount,
    expireText: "اعتبار ۳۰ یا ۹۰ روزه",
    prices: { price_30: 129000, price_90: 319000 },
  },
  {
    name: "Taylor & Francis Online",
    description: "مجلات تیلور و فرانسیس در علوم انسانی، علوم اجتماعی، مهندسی و پزشکی.",
    url: "https://www.tandfonline.com",
    type: sharedAccount,
    expireText: "اعتبار ۷، ۳۰ یا ۹۰ روزه",
    prices: { price_7: 49000, price_30: 139000, price_90: 349000 },
  },
  {
    name: "SAGE Journals",
    description: "مجلات انتشارات سیج در علوم اجتماعی، مدیریت، پزشکی و مهندسی.",
    url: "https://journals.sagepub.com",
    type: sharedAccount,
    expireText: "اعتبار ۳۰ یا ۹۰ روزه",
    prices: { price_30: 119000, price_90: 299000 },
  },
  {
    name: "Cambridge Core",
    description: "کتاب‌ها و مجلات انتشارات دانشگاه کمبریج.",
    url: "https://www.cambridge.org/core",
    type: sharedAccount,
    expireText: "اعتبار ۳۰ یا ۹۰ روزه",
    prices: { price_30: 119000, price_90: 299000 },
  },
  {
    name: "Oxford Academic",
    description: "مجلات و کتاب‌های انتشارات دانشگاه آکسفورد در همهٔ رشته‌ها.",
    url: "https://academic.oup.com",
    type: sharedAccount,
    expireText: "اعتبار ۳۰ یا ۹۰ روزه",
    prices: { price_30: 119000, price_90: 299000 },
  },
  {
    name: "Nature Portfolio",
    description: "مجلهٔ Nature و مجلات وابسته به آن با متن کامل مقاله‌ها.",
    url: "https://www.nature.com",
    type: sharedAccount,
    expireText: "اعتبار ۷، ۳۰ یا ۹۰ روزه",
    prices: { price_7: 69000, price_30: 195000, price_90: 479000 },
  },
  {
    name: "Science (AAAS)",
    description: "مجلهٔ Science و مجلات خانوادهٔ آن از انجمن آمریکایی پیشرفت علم.",
    url: "https://www.science.org",
    type: sharedAccount,
    expireText: "اعتبار ۳۰ یا ۹۰ روزه",
    prices: { price_30: 159000, price_90: 399000 },
  },
  {
    name: "IOPscience",
    description: "مجلات و کتاب‌های مؤسسهٔ فیزیک بریتانیا در فیزیک و علوم وابسته.",
    url: "https://iopscience.iop.org",
    type: sharedAccount,
    expireText: "اعتبار ۳۰ یا ۹۰ روزه",
    prices: { price_30: 109000, price_90: 269000 },
  },
  {
    name: "AIP Publishing",
    description: "مجلات مؤسسهٔ فیزیک آمریکا مانند Journal of Applied Physics و Physics of Fluids.",
    url: "https://pubs.aip.org",
    type: sharedAccount,
    expireText: "اعتبار ۳۰ یا ۹۰ روزه",
    prices: { price_30: 109000, price_90: 269000 },
  },
  {
    name: "APS Physics",
    description: "مجلات Physical Review و Physical Review Letters از انجمن فیزیک آمریکا.",
    url: "https://journals.aps.org",
    type: sharedAccount,
    expireText: "اعتبار ۳۰ یا ۹۰ روزه",
    prices: { price_30: 109000, price_90: 269000 },
  },
  {
    name: "SPIE Digital Library",
    description: "مقالات و مجموعه‌مقالات همایش‌های اپتیک و فوتونیک انجمن SPIE.",
    url: "https://www.spiedigitallibrary.org",
    type: sharedAccount,
    expireText: "اعتبار ۳۰ یا ۹۰ روزه",
    prices: { price_30: 99000, price_90: 249000 },
  },
  {
    name: "OnePetro",
    description: "مقالات و گزارش‌های فنی صنعت نفت و گاز از SPE و انجمن‌های همکار.",
    url: "https://onepetro.org",
    type: sharedAccount,
    expireText: "اعتبار ۳۰ یا ۹۰ روزه",
    prices: { price_30: 149000, price_90: 369000 },
  },
  {
    name: "Knovel",
    description: "کتاب‌های مرجع مهندسی، جدول‌های داده و ابزارهای محاسباتی تعاملی.",
    url: "https://app.knovel.com",
    type: personalAccount,
    expireText: "اکانت شخصی با اعتبار ۳۰ روزه",
    prices: { price_30: 179000, price_90: 449000 },
  },
  {
    name: "AccessEngineering",
    description: "کتاب‌های مرجع مهندسی مک‌گروهیل همراه با ویدئوهای آموزشی و ماشین‌حساب‌های مهندسی.",
    url: "https://www.accessengineeringlibrary.com",
    type: sharedAccount,
    expireText: "اعتبار ۳۰ یا ۹۰ روزه",
    prices: { price_30: 149000, price_90: 369000 },
  },
  {
    name: "Engineering Village (Compendex)",
    description: "پایگاه چکیده‌نامهٔ مهندسی برای جستجوی تخصصی مقالات و گزارش‌های فنی.",
    url: "https://www.engineeringvillage.com",
    type: personalAccount,
    expireText: "اکانت شخصی با اعتبار ۳۰ روزه",
    prices: { price_30: 139000, price_90: 349000 },
  },
  {
    name: "ASTM Compass",
    description: "متن کامل استانداردهای ASTM همراه با نسخه‌های پیشین و نشریات فنی.",
    url: "https://compass.astm.org",
    type: sharedAccount,
    expireText: "اعتبار ۷ یا ۳۰ روزه",
    prices: { price_7: 89000, price_30: 249000 },
  },
  {
    name: "Reaxys",
    description: "پایگاه داده‌های واکنش‌ها، ترکیبات و خواص شیمیایی الزویر.",
    url: "https://www.reaxys.com",
    type: personalAccount,
    expireText: "اکانت شخصی با اعتبار ۳۰ روزه",
    prices: { price_30: 390000, price_90: 990000 },
  },
  {
    name: "CAS SciFinder-n",
    description: "پایگاه جامع مواد، واکنش‌ها و منابع شیمی از CAS. برای خرید اکانت SciFinder از بخش خدمات ویژه هم می‌توانید اقدام کنید.",
    url: "https://scifinder-n.cas.org",
    type: personalAccount,
    expireText: "اکانت شخصی با اعتبار ۳۰ روزه",
    prices: { price_30: 950000 },
  },
  {
    name: "UpToDate",
    description: "منبع بالینی مبتنی بر شواهد برای پزشکان و دانشجویان پزشکی، همراه با اطلاعات دارویی.",
    url: "https://www.uptodate.com",
    type: personalAccount,
    expireText: "اکانت شخصی با اعتبار ۳۰ روزه",
    prices: { price_30: 290000, price_90: 750000, price_180: 1390000 },
  },
  {
    name: "ClinicalKey",
    description: "کتاب‌ها، مجلات و ویدئوهای پزشکی الزویر در یک بستر جستجوی یکپارچه.",
    url: "https://www.clinicalkey.com",
    type: sharedAccount,
    expireText: "اعتبار ۳۰ یا ۹۰ روزه",
    prices: { price_30: 199000, price_90: 499000 },
  },
  {
    name: "Lexicomp",
    description: "مرجع اطلاعات دارویی، تداخلات دارویی و دوز دارو برای کادر درمان.",
    url: "https://online.lexi.com",
    type: personalAccount,
    expireText: "اکانت شخصی با اعتبار ۳۰ روزه",
    prices: { price_30: 179000, price_90: 459000 },
  },
  {
    name: "Embase",
    description: "پایگاه چکیده‌نامهٔ زیست‌پزشکی و دارویی الزویر برای مرور نظام‌مند.",
    url: "https://www.embase.com",
    type: personalAccount,
    expireText: "دسترسی نامحدود در طول دوره",
    prices: { price_30: 159000, price_90: 399000 },
  },
  {
    name: "Cochrane Library",
    description: "مرورهای نظام‌مند و کارآزمایی‌های بالینی کاکرین برای پزشکی مبتنی بر شواهد.",
    url: "https://www.cochranelibrary.com",
    type: sharedAccount,
    expireText: "اعتبار ۳۰ یا ۹۰ روزه",
    prices: { price_30: 99000, price_90: 249000 },
  },
  {
    name: "Ovid",
    description: "دسترسی به مجلات پزشکی و پرستاری Lippincott و پایگاه‌های Ovid.",
    url: "https://ovidsp.ovid.com",
    type: sharedAccount,
    expireText: "اعتبار ۳۰ یا ۹۰ روزه",
    prices: { price_30: 149000, price_90: 369000 },
  },
  {
    name: "MathSciNet",
    description: "پایگاه نقد و چکیدهٔ مقالات ریاضی انجمن ریاضی آمریکا.",
    url: "https://mathscinet.ams.org",
    type: personalAccount,
    expireText: "دسترسی دانشگاهی",
    prices: { price_30: 89000, price_90: 229000 },
  },
  {
    name: "Statista",
    description: "آمار و گزارش‌های بازار، صنعت و اقتصاد کشورها به همراه نمودارهای قابل دانلود.",
    url: "https://www.statista.com",
    type: personalAccount,
    expireText: "اکانت شخصی با اعتبار ۳۰ روزه",
    prices: { price_30: 249000, price_90: 649000 },
  },
  {
    name: "Euromonitor Passport",
    description: "گزارش‌ها و داده‌های تحقیقات بازار دربارهٔ صنایع، مصرف‌کنندگان و کشورها.",
    url: "https://www.euromonitor.com",
    type: sharedAccount,
    expireText: "اعتبار ۳۰ روزه",
    prices: { price_30: 390000 },
  },
  {
    name: "O'Reilly Learning",
    description: "کتاب‌ها و دوره‌های ویدئویی برنامه‌نویسی، داده و فناوری اطلاعات از انتشارات اوریلی و ناشران همکار.",
    url: "https://learning.oreilly.com",
    type: personalAccount,
    expireText: "اکانت شخصی با اعتبار ۳۰ روزه",
    prices: { price_30: 159000, price_90: 399000, price_365: 1290000 },
  },
  {
    name: "Grammarly Premium",
    description: "اکانت شخصی ابزار ویرایش و بررسی گرامر برای نگارش مقاله و پایان‌نامهٔ انگلیسی.",
    url: "https://www.grammarly.com",
    type: personalAccount,
    expireText: "اکانت شخصی با اعتبار ۳۰ روزه",
    prices: { price_30: 120000, price_90: 310000, price_365: 990000 },
  },
  {
    name: "iThenticate (Turnitin)",
    description: "گزارش همانندجویی (بررسی سرقت علمی) برای مقاله یا پایان‌نامه پیش از ارسال به مجله. هر خرید یک گزارش است.",
    url: "https://www.ithenticate.com",
    type: other,
    expireText: "یک گزارش، بدون محدودیت زمانی",
    prices: { price_1: 180000 },
  },
  {
    name: "SciVal",
    description: "ابزار تحلیل عملکرد پژوهشی الزویر بر پایهٔ داده‌های Scopus برای مقایسهٔ پژوهشگران و مؤسسه‌ها.",
    url: "https://www.scival.com",
    type: personalAccount,
    expireText: "اکانت شخصی با اعتبار ۳۰ روزه",
    prices: { price_30: 219000, price_90: 549000 },
  },
];
