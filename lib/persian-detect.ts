// Detecting requests for Persian-language documents, which the service refuses
// ("سفارش مدارک فارسی‌زبان امکان‌پذیر نیست"). Staff review every offline request
// anyway, so this check leans towards NOT refusing whenever the text is
// ambiguous: a wrong refusal blocks a lawful order, a miss costs a staff reply.
//
// Decisions (each covered by a test):
// - Persian is told apart from Arabic by Persian-only letters (پ چ ژ گ ۀ), the
//   Persian yeh/keheh (ی ک), the zero-width non-joiner inside words (می‌شود) and
//   Persian function words; Arabic by ة ى إ, the article ال and Arabic function
//   words. Arabic-language text is foreign and is not refused.
// - Urdu, Kurdish (Sorani), Pashto and other Arabic-script languages use letters
//   Persian never uses (ے ں ٹ ڈ ڑ ہ ھ ە ێ ۆ ڕ ڵ ټ ښ …); text with such letters is
//   not Persian and is not refused. Dari is Persian and is refused; Tajik (Cyrillic)
//   and transliterated Persian in Latin letters ("Barresi-ye …") cannot be told
//   from foreign text and are not refused.
// - "Substantially Persian" means at least 2 Arabic-script words that make up at
//   least 60% of the words, so one Persian word in an English title, or a Persian
//   gloss after it, does not refuse.
// - Quoted passages («…», "…") count as words but do not decide Persian versus
//   Arabic unless nothing outside the quotes does: Persian titles quote Arabic
//   verses and book names, Arabic titles quote Persian ones.
// - A link is judged by its host only (Iranian publishers), never by Persian words
//   in its path or query. The description (`more`) is the user's note to staff,
//   which Iranian users naturally write in Persian, so its language is ignored;
//   only links pasted into it are checked.

// ---------------------------------------------------------------- hosts

/**
 * Hosts of Iranian publishers and Persian document platforms. Any host under the
 * Iranian ccTLDs (.ir and the IDN .ایران) is Iranian; that already covers sid.ir,
 * noormags.ir, ensani.ir, elmnet.ir, ganj.irandoc.ac.ir and university journals
 * on *.ac.ir. Listed here are the Iranian platforms on other TLDs. Documents
 * there are domestic (reachable from Iran without this service) or Persian.
 */
export const IRANIAN_TLDS = ["ir", "xn--mgba3a4f16a" /* .ایران */] as const;
export const IRANIAN_PUBLISHER_DOMAINS = [
  "magiran.com", // Persian journals database
  "civilica.com", // Persian conference papers
  "isc.ac", // Islamic World Science Citation Center (Shiraz)
  "fidibo.com", // Persian e-book store
  "taaghche.com", // Persian e-book store
] as const;

function hostMatches(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/**
 * True when the link points to an Iranian publisher or Persian document platform.
 * Parsed with URL, so userinfo ("https://sid.ir@example.com/"), ports and letter
 * case cannot fool it; a link without a scheme ("sid.ir/paper/1") is read as https.
 */
export function isPersianPublisherUrl(url: string): boolean {
  const trimmed = url.trim();
  if (trimmed === "") return false;
  // "sid.ir:8080/x" has no scheme; only "scheme://" counts as one.
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let host: string;
  try {
    host = new URL(withScheme).hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return false;
  }
  if (host === "") return false;
  const tld = host.slice(host.lastIndexOf(".") + 1);
  if (host.includes(".") && (IRANIAN_TLDS as readonly string[]).includes(tld)) return true;
  return IRANIAN_PUBLISHER_DOMAINS.some((d) => hostMatches(host, d));
}

// ---------------------------------------------------------------- script

const LETTER = /\p{L}/u;
const ARABIC_SCRIPT = /\p{Script=Arabic}/u;

/** NFKC folds Arabic presentation forms (text copied out of PDFs) to plain letters. */
function prepare(text: string): string {
  return text.normalize("NFKC");
}

/** Share (0..1) of the letters in `text` that are Arabic-script letters; 0 without letters. */
export function persianScriptShare(text: string): number {
  let letters = 0;
  let arabic = 0;
  for (const ch of prepare(text).replace(/\u0640/g, "")) {
    if (!LETTER.test(ch)) continue;
    letters++;
    if (ARABIC_SCRIPT.test(ch)) arabic++;
  }
  return letters === 0 ? 0 : arabic / letters;
}

// Letters of the Persian alphabet as actually typed in Iran: the Arabic letters
// (including ي ك ة ى أ إ ؤ ئ ء, which appear when Persian is typed on an Arabic
// keyboard or quotes Arabic), alef wasla, and پ چ ژ گ ک ی ۀ. Any other
// Arabic-script letter belongs to another language (Urdu, Kurdish, Pashto…).
const PERSIAN_OR_ARABIC_LETTER = /[\u0621-\u063A\u0641-\u064A\u0671\u067E\u0686\u0698\u06A9\u06AF\u06C0\u06CC]/u;
const PERSIAN_ONLY_LETTER = /[\u067E\u0686\u0698\u06AF\u06C0]/u; // پ چ ژ گ ۀ
const PERSIAN_KEYBOARD_LETTER = /[\u06A9\u06CC]/u; // ک ی (Arabic keyboards give ك ي)
const ARABIC_ONLY_LETTER = /[\u0629\u0649\u0625]/u; // ة ى إ
const HARAKAT = /[\u064B-\u065F\u0670\u0640]/gu; // vowel marks and tatweel
const ZWNJ = "\u200C";
const EZAFE_HAMZA = /\u0647\u0654$/u; // ه + hamza above = ۀ

// Compared after ي→ی and ك→ک, so Persian typed on an Arabic keyboard matches too.
// «و» is deliberately absent: Arabic uses a standalone «و» as well.
const PERSIAN_FUNCTION_WORDS = new Set([
  "در",
  "به",
  "از",
  "که",
  "این",
  "آن",
  "را",
  "با",
  "های",
  "ها",
  "هایی",
  "می",
  "نمی",
  "است",
  "اند",
  "هست",
  "هستند",
  "برای",
  "بر",
  "تا",
  "هم",
  "نیز",
  "یک",
  "شده",
  "شود",
  "شد",
  "کرد",
  "کند",
  "کنند",
  "کرده",
  "بود",
  "باشد",
  "روی",
  "بررسی",
  "مورد",
  "مطالعه",
  "چه",
  "چگونه",
  "آیا",
]);

// Compared as typed (only vowel marks removed): some spellings are Persian words
// too once ي/ك are folded («علی» the name, «حتی», «غیر»), so only unambiguous
// spellings are listed.
const ARABIC_FUNCTION_WORDS = new Set([
  "في",
  "فى",
  "فی",
  "من",
  "على",
  "إلى",
  "الى",
  "عن",
  "التي",
  "التی",
  "الذي",
  "الذی",
  "الذين",
  "الذین",
  "هذا",
  "هذه",
  "ذلك",
  "ذلک",
  "تلك",
  "تلک",
  "مع",
  "أن",
  "إن",
  "ان",
  "لا",
  "كان",
  "قد",
  "تم",
  "حول",
  "لدى",
  "ضوء",
  "عند",
  "أو",
  "هو",
  "هي",
  "وفي",
  "ومن",
  "وعلى",
  "منها",
  "فيها",
  "عليها",
  "كما",
  "بها",
  "لها",
  "ثم",
  "حتى",
  "إذا",
  "اذا",
  "لم",
  "لن",
  "ليس",
  "كيف",
  "أي",
  "بعض",
]);

// Persian words that begin with «ال» / «وال» without it being the Arabic article.
const PERSIAN_AL_WORDS = [
  "البته",
  "الزام",
  "الهام",
  "الگو",
  "الکتر",
  "الیاف",
  "الماس",
  "الکل",
  "التهاب",
  "التیام",
  "الحاق",
  "التزام",
  "الویت",
  "الله",
  "والد",
  "والا",
  "والی",
];

function foldArabicKeyboard(word: string): string {
  return word.replace(/\u064A/g, "\u06CC").replace(/\u0643/g, "\u06A9");
}

function hasArabicArticle(word: string, folded: string): boolean {
  if (PERSIAN_AL_WORDS.some((w) => folded.startsWith(w))) return false;
  const m = /^(?:ال|وال|لل)(.*)$/u.exec(word);
  return m !== null && m[1]!.length >= 3;
}

type WordKind = "persian" | "persian-weak" | "arabic" | "other-language" | "neutral";

function classifyArabicScriptWord(raw: string): WordKind {
  const word = raw.replace(HARAKAT, "");
  for (const ch of word) {
    // Letters only: Quranic annotation marks (U+06D6–U+06ED) are Arabic script too.
    if (LETTER.test(ch) && ARABIC_SCRIPT.test(ch) && !PERSIAN_OR_ARABIC_LETTER.test(ch)) {
      return "other-language";
    }
  }
  const folded = foldArabicKeyboard(word);
  const parts = folded.split(ZWNJ).filter((p) => p !== "");
  if (
    PERSIAN_ONLY_LETTER.test(word) ||
    EZAFE_HAMZA.test(word) ||
    parts.length > 1 || // a ZWNJ between letters: «می‌شود», «روش‌های»
    parts.some((p) => PERSIAN_FUNCTION_WORDS.has(p))
  ) {
    return "persian";
  }
  if (ARABIC_ONLY_LETTER.test(word) || word.startsWith("أ") || ARABIC_FUNCTION_WORDS.has(word) || hasArabicArticle(word, folded)) {
    return "arabic";
  }
  return PERSIAN_KEYBOARD_LETTER.test(word) ? "persian-weak" : "neutral";
}

// Words: runs of letters and combining marks, keeping ZWNJ and tatweel inside.
const WORD = /[\p{L}\p{M}\u200C\u0640]+/gu;
const ARABIC_SCRIPT_LETTER = /(?=\p{L})\p{Script=Arabic}/u;
// Quoted passages: Persian titles often quote Arabic (a verse, a book's name).
const QUOTED = /«[^»]*»|"[^"]*"|“[^”]*”/gu;

/** Share of Arabic-script words needed for text to count as substantially Persian. */
const MIN_PERSIAN_WORD_SHARE = 0.6;
const MIN_PERSIAN_WORDS = 2;
/** Share of Arabic-script words with non-Persian letters that marks another language. */
const OTHER_LANGUAGE_WORD_SHARE = 0.15;

interface WordTally {
  arabicScriptWords: number;
  otherWords: number;
  otherLanguage: number;
  persianScore: number;
  arabicScore: number;
}

function tallyWords(text: string): WordTally {
  const t: WordTally = {
    arabicScriptWords: 0,
    otherWords: 0,
    otherLanguage: 0,
    persianScore: 0,
    arabicScore: 0,
  };
  for (const match of text.matchAll(WORD)) {
    const word = match[0].replace(/^[\u200C\u0640]+|[\u200C\u0640]+$/g, "");
    if (!ARABIC_SCRIPT_LETTER.test(word)) {
      // Single Latin letters ("H" in "H2O", "a") say little about the language.
      if (Array.from(word).filter((ch) => LETTER.test(ch)).length >= 2) t.otherWords++;
      continue;
    }
    t.arabicScriptWords++;
    switch (classifyArabicScriptWord(word)) {
      case "persian":
        t.persianScore += 1;
        break;
      case "persian-weak":
        t.persianScore += 0.5;
        break;
      case "arabic":
        t.arabicScore += 1;
        break;
      case "other-language":
        t.otherLanguage++;
        break;
      case "neutral":
        break;
    }
  }
  return t;
}

/**
 * True when `text` is substantially written in Persian: at least two
 * Arabic-script words making up at least 60% of the words, and those words read
 * as Persian rather than Arabic, Urdu, Kurdish or Pashto. Quoted passages count
 * as words but do not decide the language unless nothing outside them does.
 * See the decisions at the top of this file.
 */
export function looksPersianLanguage(text: string): boolean {
  const prepared = prepare(text);
  const all = tallyWords(prepared);
  if (all.arabicScriptWords < MIN_PERSIAN_WORDS) return false;
  if (all.arabicScriptWords / (all.arabicScriptWords + all.otherWords) < MIN_PERSIAN_WORD_SHARE) {
    return false;
  }
  if (all.otherLanguage > 0 && all.otherLanguage >= OTHER_LANGUAGE_WORD_SHARE * all.arabicScriptWords) {
    return false;
  }
  const outside = tallyWords(prepared.replace(QUOTED, " "));
  const decider = outside.persianScore + outside.arabicScore > 0 ? outside : all;
  return decider.persianScore >= 0.5 && decider.persianScore > decider.arabicScore;
}

// ---------------------------------------------------------------- requests

// A whole field that is one link: a scheme, "www.", or host.tld with an optional path.
const WHOLE_LINK = /^(?:[a-z][a-z\d+.-]*:\/\/\S+|www\.\S+|[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.[\p{L}-]{2,}(?::\d+)?(?:[/?#]\S*)?)$/iu;
// Links inside free text need a scheme or "www." to be recognised.
const LINK_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"'«»]+/giu;

function isWholeLink(s: string): boolean {
  return WHOLE_LINK.test(s.trim());
}

export interface PersianRequestCheck {
  persian: boolean;
  reason: "script" | "publisher" | null;
}

/**
 * Decides whether an offline/download request is for a Persian-language document.
 * `url` holds a link or a title (the form's single "link or title" field),
 * `title` a title from metadata, `more` the user's description. A request is
 * Persian when any link (the url field, or links inside the other fields) is on
 * an Iranian publisher's host, or when the url-as-title or the title is
 * substantially Persian. The description's language is ignored (see top).
 */
export function detectPersianRequest(req: { url?: string; title?: string; more?: string }): PersianRequestCheck {
  const url = req.url?.trim() ?? "";
  const title = req.title?.trim() ?? "";
  const more = req.more?.trim() ?? "";

  const links = [url, title, more].flatMap((field) => (isWholeLink(field) ? [field] : Array.from(field.matchAll(LINK_IN_TEXT), (m) => m[0])));
  if (links.some(isPersianPublisherUrl)) return { persian: true, reason: "publisher" };

  const titleTexts = [url, title].filter((field) => field !== "" && !isWholeLink(field));
  if (titleTexts.some(looksPersianLanguage)) return { persian: true, reason: "script" };

  return { persian: false, reason: null };
}
