import { describe, expect, it } from "vitest";
import { detectPersianRequest, isPersianPublisherUrl, looksPersianLanguage, persianScriptShare } from "./persian-detect";

describe("looksPersianLanguage", () => {
  it.each([
    // Persian titles
    ["بررسی عوامل موثر بر رضایت شغلی کارکنان", true],
    ["تأثیر آموزش الکترونیکی بر پیشرفت تحصیلی دانشجویان", true],
    ["طراحی و ساخت یک ربات", true], // short, with «و» and «یک»
    ["چگونه می‌شود یادگیری را بهبود داد", true], // ZWNJ verb prefix
    ["الگوریتم‌های یادگیری ماشین", true], // starts with «ال» but is Persian
    ["مقایسه روش‌های درمان التهاب مفاصل", true], // «التهاب» is not the Arabic article
    ["اثر ورزش بر سلامت روان سالمندان شهر تهران", true],
    ["پایان‌نامه کارشناسی ارشد مهندسی برق", true],
    ["مطالعهٔ تطبیقی نظام آموزشی", true], // ezafe with hamza above
    ["مقاله فارسی", true], // two words, Persian yeh
    // Persian typed on an Arabic keyboard (ي and ك instead of ی and ک)
    ["بررسي عوامل موثر بر رضايت شغلي كاركنان", true],
    // Arabic presentation forms, as copied out of a PDF
    ["ﺑﺮﺭﺳﯽ ﻋﻮﺍﻣﻞ ﻣﻮﺛﺮ", true],
    // a Persian title quoting Arabic
    ["تفسیر آیه «إن الله على کل شیء قدیر» در اندیشه علامه طباطبایی", true],
    // a Persian title quoting a verse with vowel and Quranic annotation marks
    ["شرح آیه «ذَٰلِكَ الْكِتَابُ لَا رَيْبَ ۛ فِيهِ» در تفسیر المیزان", true],
    ["«بررسی عوامل موثر بر رضایت شغلی»", true], // all of it quoted
    // mostly Persian with English terms
    ["کاربرد deep learning در تشخیص سرطان", true],
    ["بررسی تاثیر Corporate Social Responsibility بر عملکرد مالی شرکت‌ها", true],
    ["تحلیل داده‌های GPS با MATLAB در مدیریت ناوگان", true],

    // Arabic-language titles are foreign and are not refused
    ["دراسة تحليلية للعوامل المؤثرة", false],
    ["أثر التعليم الإلكتروني على التحصيل الدراسي لدى طلاب الجامعة", false],
    ["دور الذكاء الاصطناعي في تحسين جودة التعليم العالي", false],
    ["المسؤولية الاجتماعية للشركات وأثرها على الأداء المالي", false],
    ["دراسة في كتاب «گلستان» لسعدي الشيرازي", false], // Arabic quoting a Persian book
    // Arabic typed on a Persian keyboard still reads as Arabic
    ["دراسة تحلیلیة للعوامل المؤثرة فی الأدب", false],

    // English, transliterated and mixed with little Persian
    ["Attention Is All You Need", false],
    ["Barresi-ye asar-e amoozesh bar pishraft-e tahsili", false], // transliterated Persian
    ["Deep learning for medical images فوری", false], // one Persian word
    ["Deep learning approach for image segmentation (یادگیری عمیق)", false], // a gloss
    ["لطفا مقاله Attention Is All You Need را ارسال کنید", false], // a request sentence around an English title
    ["مقاله Attention Is All You Need", false],
    ["کاربرد MATLAB در Simulation of Power Systems", false], // ambiguous: not refused
    ["", false],
    ["10.1016/j.cell.2020.01.001", false],
    ["۱۴۰۳", false], // digits only
    ["فارسی", false], // a single word is not enough
    ["عوامل موثر", false], // no Persian or Arabic marker: cannot tell

    // Other Arabic-script languages: not Persian, not refused
    ["پاکستان میں تعلیم کا معیار اور اس کے مسائل", false], // Urdu
    ["اردو ادب میں جدیدیت کی روایت", false], // Urdu
    ["کاریگەری پەروەردە لەسەر قوتابیان", false], // Kurdish (Sorani)
    ["شیکردنەوەی ڕێزمانی زمانی کوردی", false], // Kurdish (Sorani)
    ["د افغانستان د ښځو زده کړه", false], // Pashto
  ])("%j → %s", (text, expected) => {
    expect(looksPersianLanguage(text)).toBe(expected);
  });
});

describe("persianScriptShare", () => {
  it.each([
    ["", 0],
    ["Deep learning", 0],
    ["بررسی عوامل", 1],
    ["ab بب", 0.5],
    ["H2O و", 1 / 3], // digits are not letters
    ["ﺑﺮ ab", 0.5], // presentation forms count as Arabic-script letters
  ])("%j → %d", (text, expected) => {
    expect(persianScriptShare(text)).toBeCloseTo(expected, 10);
  });
});

describe("isPersianPublisherUrl", () => {
  it.each([
    ["https://www.sid.ir/paper/12345/fa", true],
    ["sid.ir/paper/1", true], // no scheme
    ["https://www.magiran.com/paper/123456", true],
    ["https://civilica.com/doc/1234567/", true],
    ["https://www.noormags.ir/view/fa/articlepage/1", true],
    ["https://ensani.ir/fa/article/1", true],
    ["https://ganj.irandoc.ac.ir/#/articles/abc", true],
    ["https://jme.shahroodut.ac.ir/article_1.html", true], // university journal
    ["https://elmnet.ir/article/1", true],
    ["https://isc.ac/fa/1", true],
    ["https://www.fidibo.com/book/1", true],
    ["HTTPS://WWW.SID.IR/PAPER/1", true], // letter case
    ["https://sid.ir:8443/paper/1", true], // port
    ["sid.ir:8080/x", true], // port without a scheme
    ["https://sid.ir./paper/1", true], // trailing dot
    ["https://example.com@sid.ir/", true], // userinfo: the host is sid.ir
    ["https://سید.ایران/مقاله", true], // IDN ccTLD .ایران
    ["https://sid.ir@example.com/", false], // userinfo: the host is example.com
    ["https://magiran.com.example.com/", false],
    ["https://notmagiran.com/", false],
    ["https://example.com/?ref=sid.ir", false],
    ["https://www.sciencedirect.com/science/article/pii/S0000", false],
    ["https://doi.org/10.1016/j.cell.2020.01.001", false],
    ["https://arxiv.org/abs/1706.03762", false],
    ["https://www.google.com/search?q=بررسی+عوامل+موثر", false], // Persian words in the query
    ["https://en.wikipedia.org/wiki/Iran", false],
    ["https://irs.gov/", false], // "ir" is not the TLD here
    ["https://example.irish/", false],
    ["not a url", false],
    ["", false],
    ["javascript:alert(1)", false],
  ])("%j → %s", (url, expected) => {
    expect(isPersianPublisherUrl(url)).toBe(expected);
  });
});

describe("detectPersianRequest", () => {
  it.each<[{ url?: string; title?: string; more?: string }, boolean, "script" | "publisher" | null]>([
    [{ url: "بررسی عوامل موثر بر رضایت شغلی کارکنان" }, true, "script"],
    [{ url: "https://doi.org/10.1000/x", title: "طراحی و ساخت یک ربات" }, true, "script"],
    [{ url: "https://www.sid.ir/paper/12345/fa" }, true, "publisher"],
    [{ url: "magiran.com/paper/1" }, true, "publisher"],
    // publisher first when both apply
    [{ url: "https://www.sid.ir/paper/1", title: "بررسی عوامل موثر بر رضایت" }, true, "publisher"],
    // a publisher link pasted into the title or the description
    [{ url: "Effects of training", more: "link: https://civilica.com/doc/1" }, true, "publisher"],
    [{ url: "مقاله https://www.magiran.com/paper/1" }, true, "publisher"],

    // foreign requests
    [{ url: "https://doi.org/10.1016/j.cell.2020.01.001" }, false, null],
    [{ url: "10.1016/j.cell.2020.01.001" }, false, null],
    [{ url: "Attention Is All You Need" }, false, null],
    [{ url: "دراسة تحليلية للعوامل المؤثرة" }, false, null], // Arabic
    [{ url: "Barresi-ye asar-e amoozesh" }, false, null], // transliterated
    // no false refusal of an English title with one Persian word in the description
    [{ url: "Attention Is All You Need", more: "فوری" }, false, null],
    [{ url: "Attention Is All You Need", title: "Attention Is All You Need", more: "نسخه" }, false, null],
    // the description is a note to staff, often in Persian: it never refuses by itself
    [{ url: "Attention Is All You Need", more: "لطفا نسخه کامل این مقاله را ارسال کنید" }, false, null],
    [{ url: "https://arxiv.org/abs/1706.03762", more: "لطفا سریع ارسال شود" }, false, null],
    // a foreign host with Persian words in the query is judged by its host
    [{ url: "https://www.google.com/search?q=بررسی+عوامل+موثر+بر+رضایت" }, false, null],
    [{ url: "https://scholar.google.com/scholar?q=مدیریت+دانش+در+سازمان" }, false, null],
    [{ url: "https://sid.ir@example.com/paper" }, false, null],
    [{}, false, null],
    [{ url: "   ", title: "", more: "" }, false, null],
  ])("%j → %s %s", (req, persian, reason) => {
    expect(detectPersianRequest(req)).toEqual({ persian, reason });
  });
});
