/**
 * The search constants (search-and-download.md §3, §5, §9) without zod: the SPA's search panels
 * import these, so their lazy chunks do not carry the schema library. contract/search.ts
 * re-exports everything here next to the schemas.
 */
export const searchTexts = {
  noPhrase: "عبارتی برای جستجو وارد نشده است.",
  noSource: "منبعی برای جستجو انتخاب نشده است.",
  badCount: "تعداد نتایج در هر صفحه معتبر نیست.",
  badPage: "شمارهٔ صفحه معتبر نیست.",
  badYear: "سال را به صورت عددی چهاررقمی وارد کنید.",
  yearOrder: "«از سال» نباید بعد از «تا سال» باشد.",
  badOption: "گزینهٔ انتخاب‌شده معتبر نیست.",
  tooLong: "عبارت جستجو بیش از حد طولانی است.",
} as const;

/** §9 page sizes and defaults. Books are not listed in the spec; they offer the union. */
export const PAGE_SIZES = {
  article: [10, 15, 20],
  book: [10, 15, 20, 30],
  thesis: [15, 20, 30],
  standard: [10, 15, 20],
} as const;
export const DEFAULT_PAGE_SIZE = { article: 10, book: 10, thesis: 30, standard: 10 } as const;
/** §9: pagination shows this many page buttons. */
export const VISIBLE_PAGES = 6;

export const MATCH_TYPES = ["all", "any", "exact"] as const;

// Articles (type 2)
export const ARTICLE_SOURCES = ["scopus", "crossref"] as const;
export const SCOPUS_SEARCH_IN = ["title-abs-key", "title", "abstract", "keywords", "authors", "all"] as const;
export const ARTICLE_SORTS = ["relevance", "newest", "oldest", "cited"] as const;
/** Scopus SUBJAREA codes; Crossref has no subject filter, so there the subject's name joins the query. */
export const SUBJECT_AREAS = {
  AGRI: "Agricultural and Biological Sciences",
  ARTS: "Arts and Humanities",
  BIOC: "Biochemistry, Genetics and Molecular Biology",
  BUSI: "Business, Management and Accounting",
  CENG: "Chemical Engineering",
  CHEM: "Chemistry",
  COMP: "Computer Science",
  DECI: "Decision Sciences",
  DENT: "Dentistry",
  EART: "Earth and Planetary Sciences",
  ECON: "Economics, Econometrics and Finance",
  ENER: "Energy",
  ENGI: "Engineering",
  ENVI: "Environmental Science",
  HEAL: "Health Professions",
  IMMU: "Immunology and Microbiology",
  MATE: "Materials Science",
  MATH: "Mathematics",
  MEDI: "Medicine",
  NEUR: "Neuroscience",
  NURS: "Nursing",
  PHAR: "Pharmacology, Toxicology and Pharmaceutics",
  PHYS: "Physics and Astronomy",
  PSYC: "Psychology",
  SOCI: "Social Sciences",
  VETE: "Veterinary",
  MULT: "Multidisciplinary",
} as const;
export type SubjectArea = keyof typeof SUBJECT_AREAS;

/** Document types per source: Scopus DOCTYPE codes, Crossref type ids. */
export const ARTICLE_TYPES = {
  scopus: ["ar", "re", "cp", "ch", "bk", "le", "ed", "no", "sh", "er", "dp"],
  crossref: [
    "journal-article",
    "proceedings-article",
    "book-chapter",
    "book",
    "posted-content",
    "report",
    "dissertation",
    "dataset",
    "monograph",
    "reference-entry",
    "standard",
  ],
} as const;
/** Foreign languages only: Persian documents are not served (spec §1). */
export const SCOPUS_LANGUAGES = [
  "english",
  "german",
  "french",
  "spanish",
  "chinese",
  "russian",
  "japanese",
  "italian",
  "portuguese",
  "arabic",
  "turkish",
] as const;

// Books (type 3), theses (type 4)
export const BOOK_SOURCES = ["all", "solutions", "standard", "report", "free"] as const;
/** Lawful open collections searched live after the catalogue, per book source. */
export const LIVE_SOURCES = ["oapen", "gutenberg", "ntrs", "osti", "rfc"] as const;
export const LIVE_SOURCES_OF: Record<(typeof BOOK_SOURCES)[number], readonly (typeof LIVE_SOURCES)[number][]> = {
  all: [],
  solutions: [],
  free: ["oapen", "gutenberg"],
  report: ["ntrs", "osti"],
  standard: ["rfc"],
};
/** How each collection is named with its results (its own name). */
export const LIVE_SOURCE_NAMES: Record<(typeof LIVE_SOURCES)[number], string> = {
  oapen: "OAPEN",
  gutenberg: "Project Gutenberg",
  ntrs: "NASA NTRS",
  osti: "OSTI",
  rfc: "IETF RFC",
};
export const THESIS_SOURCES = ["free", "proquest"] as const;
export const THESIS_SORTS = ["relevance", "newest", "oldest"] as const;
