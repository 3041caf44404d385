// Demo catalogue for the book search (type 3): books, solution manuals,
// standards and reports, English metadata as the search results show it.
//
// Titles, authors, publishers and years are those of well-known real works.
// ISBNs are the real ones where known; every ISBN here has a valid ISBN-13
// check digit (seed-data.test.ts verifies it). Free items are genuinely open
// (OpenStax, MIT Press open editions, public-domain government reports...) and
// carry their licence and landing page; the rest are priced for the operator's
// licensed delivery. File sizes are estimated from the page count.

export const CATALOG_TYPE = {
  book: 0,
  solutionManual: 1,
  standard: 2,
  report: 3,
} as const;

export type CatalogType = (typeof CATALOG_TYPE)[keyof typeof CATALOG_TYPE];
export type CatalogLanguage = "English" | "German" | "French";
export type CatalogExtension = "pdf" | "epub" | "djvu";

export type CatalogItem = {
  type: CatalogType;
  title: string;
  authors: string;
  year: number;
  publisher: string;
  /** ISBN-13, hyphenated; null when the item has none. */
  isbn: string | null;
  edition: string | null;
  pages: number | null;
  language: CatalogLanguage;
  sizeBytes: number | null;
  extension: CatalogExtension | null;
  /** Open-access item with a licence; downloadable from `links`. */
  free: boolean;
  license: string | null;
  links: string[];
  /** Whole toman; null for free items. */
  tomanPrice: number | null;
  coverUrl: string | null;
  /** Standards only, e.g. "ISO 9001:2015". */
  standardNumber: string | null;
  /** Standards only: a `code` from standards-organizations.ts. */
  organization: string | null;
  cdName: string | null;
  /** ISO date (YYYY-MM-DD). */
  publicationDate: string | null;
  keywords: string;
};

// ---------------------------------------------------------------------------
// Builders: keep each record to the fields that differ.

type Described = {
  title: string;
  authors: string;
  year: number;
  publisher: string;
  isbn?: string | null;
  edition?: string | null;
  pages: number | null;
  language?: CatalogLanguage;
  extension?: CatalogExtension;
  keywords: string;
};

/** Small stable hash so estimated sizes vary between items but not between runs. */
function stableHash(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

const BYTES_PER_PAGE: Record<CatalogExtension, number> = { pdf: 42_000, epub: 9_000, djvu: 18_000 };

function estimateSizeBytes(title: string, pages: number | null, extension: CatalogExtension): number | null {
  if (pages === null) return null;
  const wobble = 0.6 + (stableHash(title) % 1000) / 1000; // 0.6 .. 1.6
  return Math.round(pages * BYTES_PER_PAGE[extension] * wobble);
}

/** Price rises with length, rounded to 1,000 toman. */
function priceForPages(base: number, pages: number | null, perHundredPages: number): number {
  const hundreds = Math.ceil((pages ?? 200) / 100);
  return Math.round((base + hundreds * perHundredPages) / 1000) * 1000;
}

function item(type: CatalogType, d: Described, rest: Partial<CatalogItem>): CatalogItem {
  const extension = d.extension ?? "pdf";
  return {
    type,
    title: d.title,
    authors: d.authors,
    year: d.year,
    publisher: d.publisher,
    isbn: d.isbn ?? null,
    edition: d.edition ?? null,
    pages: d.pages,
    language: d.language ?? "English",
    sizeBytes: estimateSizeBytes(d.title, d.pages, extension),
    extension,
    free: false,
    license: null,
    links: [],
    tomanPrice: null,
    coverUrl: null,
    standardNumber: null,
    organization: null,
    cdName: null,
    publicationDate: null,
    keywords: d.keywords,
    ...rest,
  };
}

function paidBook(d: Described, tomanPrice?: number): CatalogItem {
  return item(CATALOG_TYPE.book, d, { tomanPrice: tomanPrice ?? priceForPages(39_000, d.pages, 6_000) });
}

function freeBook(d: Described, license: string, links: string[]): CatalogItem {
  return item(CATALOG_TYPE.book, d, { free: true, license, links });
}

function solutionManual(d: Described, tomanPrice?: number): CatalogItem {
  return item(CATALOG_TYPE.solutionManual, d, { tomanPrice: tomanPrice ?? priceForPages(49_000, d.pages, 4_000) });
}

type StandardInput = {
  standardNumber: string;
  title: string;
  organization: string;
  publisher: string;
  publicationDate: string;
  pages: number;
  cdName: string;
  keywords: string;
  edition?: string;
  language?: CatalogLanguage;
  /** Only for standards published openly (public release). */
  openAccess?: { license: string; links: string[] };
};

function standard(s: StandardInput): CatalogItem {
  const year = Number(s.publicationDate.slice(0, 4));
  return item(
    CATALOG_TYPE.standard,
    {
      title: s.title,
      authors: s.organization,
      year,
      publisher: s.publisher,
      edition: s.edition ?? null,
      pages: s.pages,
      language: s.language ?? "English",
      keywords: s.keywords,
    },
    {
      standardNumber: s.standardNumber,
      organization: s.organization,
      cdName: s.cdName,
      publicationDate: s.publicationDate,
      ...(s.openAccess
        ? { free: true, license: s.openAccess.license, links: s.openAccess.links }
        : { tomanPrice: priceForPages(59_000, s.pages, 3_000) }),
    },
  );
}

type ReportInput = Described & {
  publicationDate: string;
  openAccess?: { license: string; links: string[] };
  tomanPrice?: number;
};

function report(r: ReportInput): CatalogItem {
  return item(CATALOG_TYPE.report, r, {
    publicationDate: r.publicationDate,
    ...(r.openAccess
      ? { free: true, license: r.openAccess.license, links: r.openAccess.links }
      : { tomanPrice: r.tomanPrice ?? priceForPages(69_000, r.pages, 5_000) }),
  });
}

// ---------------------------------------------------------------------------
// Books for sale (type 0).

const paidBooks: CatalogItem[] = [
  paidBook({ title: "Introduction to Algorithms", authors: "Thomas H. Cormen, Charles E. Leiserson, Ronald L. Rivest, Clifford Stein", year: 2009, publisher: "MIT Press", isbn: "978-0-262-03384-8", edition: "3rd", pages: 1312, keywords: "algorithms, data structures, sorting, graph algorithms, dynamic programming, complexity" }),
  paidBook({ title: "Artificial Intelligence: A Modern Approach", authors: "Stuart Russell, Peter Norvig", year: 2020, publisher: "Pearson", isbn: "978-0-13-461099-3", edition: "4th", pages: 1136, keywords: "artificial intelligence, search, planning, probabilistic reasoning, machine learning, agents" }),
  paidBook({ title: "Deep Learning", authors: "Ian Goodfellow, Yoshua Bengio, Aaron Courville", year: 2016, publisher: "MIT Press", isbn: "978-0-262-03561-3", edition: "1st", pages: 800, keywords: "deep learning, neural networks, optimization, convolutional networks, sequence modeling" }),
  paidBook({ title: "Pattern Recognition and Machine Learning", authors: "Christopher M. Bishop", year: 2006, publisher: "Springer", isbn: "978-0-387-31073-2", edition: "1st", pages: 738, keywords: "pattern recognition, machine learning, Bayesian inference, graphical models, kernel methods" }),
  paidBook({ title: "The Elements of Statistical Learning: Data Mining, Inference, and Prediction", authors: "Trevor Hastie, Robert Tibshirani, Jerome Friedman", year: 2009, publisher: "Springer", isbn: "978-0-387-84857-0", edition: "2nd", pages: 745, keywords: "statistical learning, regression, classification, boosting, model selection" }),
  paidBook({ title: "Machine Learning: A Probabilistic Perspective", authors: "Kevin P. Murphy", year: 2012, publisher: "MIT Press", isbn: "978-0-262-01802-9", edition: "1st", pages: 1104, keywords: "machine learning, probabilistic models, Bayesian statistics, graphical models" }),
  paidBook({ title: "Computer Networking: A Top-Down Approach", authors: "James F. Kurose, Keith W. Ross", year: 2017, publisher: "Pearson", isbn: "978-0-13-359414-0", edition: "7th", pages: 864, keywords: "computer networks, internet, TCP/IP, routing, network security" }),
  paidBook({ title: "Operating System Concepts", authors: "Abraham Silberschatz, Peter B. Galvin, Greg Gagne", year: 2018, publisher: "Wiley", isbn: "978-1-119-32091-3", edition: "10th", pages: 1040, keywords: "operating systems, processes, scheduling, memory management, file systems" }),
  paidBook({ title: "Computer Organization and Design RISC-V Edition: The Hardware/Software Interface", authors: "David A. Patterson, John L. Hennessy", year: 2017, publisher: "Morgan Kaufmann", isbn: "978-0-12-812275-4", edition: "1st", pages: 696, keywords: "computer organization, RISC-V, pipelining, memory hierarchy, instruction set" }),
  paidBook({ title: "Computer Architecture: A Quantitative Approach", authors: "John L. Hennessy, David A. Patterson", year: 2017, publisher: "Morgan Kaufmann", isbn: "978-0-12-811905-1", edition: "6th", pages: 936, keywords: "computer architecture, parallelism, memory hierarchy, domain-specific architectures" }),
  paidBook({ title: "Design Patterns: Elements of Reusable Object-Oriented Software", authors: "Erich Gamma, Richard Helm, Ralph Johnson, John Vlissides", year: 1994, publisher: "Addison-Wesley", isbn: "978-0-201-63361-0", edition: "1st", pages: 395, keywords: "design patterns, object-oriented design, software architecture" }),
  paidBook({ title: "Clean Code: A Handbook of Agile Software Craftsmanship", authors: "Robert C. Martin", year: 2008, publisher: "Prentice Hall", isbn: "978-0-13-235088-4", edition: "1st", pages: 464, extension: "epub", keywords: "software engineering, refactoring, code quality, agile" }),
  paidBook({ title: "The C Programming Language", authors: "Brian W. Kernighan, Dennis M. Ritchie", year: 1988, publisher: "Prentice Hall", isbn: "978-0-13-110362-7", edition: "2nd", pages: 272, extension: "djvu", keywords: "C language, programming, pointers, standard library" }),
  paidBook({ title: "Database System Concepts", authors: "Abraham Silberschatz, Henry F. Korth, S. Sudarshan", year: 2019, publisher: "McGraw-Hill Education", isbn: "978-0-07-802215-9", edition: "7th", pages: 1376, keywords: "databases, SQL, relational model, transactions, query processing" }),
  paidBook({ title: "Compilers: Principles, Techniques, and Tools", authors: "Alfred V. Aho, Monica S. Lam, Ravi Sethi, Jeffrey D. Ullman", year: 2006, publisher: "Pearson", isbn: "978-0-321-48681-3", edition: "2nd", pages: 1009, keywords: "compilers, parsing, lexical analysis, code generation, optimization" }),
  paidBook({ title: "Digital Image Processing", authors: "Rafael C. Gonzalez, Richard E. Woods", year: 2018, publisher: "Pearson", isbn: "978-0-13-335672-4", edition: "4th", pages: 1024, keywords: "image processing, filtering, segmentation, morphology, image compression" }),
  paidBook({ title: "Fundamentals of Physics", authors: "David Halliday, Robert Resnick, Jearl Walker", year: 2013, publisher: "Wiley", isbn: "978-1-118-23072-5", edition: "10th", pages: 1450, keywords: "physics, mechanics, thermodynamics, electromagnetism, optics" }),
  paidBook({ title: "Calculus: Early Transcendentals", authors: "James Stewart", year: 2015, publisher: "Cengage Learning", isbn: "978-1-285-74155-0", edition: "8th", pages: 1368, keywords: "calculus, limits, derivatives, integrals, series, multivariable calculus" }),
  paidBook({ title: "Advanced Engineering Mathematics", authors: "Erwin Kreyszig", year: 2011, publisher: "Wiley", isbn: "978-0-470-45836-5", edition: "10th", pages: 1283, keywords: "engineering mathematics, differential equations, linear algebra, Fourier analysis, complex analysis" }),
  paidBook({ title: "Linear Algebra and Its Applications", authors: "David C. Lay, Steven R. Lay, Judi J. McDonald", year: 2015, publisher: "Pearson", isbn: "978-0-321-98238-4", edition: "5th", pages: 576, keywords: "linear algebra, matrices, vector spaces, eigenvalues" }),
  paidBook({ title: "Thermodynamics: An Engineering Approach", authors: "Yunus A. Cengel, Michael A. Boles, Mehmet Kanoglu", year: 2019, publisher: "McGraw-Hill Education", isbn: "978-1-259-82267-4", edition: "9th", pages: 1008, keywords: "thermodynamics, energy, entropy, power cycles, refrigeration" }),
  paidBook({ title: "Fluid Mechanics", authors: "Frank M. White", year: 2015, publisher: "McGraw-Hill Education", isbn: "978-0-07-339827-3", edition: "8th", pages: 864, keywords: "fluid mechanics, viscous flow, boundary layers, compressible flow, turbomachinery" }),
  paidBook({ title: "Fundamentals of Heat and Mass Transfer", authors: "Theodore L. Bergman, Adrienne S. Lavine, Frank P. Incropera, David P. DeWitt", year: 2011, publisher: "Wiley", isbn: "978-0-470-50197-9", edition: "7th", pages: 1076, keywords: "heat transfer, conduction, convection, radiation, mass transfer" }),
  paidBook({ title: "Mechanics of Materials", authors: "Russell C. Hibbeler", year: 2017, publisher: "Pearson", isbn: "978-0-13-431965-0", edition: "10th", pages: 896, keywords: "mechanics of materials, stress, strain, torsion, bending, buckling" }),
  paidBook({ title: "Engineering Mechanics: Statics", authors: "Russell C. Hibbeler", year: 2016, publisher: "Pearson", isbn: "978-0-13-391892-2", edition: "14th", pages: 704, keywords: "statics, equilibrium, trusses, friction, moments of inertia" }),
  paidBook({ title: "Shigley's Mechanical Engineering Design", authors: "Richard G. Budynas, J. Keith Nisbett", year: 2015, publisher: "McGraw-Hill Education", isbn: "978-0-07-339820-4", edition: "10th", pages: 1104, keywords: "machine design, fatigue, shafts, gears, bearings, fasteners" }),
  paidBook({ title: "Microelectronic Circuits", authors: "Adel S. Sedra, Kenneth C. Smith", year: 2015, publisher: "Oxford University Press", isbn: "978-0-19-933913-6", edition: "7th", pages: 1472, keywords: "microelectronics, transistors, amplifiers, operational amplifiers, CMOS" }),
  paidBook({ title: "Fundamentals of Electric Circuits", authors: "Charles K. Alexander, Matthew N. O. Sadiku", year: 2017, publisher: "McGraw-Hill Education", isbn: "978-0-07-802822-9", edition: "6th", pages: 992, keywords: "electric circuits, circuit analysis, AC circuits, Laplace transform" }),
  paidBook({ title: "Signals and Systems", authors: "Alan V. Oppenheim, Alan S. Willsky, S. Hamid Nawab", year: 1997, publisher: "Prentice Hall", isbn: "978-0-13-814757-0", edition: "2nd", pages: 957, extension: "djvu", keywords: "signals, systems, Fourier transform, Laplace transform, z-transform, sampling" }),
  paidBook({ title: "Modern Control Engineering", authors: "Katsuhiko Ogata", year: 2010, publisher: "Prentice Hall", isbn: "978-0-13-615673-4", edition: "5th", pages: 894, keywords: "control systems, root locus, frequency response, PID control, state space" }),
  paidBook({ title: "Power System Analysis and Design", authors: "J. Duncan Glover, Thomas J. Overbye, Mulukutla S. Sarma", year: 2017, publisher: "Cengage Learning", isbn: "978-1-305-63213-4", edition: "6th", pages: 864, keywords: "power systems, load flow, fault analysis, stability, transmission lines" }),
  paidBook({ title: "Elements of Chemical Reaction Engineering", authors: "H. Scott Fogler", year: 2016, publisher: "Prentice Hall", isbn: "978-0-13-388751-8", edition: "5th", pages: 992, keywords: "chemical reaction engineering, reactor design, kinetics, catalysis" }),
  paidBook({ title: "Materials Science and Engineering: An Introduction", authors: "William D. Callister Jr., David G. Rethwisch", year: 2018, publisher: "Wiley", isbn: "978-1-119-40549-8", edition: "10th", pages: 992, keywords: "materials science, crystal structure, phase diagrams, mechanical properties" }),
  paidBook({ title: "Structural Analysis", authors: "Russell C. Hibbeler", year: 2018, publisher: "Pearson", isbn: "978-0-13-461067-2", edition: "10th", pages: 720, keywords: "structural analysis, trusses, beams, frames, influence lines" }),
  paidBook({ title: "Design of Concrete Structures", authors: "David Darwin, Charles W. Dolan, Arthur H. Nilson", year: 2016, publisher: "McGraw-Hill Education", isbn: "978-0-07-339794-8", edition: "15th", pages: 786, keywords: "reinforced concrete, concrete design, ACI 318, prestressed concrete" }),
  paidBook({ title: "Soil Mechanics in Engineering Practice", authors: "Karl Terzaghi, Ralph B. Peck, Gholamreza Mesri", year: 1996, publisher: "Wiley", isbn: "978-0-471-08658-1", edition: "3rd", pages: 592, keywords: "soil mechanics, geotechnical engineering, consolidation, shear strength" }),
  paidBook({ title: "Introduction to Solid State Physics", authors: "Charles Kittel", year: 2005, publisher: "Wiley", isbn: "978-0-471-41526-8", edition: "8th", pages: 704, keywords: "solid state physics, crystal lattices, phonons, semiconductors, superconductivity" }),
  paidBook({ title: "Introduction to Electrodynamics", authors: "David J. Griffiths", year: 2013, publisher: "Pearson", isbn: "978-0-321-85656-2", edition: "4th", pages: 624, keywords: "electrodynamics, electrostatics, magnetostatics, Maxwell equations, radiation" }),
  paidBook({ title: "Introduction to Quantum Mechanics", authors: "David J. Griffiths, Darrell F. Schroeter", year: 2018, publisher: "Cambridge University Press", isbn: "978-1-107-18963-8", edition: "3rd", pages: 508, keywords: "quantum mechanics, Schrodinger equation, angular momentum, perturbation theory" }),
  paidBook({ title: "Atkins' Physical Chemistry", authors: "Peter Atkins, Julio de Paula, James Keeler", year: 2018, publisher: "Oxford University Press", isbn: "978-0-19-876986-6", edition: "11th", pages: 940, keywords: "physical chemistry, thermodynamics, quantum chemistry, spectroscopy, kinetics" }),
  paidBook({ title: "Organic Chemistry", authors: "Jonathan Clayden, Nick Greeves, Stuart Warren", year: 2012, publisher: "Oxford University Press", isbn: "978-0-19-927029-3", edition: "2nd", pages: 1264, keywords: "organic chemistry, reaction mechanisms, synthesis, stereochemistry" }),
  paidBook({ title: "Molecular Biology of the Cell", authors: "Bruce Alberts, Alexander Johnson, Julian Lewis, David Morgan, Martin Raff, Keith Roberts, Peter Walter", year: 2014, publisher: "Garland Science", isbn: "978-0-8153-4432-2", edition: "6th", pages: 1464, keywords: "cell biology, molecular biology, genetics, cell signaling" }),
  paidBook({ title: "Guyton and Hall Textbook of Medical Physiology", authors: "John E. Hall, Michael E. Hall", year: 2020, publisher: "Elsevier", isbn: "978-0-323-59712-8", edition: "14th", pages: 1152, keywords: "physiology, medicine, cardiovascular system, renal physiology, neurophysiology" }),
  paidBook({ title: "Harrison's Principles of Internal Medicine", authors: "Joseph Loscalzo, Anthony S. Fauci, Dennis L. Kasper, Stephen L. Hauser, Dan L. Longo, J. Larry Jameson", year: 2022, publisher: "McGraw-Hill", isbn: "978-1-264-26850-4", edition: "21st", pages: 4384, keywords: "internal medicine, clinical medicine, diagnosis, therapeutics" }, 249_000),
  paidBook({ title: "Gray's Anatomy: The Anatomical Basis of Clinical Practice", authors: "Susan Standring", year: 2020, publisher: "Elsevier", isbn: "978-0-7020-7705-0", edition: "42nd", pages: 1606, keywords: "anatomy, clinical anatomy, human body, dissection" }),
  paidBook({ title: "Principles of Economics", authors: "N. Gregory Mankiw", year: 2020, publisher: "Cengage Learning", isbn: "978-0-357-03831-4", edition: "9th", pages: 880, keywords: "economics, microeconomics, macroeconomics, markets" }),
  paidBook({ title: "Technische Mechanik 1: Statik", authors: "Dietmar Gross, Werner Hauger, Jörg Schröder, Wolfgang A. Wall", year: 2019, publisher: "Springer Vieweg", isbn: "978-3-662-59156-7", edition: "14. Auflage", pages: 252, language: "German", keywords: "Technische Mechanik, Statik, Gleichgewicht, Fachwerke, Schnittgrößen" }),
  paidBook({ title: "Roloff/Matek Maschinenelemente: Normung, Berechnung, Gestaltung", authors: "Herbert Wittel, Christian Spura, Dieter Jannasch", year: 2019, publisher: "Springer Vieweg", isbn: "978-3-658-26279-2", edition: "24. Auflage", pages: 896, language: "German", keywords: "Maschinenelemente, Konstruktion, Festigkeitsberechnung, Getriebe" }),
  paidBook({ title: "Elektrische Maschinen: Aufbau, Wirkungsweise und Betriebsverhalten", authors: "Rolf Fischer", year: 2017, publisher: "Carl Hanser Verlag", isbn: "978-3-446-45218-3", edition: "17. Auflage", pages: 480, language: "German", keywords: "elektrische Maschinen, Transformatoren, Asynchronmaschine, Synchronmaschine" }),
  paidBook({ title: "Analyse numérique et équations différentielles", authors: "Jean-Pierre Demailly", year: 2016, publisher: "EDP Sciences", isbn: "978-2-7598-1911-9", edition: "4e édition", pages: 344, language: "French", keywords: "analyse numérique, équations différentielles, interpolation, intégration numérique" }),
];

// ---------------------------------------------------------------------------
// Open-access books (type 0, free) with their licence and landing page.

const OPENSTAX = "OpenStax, Rice University";
const openstax = (slug: string) => [`https://openstax.org/details/books/${slug}`];

const freeBooks: CatalogItem[] = [
  freeBook({ title: "University Physics Volume 1", authors: "Samuel J. Ling, Jeff Sanny, William Moebs", year: 2016, publisher: OPENSTAX, isbn: "978-1-938168-27-7", pages: 982, keywords: "physics, mechanics, waves, acoustics, calculus-based physics" }, "CC BY 4.0", openstax("university-physics-volume-1")),
  freeBook({ title: "University Physics Volume 2", authors: "Samuel J. Ling, Jeff Sanny, William Moebs", year: 2016, publisher: OPENSTAX, isbn: "978-1-938168-16-1", pages: 820, keywords: "physics, thermodynamics, electricity, magnetism" }, "CC BY 4.0", openstax("university-physics-volume-2")),
  freeBook({ title: "University Physics Volume 3", authors: "Samuel J. Ling, Jeff Sanny, William Moebs", year: 2016, publisher: OPENSTAX, isbn: "978-1-938168-18-5", pages: 610, keywords: "physics, optics, modern physics, quantum mechanics, nuclear physics" }, "CC BY 4.0", openstax("university-physics-volume-3")),
  freeBook({ title: "College Physics", authors: "Paul Peter Urone, Roger Hinrichs", year: 2012, publisher: OPENSTAX, isbn: "978-1-938168-00-0", pages: 1269, keywords: "physics, algebra-based physics, mechanics, electricity" }, "CC BY 4.0", openstax("college-physics")),
  freeBook({ title: "Calculus Volume 1", authors: "Gilbert Strang, Edwin Herman", year: 2016, publisher: OPENSTAX, isbn: "978-1-938168-02-4", pages: 873, keywords: "calculus, limits, derivatives, integration" }, "CC BY-NC-SA 4.0", openstax("calculus-volume-1")),
  freeBook({ title: "Calculus Volume 2", authors: "Gilbert Strang, Edwin Herman", year: 2016, publisher: OPENSTAX, isbn: "978-1-938168-06-2", pages: 818, keywords: "calculus, integration techniques, sequences, series, parametric equations" }, "CC BY-NC-SA 4.0", openstax("calculus-volume-2")),
  freeBook({ title: "Calculus Volume 3", authors: "Gilbert Strang, Edwin Herman", year: 2016, publisher: OPENSTAX, isbn: "978-1-938168-07-9", pages: 1015, keywords: "multivariable calculus, vector calculus, differential equations" }, "CC BY-NC-SA 4.0", openstax("calculus-volume-3")),
  freeBook({ title: "Chemistry 2e", authors: "Paul Flowers, Klaus Theopold, Richard Langley, William R. Robinson", year: 2019, publisher: OPENSTAX, isbn: "978-1-947172-61-6", pages: 1341, keywords: "chemistry, stoichiometry, thermochemistry, chemical bonding" }, "CC BY 4.0", openstax("chemistry-2e")),
  freeBook({ title: "Biology 2e", authors: "Mary Ann Clark, Matthew Douglas, Jung Choi", year: 2018, publisher: OPENSTAX, isbn: "978-1-947172-51-7", pages: 1469, keywords: "biology, cell biology, genetics, evolution, ecology" }, "CC BY 4.0", openstax("biology-2e")),
  freeBook({ title: "Anatomy and Physiology", authors: "J. Gordon Betts, Kelly A. Young, James A. Wise, Eddie Johnson, Brandon Poe, Dean H. Kruse, Oksana Korol, Jody E. Johnson, Mark Womble, Peter DeSaix", year: 2013, publisher: OPENSTAX, isbn: "978-1-938168-13-0", pages: 1410, keywords: "anatomy, physiology, human body, organ systems" }, "CC BY 4.0", openstax("anatomy-and-physiology")),
  freeBook({ title: "Microbiology", authors: "Nina Parker, Mark Schneegurt, Anh-Hue Thi Tu, Philip Lister, Brian M. Forster", year: 2016, publisher: OPENSTAX, isbn: "978-1-938168-14-7", pages: 1300, keywords: "microbiology, bacteria, viruses, immunology, infectious disease" }, "CC BY 4.0", openstax("microbiology")),
  freeBook({ title: "Introductory Statistics", authors: "Barbara Illowsky, Susan Dean", year: 2013, publisher: OPENSTAX, isbn: "978-1-938168-20-8", pages: 905, keywords: "statistics, probability, hypothesis testing, regression" }, "CC BY 4.0", openstax("introductory-statistics")),
  freeBook({ title: "Astronomy", authors: "Andrew Fraknoi, David Morrison, Sidney C. Wolff", year: 2016, publisher: OPENSTAX, isbn: "978-1-938168-28-4", pages: 1188, keywords: "astronomy, solar system, stars, galaxies, cosmology" }, "CC BY 4.0", openstax("astronomy")),
  freeBook({ title: "Principles of Economics 2e", authors: "Steven A. Greenlaw, David Shapiro, Timothy Taylor", year: 2017, publisher: OPENSTAX, isbn: "978-1-947172-36-4", pages: 890, keywords: "economics, microeconomics, macroeconomics, monetary policy" }, "CC BY 4.0", openstax("principles-economics-2e")),
  freeBook({ title: "Algebra and Trigonometry", authors: "Jay Abramson", year: 2015, publisher: OPENSTAX, isbn: "978-1-938168-37-6", pages: 1564, keywords: "algebra, trigonometry, functions, equations" }, "CC BY 4.0", openstax("algebra-and-trigonometry")),
  freeBook({ title: "Precalculus", authors: "Jay Abramson", year: 2014, publisher: OPENSTAX, isbn: "978-1-938168-34-5", pages: 1128, keywords: "precalculus, functions, trigonometry, conic sections" }, "CC BY 4.0", openstax("precalculus")),
  freeBook({ title: "Psychology 2e", authors: "Rose M. Spielman, William J. Jenkins, Marilyn D. Lovett", year: 2020, publisher: OPENSTAX, isbn: "978-1-951693-23-7", pages: 750, keywords: "psychology, cognition, development, personality, social psychology" }, "CC BY 4.0", openstax("psychology-2e")),
  freeBook({ title: "Pro Git", authors: "Scott Chacon, Ben Straub", year: 2014, publisher: "Apress", isbn: "978-1-4842-0077-3", edition: "2nd", pages: 456, extension: "epub", keywords: "git, version control, branching, collaboration" }, "CC BY-NC-SA 3.0", ["https://git-scm.com/book/en/v2"]),
  freeBook({ title: "Structure and Interpretation of Computer Programs", authors: "Harold Abelson, Gerald Jay Sussman, Julie Sussman", year: 1996, publisher: "MIT Press", isbn: "978-0-262-51087-5", edition: "2nd", pages: 657, keywords: "programming, Scheme, abstraction, interpreters, functional programming" }, "CC BY-SA 4.0", ["https://mitpress.mit.edu/sites/default/files/sicp/index.html"]),
  freeBook({ title: "Think Python: How to Think Like a Computer Scientist", authors: "Allen B. Downey", year: 2015, publisher: "O'Reilly Media", isbn: "978-1-491-93936-9", edition: "2nd", pages: 292, keywords: "Python, programming, introduction to computer science" }, "CC BY-NC 3.0", ["https://greenteapress.com/wp/think-python-2e/"]),
  freeBook({ title: "Dive into Deep Learning", authors: "Aston Zhang, Zachary C. Lipton, Mu Li, Alexander J. Smola", year: 2023, publisher: "Cambridge University Press", isbn: "978-1-009-38943-3", edition: "1st", pages: 574, keywords: "deep learning, neural networks, PyTorch, attention, transformers" }, "CC BY-SA 4.0", ["https://d2l.ai"]),
  freeBook({ title: "Open Data Structures: An Introduction", authors: "Pat Morin", year: 2013, publisher: "AU Press", isbn: "978-1-927356-38-8", edition: "1st", pages: 336, keywords: "data structures, algorithms, hash tables, trees, heaps" }, "CC BY 2.5", ["https://opendatastructures.org"]),
  freeBook({ title: "Reinforcement Learning: An Introduction", authors: "Richard S. Sutton, Andrew G. Barto", year: 2018, publisher: "MIT Press", isbn: "978-0-262-03924-6", edition: "2nd", pages: 552, keywords: "reinforcement learning, Markov decision processes, temporal-difference learning, policy gradient" }, "CC BY-NC-ND 2.0", ["http://incompleteideas.net/book/the-book-2nd.html"]),
  freeBook({ title: "Fundamentals of Clinical Data Science", authors: "Pieter Kubben, Michel Dumontier, Andre Dekker", year: 2019, publisher: "Springer", isbn: "978-3-319-99712-4", edition: "1st", pages: 219, keywords: "clinical data science, medical informatics, machine learning, FAIR data" }, "CC BY 4.0", ["https://link.springer.com/book/10.1007/978-3-319-99713-1"]),
  freeBook({ title: "Linear Algebra", authors: "Jim Hefferon", year: 2020, publisher: "Orthogonal Publishing L3C", edition: "4th", pages: 500, keywords: "linear algebra, vector spaces, linear maps, determinants, eigenvalues" }, "CC BY-SA 2.5", ["https://hefferon.net/linearalgebra/"]),
  freeBook({ title: "Introduction to Probability", authors: "Charles M. Grinstead, J. Laurie Snell", year: 1997, publisher: "American Mathematical Society", isbn: "978-0-8218-0749-1", edition: "2nd revised", pages: 510, keywords: "probability, random variables, Markov chains, central limit theorem" }, "GNU FDL", ["https://math.dartmouth.edu/~prob/prob/prob.pdf"]),
];

// ---------------------------------------------------------------------------
// Solution manuals (type 1): companions to common course textbooks.

const solutionsFor = (textbook: string, edition: string) => `Solutions Manual for ${textbook}, ${edition} Edition`;

const solutionManuals: CatalogItem[] = [
  solutionManual({ title: solutionsFor("Fundamentals of Physics", "10th"), authors: "David Halliday, Robert Resnick, Jearl Walker", year: 2014, publisher: "Wiley", edition: "10th", pages: 1120, keywords: "solutions, physics, problems, Halliday" }),
  solutionManual({ title: solutionsFor("Engineering Mechanics: Statics", "14th"), authors: "Russell C. Hibbeler", year: 2016, publisher: "Pearson", edition: "14th", pages: 1010, keywords: "solutions, statics, engineering mechanics, Hibbeler" }),
  solutionManual({ title: solutionsFor("Engineering Mechanics: Dynamics", "14th"), authors: "Russell C. Hibbeler", year: 2016, publisher: "Pearson", edition: "14th", pages: 1178, keywords: "solutions, dynamics, kinematics, kinetics, Hibbeler" }),
  solutionManual({ title: solutionsFor("Mechanics of Materials", "10th"), authors: "Russell C. Hibbeler", year: 2017, publisher: "Pearson", edition: "10th", pages: 1312, keywords: "solutions, mechanics of materials, stress, strain" }),
  solutionManual({ title: solutionsFor("Thermodynamics: An Engineering Approach", "9th"), authors: "Yunus A. Cengel, Michael A. Boles, Mehmet Kanoglu", year: 2019, publisher: "McGraw-Hill Education", edition: "9th", pages: 1630, keywords: "solutions, thermodynamics, Cengel" }),
  solutionManual({ title: solutionsFor("Fluid Mechanics", "8th"), authors: "Frank M. White", year: 2016, publisher: "McGraw-Hill Education", edition: "8th", pages: 1015, keywords: "solutions, fluid mechanics, White" }),
  solutionManual({ title: solutionsFor("Fundamentals of Heat and Mass Transfer", "7th"), authors: "Theodore L. Bergman, Adrienne S. Lavine, Frank P. Incropera, David P. DeWitt", year: 2011, publisher: "Wiley", edition: "7th", pages: 1994, keywords: "solutions, heat transfer, Incropera" }),
  solutionManual({ title: solutionsFor("Shigley's Mechanical Engineering Design", "10th"), authors: "Richard G. Budynas, J. Keith Nisbett", year: 2015, publisher: "McGraw-Hill Education", edition: "10th", pages: 702, keywords: "solutions, machine design, Shigley" }),
  solutionManual({ title: solutionsFor("Microelectronic Circuits", "7th"), authors: "Adel S. Sedra, Kenneth C. Smith", year: 2015, publisher: "Oxford University Press", edition: "7th", pages: 1010, keywords: "solutions, microelectronics, Sedra Smith" }),
  solutionManual({ title: solutionsFor("Fundamentals of Electric Circuits", "6th"), authors: "Charles K. Alexander, Matthew N. O. Sadiku", year: 2017, publisher: "McGraw-Hill Education", edition: "6th", pages: 1356, keywords: "solutions, electric circuits, Alexander Sadiku" }),
  solutionManual({ title: solutionsFor("Signals and Systems", "2nd"), authors: "Alan V. Oppenheim, Alan S. Willsky, S. Hamid Nawab", year: 1997, publisher: "Prentice Hall", edition: "2nd", pages: 406, extension: "djvu", keywords: "solutions, signals and systems, Oppenheim" }),
  solutionManual({ title: solutionsFor("Modern Control Engineering", "5th"), authors: "Katsuhiko Ogata", year: 2010, publisher: "Prentice Hall", edition: "5th", pages: 354, keywords: "solutions, control engineering, Ogata" }),
  solutionManual({ title: solutionsFor("Digital Design", "5th"), authors: "M. Morris Mano, Michael D. Ciletti", year: 2013, publisher: "Pearson", edition: "5th", pages: 330, keywords: "solutions, digital design, logic circuits, Verilog" }),
  solutionManual({ title: solutionsFor("Engineering Electromagnetics", "8th"), authors: "William H. Hayt, John A. Buck", year: 2012, publisher: "McGraw-Hill", edition: "8th", pages: 296, keywords: "solutions, electromagnetics, Hayt" }),
  solutionManual({ title: solutionsFor("Introduction to Algorithms", "3rd"), authors: "Thomas H. Cormen, Charles E. Leiserson, Ronald L. Rivest, Clifford Stein", year: 2009, publisher: "MIT Press", edition: "3rd", pages: 414, keywords: "solutions, algorithms, instructor's manual, CLRS" }),
  solutionManual({ title: solutionsFor("Calculus: Early Transcendentals", "8th"), authors: "James Stewart", year: 2015, publisher: "Cengage Learning", edition: "8th", pages: 1520, keywords: "solutions, calculus, Stewart" }),
  solutionManual({ title: solutionsFor("Linear Algebra and Its Applications", "5th"), authors: "David C. Lay, Steven R. Lay, Judi J. McDonald", year: 2015, publisher: "Pearson", edition: "5th", pages: 470, keywords: "solutions, linear algebra, Lay" }),
  solutionManual({ title: solutionsFor("Advanced Engineering Mathematics", "10th"), authors: "Erwin Kreyszig", year: 2011, publisher: "Wiley", edition: "10th", pages: 624, keywords: "solutions, engineering mathematics, Kreyszig" }),
  solutionManual({ title: solutionsFor("Probability and Statistics for Engineers and Scientists", "9th"), authors: "Ronald E. Walpole, Raymond H. Myers, Sharon L. Myers, Keying Ye", year: 2012, publisher: "Pearson", edition: "9th", pages: 298, keywords: "solutions, probability, statistics, Walpole" }),
  solutionManual({ title: solutionsFor("Elements of Chemical Reaction Engineering", "5th"), authors: "H. Scott Fogler", year: 2016, publisher: "Prentice Hall", edition: "5th", pages: 780, keywords: "solutions, chemical reaction engineering, Fogler" }),
  solutionManual({ title: solutionsFor("Introduction to Chemical Engineering Thermodynamics", "8th"), authors: "J. M. Smith, Hendrick C. Van Ness, Michael M. Abbott, Mark T. Swihart", year: 2018, publisher: "McGraw-Hill Education", edition: "8th", pages: 690, keywords: "solutions, chemical engineering thermodynamics, Smith Van Ness" }),
  solutionManual({ title: solutionsFor("Structural Analysis", "10th"), authors: "Russell C. Hibbeler", year: 2018, publisher: "Pearson", edition: "10th", pages: 880, keywords: "solutions, structural analysis, Hibbeler" }),
  solutionManual({ title: solutionsFor("Computer Networking: A Top-Down Approach", "7th"), authors: "James F. Kurose, Keith W. Ross", year: 2017, publisher: "Pearson", edition: "7th", pages: 146, keywords: "solutions, computer networking, Kurose Ross" }),
  solutionManual({ title: solutionsFor("Operating System Concepts", "10th"), authors: "Abraham Silberschatz, Peter B. Galvin, Greg Gagne", year: 2018, publisher: "Wiley", edition: "10th", pages: 190, keywords: "solutions, operating systems, Silberschatz" }),
];

// ---------------------------------------------------------------------------
// Standards (type 2). `organization` is a code from standards-organizations.ts.

const ISO_CD = "ISO Standards Collection";
const IEEE_CD = "IEEE Standards Collection";
const astmVolume = (volume: string) => `Annual Book of ASTM Standards, Volume ${volume}`;

const standards: CatalogItem[] = [
  standard({ standardNumber: "ISO 9001:2015", title: "Quality management systems — Requirements", organization: "ISO", publisher: "International Organization for Standardization", publicationDate: "2015-09-15", pages: 29, edition: "5th", cdName: ISO_CD, keywords: "quality management, QMS, certification, process approach, risk-based thinking" }),
  standard({ standardNumber: "ISO 14001:2015", title: "Environmental management systems — Requirements with guidance for use", organization: "ISO", publisher: "International Organization for Standardization", publicationDate: "2015-09-15", pages: 35, edition: "3rd", cdName: ISO_CD, keywords: "environmental management, EMS, sustainability, compliance" }),
  standard({ standardNumber: "ISO 45001:2018", title: "Occupational health and safety management systems — Requirements with guidance for use", organization: "ISO", publisher: "International Organization for Standardization", publicationDate: "2018-03-12", pages: 41, edition: "1st", cdName: ISO_CD, keywords: "occupational health, safety management, OH&S, hazard identification" }),
  standard({ standardNumber: "ISO 50001:2018", title: "Energy management systems — Requirements with guidance for use", organization: "ISO", publisher: "International Organization for Standardization", publicationDate: "2018-08-21", pages: 34, edition: "2nd", cdName: ISO_CD, keywords: "energy management, energy performance, EnMS" }),
  standard({ standardNumber: "ISO/IEC 27001:2022", title: "Information security, cybersecurity and privacy protection — Information security management systems — Requirements", organization: "ISO/IEC JTC 1", publisher: "International Organization for Standardization", publicationDate: "2022-10-25", pages: 19, edition: "3rd", cdName: ISO_CD, keywords: "information security, ISMS, cybersecurity, risk treatment, Annex A controls" }),
  standard({ standardNumber: "IEC 61508-1:2010", title: "Functional safety of electrical/electronic/programmable electronic safety-related systems — Part 1: General requirements", organization: "IEC", publisher: "International Electrotechnical Commission", publicationDate: "2010-04-30", pages: 123, edition: "2.0", cdName: "IEC Webstore Collection", keywords: "functional safety, SIL, safety lifecycle, E/E/PE systems" }),
  standard({ standardNumber: "IEC 60034-1:2022", title: "Rotating electrical machines — Part 1: Rating and performance", organization: "IEC", publisher: "International Electrotechnical Commission", publicationDate: "2022-01-26", pages: 190, edition: "14.0", cdName: "IEC Webstore Collection", keywords: "rotating machines, electric motors, rating, temperature rise, duty types" }),
  standard({ standardNumber: "ASTM A36/A36M-19", title: "Standard Specification for Carbon Structural Steel", organization: "ASTM", publisher: "ASTM International", publicationDate: "2019-11-01", pages: 3, cdName: astmVolume("01.04"), keywords: "structural steel, carbon steel, plates, shapes, bars" }),
  standard({ standardNumber: "ASTM E8/E8M-22", title: "Standard Test Methods for Tension Testing of Metallic Materials", organization: "ASTM", publisher: "ASTM International", publicationDate: "2022-05-01", pages: 30, cdName: astmVolume("03.01"), keywords: "tension test, yield strength, tensile strength, elongation, metals" }),
  standard({ standardNumber: "ASTM D638-14", title: "Standard Test Method for Tensile Properties of Plastics", organization: "ASTM", publisher: "ASTM International", publicationDate: "2014-12-15", pages: 17, cdName: astmVolume("08.01"), keywords: "plastics, tensile properties, dumbbell specimen, modulus" }),
  standard({ standardNumber: "ASTM C39/C39M-21", title: "Standard Test Method for Compressive Strength of Cylindrical Concrete Specimens", organization: "ASTM", publisher: "ASTM International", publicationDate: "2021-03-01", pages: 8, cdName: astmVolume("04.02"), keywords: "concrete, compressive strength, cylinders, testing" }),
  standard({ standardNumber: "ASME B31.3-2022", title: "Process Piping", organization: "ASME", publisher: "American Society of Mechanical Engineers", publicationDate: "2022-12-16", pages: 556, cdName: "ASME Codes and Standards", keywords: "process piping, pressure design, piping materials, fabrication, inspection" }),
  standard({ standardNumber: "ASME BPVC.VIII.1-2023", title: "Boiler and Pressure Vessel Code, Section VIII, Division 1: Rules for Construction of Pressure Vessels", organization: "ASME", publisher: "American Society of Mechanical Engineers", publicationDate: "2023-07-01", pages: 820, edition: "2023", cdName: "ASME Boiler and Pressure Vessel Code", keywords: "pressure vessels, design, fabrication, welding, BPVC" }),
  standard({ standardNumber: "IEEE 754-2019", title: "IEEE Standard for Floating-Point Arithmetic", organization: "IEEE", publisher: "Institute of Electrical and Electronics Engineers", publicationDate: "2019-07-22", pages: 84, cdName: IEEE_CD, keywords: "floating point, binary64, rounding, arithmetic, computer arithmetic" }),
  standard({ standardNumber: "IEEE 802.11-2020", title: "IEEE Standard for Information Technology — Telecommunications and Information Exchange between Systems — Local and Metropolitan Area Networks — Specific Requirements — Part 11: Wireless LAN Medium Access Control (MAC) and Physical Layer (PHY) Specifications", organization: "IEEE", publisher: "Institute of Electrical and Electronics Engineers", publicationDate: "2021-02-26", pages: 4379, cdName: IEEE_CD, keywords: "Wi-Fi, wireless LAN, MAC, PHY, 802.11ax" }),
  standard({ standardNumber: "IEEE 519-2022", title: "IEEE Standard for Harmonic Control in Electric Power Systems", organization: "IEEE", publisher: "Institute of Electrical and Electronics Engineers", publicationDate: "2022-08-05", pages: 31, cdName: IEEE_CD, keywords: "harmonics, power quality, THD, point of common coupling" }),
  standard({ standardNumber: "API STD 650", title: "Welded Tanks for Oil Storage", organization: "API", publisher: "American Petroleum Institute", publicationDate: "2020-03-01", pages: 500, edition: "13th", cdName: "API Standards Collection", keywords: "storage tanks, welded tanks, oil storage, tank design" }),
  standard({ standardNumber: "API SPEC 5L", title: "Line Pipe", organization: "API", publisher: "American Petroleum Institute", publicationDate: "2018-04-01", pages: 212, edition: "46th", cdName: "API Standards Collection", keywords: "line pipe, pipelines, steel pipe, PSL1, PSL2" }),
  standard({ standardNumber: "AWS D1.1/D1.1M:2020", title: "Structural Welding Code — Steel", organization: "AWS", publisher: "American Welding Society", publicationDate: "2020-01-01", pages: 598, edition: "24th", cdName: "AWS Standards Collection", keywords: "welding, structural steel, welding procedure, inspection" }),
  standard({ standardNumber: "NFPA 70", title: "National Electrical Code", organization: "NFPA", publisher: "National Fire Protection Association", publicationDate: "2022-08-25", pages: 900, edition: "2023", cdName: "NFPA National Fire Codes", keywords: "NEC, electrical installations, wiring, grounding, overcurrent protection" }),
  standard({ standardNumber: "ANSI/ASHRAE Standard 90.1-2022", title: "Energy Standard for Sites and Buildings Except Low-Rise Residential Buildings", organization: "ASHRAE", publisher: "ASHRAE", publicationDate: "2022-12-01", pages: 390, cdName: "ASHRAE Standards Collection", keywords: "energy efficiency, building envelope, HVAC, lighting" }),
  standard({ standardNumber: "ACI 318-19", title: "Building Code Requirements for Structural Concrete and Commentary", organization: "ACI", publisher: "American Concrete Institute", publicationDate: "2019-06-01", pages: 628, cdName: "ACI Collection of Concrete Codes", keywords: "reinforced concrete, building code, structural design, seismic" }),
  standard({ standardNumber: "ANSI/AISC 360-22", title: "Specification for Structural Steel Buildings", organization: "AISC", publisher: "American Institute of Steel Construction", publicationDate: "2022-08-01", pages: 780, cdName: "AISC Standards", keywords: "structural steel, LRFD, ASD, connections, stability" }),
  standard({ standardNumber: "DIN 1025-5:1994-03", title: "Warmgewalzte I-Träger; Mittelbreite I-Träger, IPE-Reihe; Maße, Masse, statische Werte", organization: "DIN", publisher: "Beuth Verlag", publicationDate: "1994-03-01", pages: 6, language: "German", cdName: "DIN-Normen Stahl und Eisen", keywords: "IPE, I-Träger, Profile, Stahlbau, Maße" }),
  standard({ standardNumber: "BS EN 1992-1-1:2004+A1:2014", title: "Eurocode 2: Design of concrete structures — Part 1-1: General rules and rules for buildings", organization: "BSI", publisher: "British Standards Institution", publicationDate: "2015-01-31", pages: 230, cdName: "BSI Eurocodes Collection", keywords: "Eurocode 2, concrete design, reinforced concrete, buildings" }),
  standard({ standardNumber: "EN 1090-2:2018", title: "Execution of steel structures and aluminium structures — Part 2: Technical requirements for steel structures", organization: "CEN", publisher: "European Committee for Standardization", publicationDate: "2018-08-01", pages: 200, cdName: "CEN Structural Collection", keywords: "steel structures, execution, execution class, welding, tolerances" }),
  standard({ standardNumber: "SAE J429", title: "Mechanical and Material Requirements for Externally Threaded Fasteners", organization: "SAE", publisher: "SAE International", publicationDate: "2014-07-07", pages: 14, cdName: "SAE Ground Vehicle Standards", keywords: "fasteners, bolts, grade 5, grade 8, mechanical properties" }),
  standard({ standardNumber: "ANSI/NACE MR0175/ISO 15156-1:2020", title: "Petroleum and natural gas industries — Materials for use in H2S-containing environments in oil and gas production — Part 1: General principles for selection of cracking-resistant materials", organization: "NACE", publisher: "AMPP", publicationDate: "2020-11-01", pages: 20, cdName: "AMPP Standards", keywords: "sour service, H2S, sulfide stress cracking, materials selection" }),
  standard({ standardNumber: "JIS G 3101:2020", title: "Rolled steels for general structure", organization: "JIS", publisher: "Japanese Standards Association", publicationDate: "2020-03-23", pages: 24, cdName: "JIS Handbook: Ferrous Materials", keywords: "SS400, rolled steel, general structure, mechanical properties" }),
  standard({ standardNumber: "GB 50011-2010", title: "Code for Seismic Design of Buildings", organization: "GB", publisher: "China Architecture & Building Press", publicationDate: "2010-05-31", pages: 430, edition: "2016 revision", cdName: "GB Engineering Construction Standards (English translation)", keywords: "seismic design, earthquake engineering, buildings, China" }),
  standard({ standardNumber: "ITU-T H.264 (08/2021)", title: "Advanced video coding for generic audiovisual services", organization: "ITU", publisher: "International Telecommunication Union", publicationDate: "2021-08-22", pages: 844, edition: "14th", cdName: "ITU-T Recommendations", keywords: "video coding, AVC, H.264, compression" }),
  standard({ standardNumber: "ETSI EN 300 328 V2.2.2 (2019-07)", title: "Wideband transmission systems; Data transmission equipment operating in the 2,4 GHz band; Harmonised Standard for access to radio spectrum", organization: "ETSI", publisher: "European Telecommunications Standards Institute", publicationDate: "2019-07-01", pages: 100, cdName: "ETSI Harmonised Standards", keywords: "2.4 GHz, radio equipment, Bluetooth, Wi-Fi, RED" }),
  standard({ standardNumber: "IPC-A-610H", title: "Acceptability of Electronic Assemblies", organization: "IPC", publisher: "IPC", publicationDate: "2020-09-01", pages: 400, cdName: "IPC Standards", keywords: "electronic assemblies, soldering, inspection, workmanship" }),
  standard({ standardNumber: "NF C15-100", title: "Installations électriques à basse tension", organization: "AFNOR", publisher: "AFNOR Éditions", publicationDate: "2002-12-01", pages: 500, language: "French", cdName: "Normes NF Électricité", keywords: "installations électriques, basse tension, protection, câblage" }),
  standard({ standardNumber: "ANSI/ISA-5.1-2009", title: "Instrumentation Symbols and Identification", organization: "ISA", publisher: "International Society of Automation", publicationDate: "2009-09-18", pages: 128, cdName: "ISA Standards", keywords: "P&ID, instrumentation symbols, process control, identification" }),
  standard({ standardNumber: "UL 94", title: "Standard for Tests for Flammability of Plastic Materials for Parts in Devices and Appliances", organization: "UL", publisher: "UL Standards & Engagement", publicationDate: "2013-03-28", pages: 52, edition: "6th", cdName: "UL Standards", keywords: "flammability, plastics, V-0, burning test" }),
  standard({ standardNumber: "NORSOK M-501:2012", title: "Surface preparation and protective coating", organization: "NORSOK", publisher: "Standards Norway", publicationDate: "2012-02-01", pages: 40, edition: "Edition 6", cdName: "NORSOK Standards", keywords: "coating, surface preparation, corrosion protection, offshore" }),
  standard({ standardNumber: "DNV-ST-0126", title: "Support structures for wind turbines", organization: "DNV", publisher: "DNV", publicationDate: "2021-12-01", pages: 200, cdName: "DNV Rules and Standards", keywords: "wind turbines, offshore wind, support structures, foundations" }),
  standard({ standardNumber: "MIL-STD-810H", title: "Environmental Engineering Considerations and Laboratory Tests", organization: "MIL-STD", publisher: "U.S. Department of Defense", publicationDate: "2019-01-31", pages: 1089, cdName: "ASSIST Military Standards", keywords: "environmental testing, vibration, shock, temperature, humidity", openAccess: { license: "Public domain (U.S. DoD, Distribution Statement A)", links: ["https://quicksearch.dla.mil/qsDocDetails.aspx?ident_number=35978"] } }),
  standard({ standardNumber: "ECSS-E-ST-10C Rev.1", title: "Space engineering — System engineering general requirements", organization: "ECSS", publisher: "ESA Requirements and Standards Section", publicationDate: "2017-02-15", pages: 100, cdName: "ECSS Standards", keywords: "space engineering, systems engineering, requirements, verification", openAccess: { license: "Free of charge, ECSS copyright", links: ["https://ecss.nl/standard/ecss-e-st-10c-rev-1-system-engineering-general-requirements-15-february-2017/"] } }),
];

// ---------------------------------------------------------------------------
// Reports (type 3): agency and committee reports.

const PUBLIC_DOMAIN_US = "Public domain (U.S. Government work)";

const reports: CatalogItem[] = [
  report({ title: "World Energy Outlook 2023", authors: "International Energy Agency", year: 2023, publisher: "International Energy Agency", pages: 355, publicationDate: "2023-10-24", keywords: "energy, energy transition, oil, gas, renewables, scenarios", openAccess: { license: "CC BY 4.0", links: ["https://www.iea.org/reports/world-energy-outlook-2023"] } }),
  report({ title: "Global Hydrogen Review 2023", authors: "International Energy Agency", year: 2023, publisher: "International Energy Agency", pages: 176, publicationDate: "2023-09-22", keywords: "hydrogen, electrolysis, low-emission hydrogen, energy policy", openAccess: { license: "CC BY 4.0", links: ["https://www.iea.org/reports/global-hydrogen-review-2023"] } }),
  report({ title: "World Development Report 2024: The Middle-Income Trap", authors: "World Bank", year: 2024, publisher: "World Bank", isbn: "978-1-4648-2078-6", pages: 250, publicationDate: "2024-08-01", keywords: "economic development, growth, middle-income countries, innovation", openAccess: { license: "CC BY 3.0 IGO", links: ["https://www.worldbank.org/en/publication/wdr2024"] } }),
  report({ title: "NASA Systems Engineering Handbook (NASA/SP-2016-6105 Rev2)", authors: "National Aeronautics and Space Administration", year: 2016, publisher: "NASA", pages: 297, publicationDate: "2016-12-01", keywords: "systems engineering, life cycle, technical management, NASA", openAccess: { license: PUBLIC_DOMAIN_US, links: ["https://www.nasa.gov/reference/systems-engineering-handbook/"] } }),
  report({ title: "Security and Privacy Controls for Information Systems and Organizations (NIST SP 800-53 Rev. 5)", authors: "Joint Task Force", year: 2020, publisher: "National Institute of Standards and Technology", pages: 492, publicationDate: "2020-09-23", keywords: "security controls, privacy controls, risk management, FISMA", openAccess: { license: PUBLIC_DOMAIN_US, links: ["https://doi.org/10.6028/NIST.SP.800-53r5"] } }),
  report({ title: "Zero Trust Architecture (NIST SP 800-207)", authors: "Scott Rose, Oliver Borchert, Stu Mitchell, Sean Connelly", year: 2020, publisher: "National Institute of Standards and Technology", pages: 59, publicationDate: "2020-08-11", keywords: "zero trust, network security, access control, enterprise architecture", openAccess: { license: PUBLIC_DOMAIN_US, links: ["https://doi.org/10.6028/NIST.SP.800-207"] } }),
  report({ title: "The NIST Cybersecurity Framework (CSF) 2.0 (NIST CSWP 29)", authors: "National Institute of Standards and Technology", year: 2024, publisher: "National Institute of Standards and Technology", pages: 32, publicationDate: "2024-02-26", keywords: "cybersecurity framework, governance, risk management, CSF", openAccess: { license: PUBLIC_DOMAIN_US, links: ["https://doi.org/10.6028/NIST.CSWP.29"] } }),
  report({ title: "UNESCO Science Report: The Race Against Time for Smarter Development", authors: "Susan Schneegans, Tiffany Straza, Jake Lewis", year: 2021, publisher: "UNESCO Publishing", isbn: "978-92-3-100450-6", pages: 735, publicationDate: "2021-06-11", keywords: "science policy, research and development, innovation, sustainable development", openAccess: { license: "CC BY-SA 3.0 IGO", links: ["https://unesdoc.unesco.org/ark:/48223/pf0000377433"] } }),
  report({ title: "World Health Statistics 2023: Monitoring Health for the SDGs", authors: "World Health Organization", year: 2023, publisher: "World Health Organization", isbn: "978-92-4-007432-3", pages: 119, publicationDate: "2023-05-19", keywords: "health statistics, life expectancy, SDGs, global health", openAccess: { license: "CC BY-NC-SA 3.0 IGO", links: ["https://www.who.int/publications/i/item/9789240074323"] } }),
  report({ title: "The State of Food and Agriculture 2023: Revealing the True Cost of Food to Transform Agrifood Systems", authors: "Food and Agriculture Organization of the United Nations", year: 2023, publisher: "FAO", pages: 150, publicationDate: "2023-11-06", keywords: "agriculture, food systems, true cost accounting, sustainability", openAccess: { license: "CC BY-NC-SA 3.0 IGO", links: ["https://doi.org/10.4060/cc7724en"] } }),
  report({ title: "Annual Energy Outlook 2023", authors: "U.S. Energy Information Administration", year: 2023, publisher: "U.S. Energy Information Administration", pages: 64, publicationDate: "2023-03-16", keywords: "energy projections, electricity, petroleum, United States", openAccess: { license: PUBLIC_DOMAIN_US, links: ["https://www.eia.gov/outlooks/aeo/"] } }),
  report({ title: "Mineral Commodity Summaries 2024", authors: "U.S. Geological Survey", year: 2024, publisher: "U.S. Geological Survey", pages: 212, publicationDate: "2024-01-31", keywords: "minerals, mining, critical minerals, production statistics", openAccess: { license: PUBLIC_DOMAIN_US, links: ["https://doi.org/10.3133/mcs2024"] } }),
  report({ title: "Renewable Power Generation Costs in 2022", authors: "International Renewable Energy Agency", year: 2023, publisher: "IRENA", pages: 210, publicationDate: "2023-08-29", keywords: "renewable energy, LCOE, solar PV, wind power, cost trends", openAccess: { license: "Free reuse with attribution (IRENA)", links: ["https://www.irena.org/Publications/2023/Aug/Renewable-Power-Generation-Costs-in-2022"] } }),
  report({ title: "ACI PRC-209.2-08: Guide for Modeling and Calculating Shrinkage and Creep in Hardened Concrete", authors: "ACI Committee 209", year: 2008, publisher: "American Concrete Institute", pages: 44, publicationDate: "2008-05-01", keywords: "creep, shrinkage, concrete, prediction models" }),
  report({ title: "ACI PRC-224-01: Control of Cracking in Concrete Structures", authors: "ACI Committee 224", year: 2001, publisher: "American Concrete Institute", pages: 46, publicationDate: "2001-01-01", keywords: "cracking, concrete structures, crack control, durability" }),
  report({ title: "ACI PRC-440.2-17: Guide for the Design and Construction of Externally Bonded FRP Systems for Strengthening Concrete Structures", authors: "ACI Committee 440", year: 2017, publisher: "American Concrete Institute", pages: 112, publicationDate: "2017-05-01", keywords: "FRP, strengthening, retrofit, concrete structures" }),
  report({ title: "CIGRE Technical Brochure 601: Guide for Thermal Rating Calculations of Overhead Lines", authors: "CIGRE Working Group B2.43", year: 2014, publisher: "CIGRE", pages: 96, publicationDate: "2014-12-01", keywords: "overhead lines, thermal rating, conductor temperature, ampacity" }),
  report({ title: "Rapport sur l'état de l'environnement en France 2019", authors: "Commissariat général au développement durable", year: 2019, publisher: "Ministère de la Transition écologique et solidaire", pages: 220, language: "French", publicationDate: "2019-10-24", keywords: "environnement, climat, biodiversité, pollution, France", openAccess: { license: "Licence Ouverte / Open Licence 2.0", links: ["https://www.statistiques.developpement-durable.gouv.fr/"] } }),
];

export const catalogItems: CatalogItem[] = [
  ...paidBooks,
  ...freeBooks,
  ...solutionManuals,
  ...standards,
  ...reports,
];
