/**
 * Deterministic catalogue records for tests and benchmarks (`npm run catalog:generate`).
 *
 * The same (seed, index) always gives the same record, so a benchmark at 1M rows is
 * repeatable and a record can be regenerated without the ones before it. Titles are
 * built from subject vocabularies so word frequencies look like a real library's:
 * a few words ("introduction", "engineering", "analysis") are very common, most
 * subject terms are rare. ISBNs are valid ISBN-13s, unique per index.
 */
import type { CatalogImportRecord } from "./catalog-record";

/** mulberry32: small, fast, good enough for test data. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mix seed and index into one 32-bit seed (splitmix-like), so records are independent. */
function recordSeed(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index + 0x9e3779b9, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

const SUBJECTS: Record<string, string[]> = {
  "Computer Science": [
    "Algorithms",
    "Data Structures",
    "Machine Learning",
    "Deep Learning",
    "Computer Vision",
    "Natural Language Processing",
    "Distributed Systems",
    "Operating Systems",
    "Compilers",
    "Computer Networks",
    "Database Systems",
    "Information Retrieval",
    "Cryptography",
    "Software Engineering",
    "Computer Graphics",
    "Parallel Computing",
    "Cloud Computing",
    "Reinforcement Learning",
    "Quantum Computing",
    "Computational Complexity",
    "Formal Methods",
    "Human-Computer Interaction",
    "Robotics",
    "Cybersecurity",
  ],
  "Electrical Engineering": [
    "Circuit Analysis",
    "Signal Processing",
    "Control Systems",
    "Power Electronics",
    "Power Systems",
    "Microelectronics",
    "Electromagnetics",
    "Antenna Theory",
    "Wireless Communications",
    "Digital Communications",
    "VLSI Design",
    "Embedded Systems",
    "Photonics",
    "Electric Machines",
    "Smart Grids",
    "Radar Systems",
  ],
  "Mechanical Engineering": [
    "Thermodynamics",
    "Fluid Mechanics",
    "Heat Transfer",
    "Machine Design",
    "Vibrations",
    "Finite Element Analysis",
    "Mechanics of Materials",
    "Dynamics",
    "Statics",
    "Turbomachinery",
    "Combustion",
    "Tribology",
    "Mechatronics",
    "Computational Fluid Dynamics",
    "Manufacturing Processes",
    "HVAC Systems",
  ],
  "Civil Engineering": [
    "Structural Analysis",
    "Reinforced Concrete",
    "Steel Structures",
    "Geotechnical Engineering",
    "Soil Mechanics",
    "Foundation Engineering",
    "Earthquake Engineering",
    "Hydraulics",
    "Transportation Engineering",
    "Construction Management",
    "Bridge Engineering",
    "Pavement Design",
    "Surveying",
    "Water Resources",
  ],
  "Chemical Engineering": [
    "Reaction Engineering",
    "Mass Transfer",
    "Process Control",
    "Separation Processes",
    "Transport Phenomena",
    "Catalysis",
    "Polymer Science",
    "Petroleum Refining",
    "Process Design",
    "Electrochemistry",
    "Corrosion",
    "Biochemical Engineering",
  ],
  Mathematics: [
    "Linear Algebra",
    "Calculus",
    "Real Analysis",
    "Complex Analysis",
    "Differential Equations",
    "Probability",
    "Statistics",
    "Numerical Analysis",
    "Optimization",
    "Topology",
    "Abstract Algebra",
    "Number Theory",
    "Graph Theory",
    "Stochastic Processes",
    "Functional Analysis",
    "Combinatorics",
  ],
  Physics: [
    "Quantum Mechanics",
    "Classical Mechanics",
    "Electrodynamics",
    "Statistical Mechanics",
    "Solid State Physics",
    "Optics",
    "Nuclear Physics",
    "Particle Physics",
    "Astrophysics",
    "Plasma Physics",
    "General Relativity",
    "Condensed Matter",
  ],
  Chemistry: [
    "Organic Chemistry",
    "Inorganic Chemistry",
    "Physical Chemistry",
    "Analytical Chemistry",
    "Spectroscopy",
    "Biochemistry",
    "Medicinal Chemistry",
    "Chemical Kinetics",
    "Quantum Chemistry",
    "Green Chemistry",
  ],
  Medicine: [
    "Anatomy",
    "Physiology",
    "Pharmacology",
    "Pathology",
    "Internal Medicine",
    "Cardiology",
    "Neurology",
    "Oncology",
    "Immunology",
    "Epidemiology",
    "Pediatrics",
    "Radiology",
    "Microbiology",
    "Surgery",
    "Psychiatry",
  ],
  "Business and Economics": [
    "Microeconomics",
    "Macroeconomics",
    "Econometrics",
    "Corporate Finance",
    "Accounting",
    "Marketing",
    "Operations Management",
    "Supply Chain Management",
    "Project Management",
    "Strategic Management",
    "Financial Markets",
    "Game Theory",
  ],
  "Earth and Environment": [
    "Geology",
    "Hydrology",
    "Climate Science",
    "Environmental Engineering",
    "Remote Sensing",
    "Petroleum Geology",
    "Renewable Energy",
    "Wastewater Treatment",
    "Air Pollution",
    "Seismology",
  ],
  "Materials Science": [
    "Materials Science",
    "Composite Materials",
    "Nanomaterials",
    "Ceramics",
    "Metallurgy",
    "Semiconductors",
    "Biomaterials",
    "Thin Films",
    "Crystallography",
  ],
};

const SUBJECT_NAMES = Object.keys(SUBJECTS);

const QUALIFIERS = [
  "Advanced",
  "Applied",
  "Modern",
  "Practical",
  "Fundamentals of",
  "Principles of",
  "Elements of",
  "Essentials of",
  "Introduction to",
  "Handbook of",
  "Foundations of",
  "Topics in",
  "Theory of",
  "Methods in",
  "Computational",
  "Experimental",
];

const SUFFIXES = [
  "",
  "",
  "",
  "",
  ": Theory and Applications",
  ": A Practical Approach",
  ": An Introduction",
  " for Engineers",
  " for Scientists",
  ": Concepts and Techniques",
  ": Design and Analysis",
  " in Practice",
  ": Principles and Practice",
  ": A Modern Approach",
  ": Models and Algorithms",
  " with Python",
  " with MATLAB",
  ": Problems and Solutions",
  ": Case Studies",
];

// Named methods and materials: each appears in about 1-3% of records (mid-frequency words).
const SPECIALTY_TERMS = [
  "Kalman",
  "Navier-Stokes",
  "Lyapunov",
  "Bayesian",
  "Monte Carlo",
  "Fourier",
  "Laplace",
  "Markov",
  "Hamiltonian",
  "Lagrangian",
  "Schrodinger",
  "Riemannian",
  "Hilbert",
  "Banach",
  "Galerkin",
  "Runge-Kutta",
  "Voronoi",
  "Delaunay",
  "Dijkstra",
  "Boltzmann",
  "Maxwell",
  "Euler",
  "Gaussian",
  "Wavelet",
  "Tensor",
  "Spline",
  "Fractal",
  "Chaos",
  "Entropy",
  "Percolation",
  "Superconductivity",
  "Graphene",
  "Perovskite",
  "Zeolite",
  "Photovoltaic",
  "Lithium-Ion",
  "Hydrogen",
  "Biofilm",
  "CRISPR",
  "Proteomics",
  "Genomics",
  "Microfluidics",
  "Metamaterials",
  "Piezoelectric",
  "Rheology",
  "Cavitation",
  "Turbulence",
  "Aeroelasticity",
  "Fatigue",
  "Creep",
  "Fracture",
  "Welding",
  "Corrosion",
  "Tunneling",
  "Blockchain",
  "Transformer",
  "Autoencoder",
  "Kriging",
  "Geostatistics",
];

// The long tail: 72,000 distinct made-up technical terms ("kalorite", "vimutase"...), drawn with a
// Zipf-like law (the rank-r term has probability ~1/r), as specific terms are in a real catalogue:
// a handful are common, most occur in a few records at a million rows.
const TAIL_SYLLABLES = ["ka", "lo", "ri", "sa", "te", "mu", "no", "vi", "ze", "po", "dra", "fli", "gro", "ber", "tal", "sen", "mor", "lin", "cas", "qui"];
const TAIL_SUFFIXES = ["rite", "tase", "nology", "nics", "lium", "noid", "rene", "mation", "tism"];
const TAIL_SIZE = TAIL_SYLLABLES.length ** 3 * TAIL_SUFFIXES.length;

/** The long-tail term of a rank (1-based): the same word for the same rank, always. */
export function tailTerm(rank: number): string {
  const i = (((rank - 1) % TAIL_SIZE) + TAIL_SIZE) % TAIL_SIZE;
  const n = TAIL_SYLLABLES.length;
  const s = TAIL_SYLLABLES;
  return s[i % n]! + s[Math.floor(i / n) % n]! + s[Math.floor(i / n ** 2) % n]! + TAIL_SUFFIXES[Math.floor(i / n ** 3)]!;
}

/** A rank drawn log-uniformly over 1..TAIL_SIZE, i.e. with probability proportional to 1/rank. */
function tailRank(r: () => number): number {
  return Math.min(TAIL_SIZE, Math.floor(Math.exp(r() * Math.log(TAIL_SIZE + 1))));
}

function tailWord(r: () => number): string {
  const w = tailTerm(tailRank(r));
  return w[0]!.toUpperCase() + w.slice(1);
}

const FIRST_NAMES = [
  "James",
  "Mary",
  "John",
  "Patricia",
  "Robert",
  "Jennifer",
  "Michael",
  "Linda",
  "William",
  "Elizabeth",
  "David",
  "Barbara",
  "Richard",
  "Susan",
  "Joseph",
  "Jessica",
  "Thomas",
  "Sarah",
  "Charles",
  "Karen",
  "Christopher",
  "Nancy",
  "Daniel",
  "Lisa",
  "Matthew",
  "Margaret",
  "Anthony",
  "Sandra",
  "Mark",
  "Ashley",
  "Paul",
  "Emily",
  "Steven",
  "Donna",
  "Andrew",
  "Michelle",
  "Kenneth",
  "Carol",
  "Joshua",
  "Amanda",
  "Hans",
  "Klaus",
  "Pierre",
  "Jean",
  "Marco",
  "Giulia",
  "Hiroshi",
  "Yuki",
  "Wei",
  "Li",
  "Ahmed",
  "Fatima",
  "Ali",
  "Sara",
  "Ivan",
  "Olga",
  "Lars",
  "Ingrid",
  "Carlos",
  "Lucia",
  "Rajesh",
  "Priya",
];

const LAST_NAMES = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Thompson",
  "White",
  "Harris",
  "Clark",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "King",
  "Wright",
  "Scott",
  "Green",
  "Baker",
  "Adams",
  "Nelson",
  "Hill",
  "Campbell",
  "Mitchell",
  "Roberts",
  "Carter",
  "Phillips",
  "Evans",
  "Turner",
  "Torres",
  "Parker",
  "Collins",
  "Edwards",
  "Stewart",
  "Morris",
  "Mueller",
  "Schmidt",
  "Schneider",
  "Fischer",
  "Weber",
  "Dubois",
  "Moreau",
  "Rossi",
  "Bianchi",
  "Tanaka",
  "Suzuki",
  "Watanabe",
  "Wang",
  "Zhang",
  "Chen",
  "Liu",
  "Kumar",
  "Singh",
  "Sharma",
  "Ivanov",
  "Petrov",
  "Novak",
  "Kowalski",
  "Nielsen",
  "Hansen",
  "Johansson",
  "Silva",
  "Santos",
  "Ozturk",
  "Yilmaz",
  "Haddad",
];

const PUBLISHERS = [
  "Springer",
  "Wiley",
  "Elsevier",
  "CRC Press",
  "Cambridge University Press",
  "Oxford University Press",
  "MIT Press",
  "McGraw-Hill Education",
  "Pearson",
  "Cengage Learning",
  "Academic Press",
  "Butterworth-Heinemann",
  "Woodhead Publishing",
  "World Scientific",
  "De Gruyter",
  "Taylor & Francis",
  "IOP Publishing",
  "Princeton University Press",
  "SIAM",
  "Morgan Kaufmann",
  "Artech House",
  "IEEE Press",
  "SAGE Publications",
  "Routledge",
  "Birkhauser",
];

const STANDARD_BODIES: { code: string; cd: string; publisher: string; prefix: string }[] = [
  { code: "ISO", cd: "ISO Standards Collection", publisher: "International Organization for Standardization", prefix: "ISO" },
  { code: "IEC", cd: "IEC Webstore Collection", publisher: "International Electrotechnical Commission", prefix: "IEC" },
  { code: "ASTM", cd: "Annual Book of ASTM Standards", publisher: "ASTM International", prefix: "ASTM" },
  { code: "ASME", cd: "ASME Boiler and Pressure Vessel Code", publisher: "ASME", prefix: "ASME" },
  { code: "IEEE", cd: "IEEE Standards Collection", publisher: "IEEE", prefix: "IEEE Std" },
  { code: "API", cd: "API Standards Collection", publisher: "American Petroleum Institute", prefix: "API" },
  { code: "DIN", cd: "DIN-Normen", publisher: "Beuth Verlag", prefix: "DIN" },
  { code: "BSI", cd: "British Standards Online", publisher: "British Standards Institution", prefix: "BS" },
  { code: "CEN", cd: "CEN European Standards", publisher: "European Committee for Standardization", prefix: "EN" },
  { code: "JIS", cd: "JIS Handbook", publisher: "Japanese Standards Association", prefix: "JIS" },
  { code: "ANSI", cd: "ANSI Standards Store", publisher: "American National Standards Institute", prefix: "ANSI" },
  { code: "SAE", cd: "SAE Ground Vehicle Standards", publisher: "SAE International", prefix: "SAE J" },
  { code: "NFPA", cd: "NFPA National Fire Codes", publisher: "National Fire Protection Association", prefix: "NFPA" },
  { code: "AWS", cd: "AWS Welding Standards", publisher: "American Welding Society", prefix: "AWS" },
];

const STANDARD_TOPICS = [
  "Quality management systems — Requirements",
  "Test method for tensile properties",
  "Specification for carbon steel pipes",
  "Safety of machinery — General principles for design",
  "Electromagnetic compatibility — Immunity requirements",
  "Information security management systems",
  "Environmental management systems — Requirements with guidance for use",
  "Welding procedure qualification",
  "Pressure vessels — Design and fabrication",
  "Fire protection systems — Installation",
  "Electrical installations of buildings",
  "Test method for hardness of metallic materials",
  "Occupational health and safety",
  "Structural steel — Hot rolled products",
  "Thermal insulation — Determination of steady-state thermal transmission",
  "Acoustics — Measurement of sound absorption",
  "Road vehicles — Functional safety",
  "Medical devices — Risk management",
  "Ergonomics of human-system interaction",
  "Software and systems engineering — Life cycle processes",
];

const REPORT_ISSUERS = [
  "National Renewable Energy Laboratory",
  "World Bank",
  "International Energy Agency",
  "NASA",
  "U.S. Geological Survey",
  "National Institute of Standards and Technology",
  "RAND Corporation",
  "OECD",
  "World Health Organization",
  "European Environment Agency",
  "Sandia National Laboratories",
  "Oak Ridge National Laboratory",
  "UNESCO",
  "FAO",
];

const LANGUAGES = ["English", "English", "English", "English", "English", "English", "English", "English", "German", "French"];
const EDITIONS = ["1st", "1st", "1st", "2nd", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "10th"];
const EXTENSIONS = ["pdf", "pdf", "pdf", "pdf", "epub", "djvu"] as const;
const LICENSES = ["CC BY 4.0", "CC BY-NC 4.0", "CC BY-NC-ND 4.0", "CC BY-SA 4.0", "Public domain"];
const OPEN_HOSTS = [
  "https://library.oapen.org/handle/20.500.12657/",
  "https://link.springer.com/book/10.1007/978-3-",
  "https://directory.doabooks.org/handle/20.500.12854/",
  "https://openstax.org/details/books/",
  "https://www.intechopen.com/books/",
];

const DEPARTMENTS = [
  "Computer Science",
  "Electrical Engineering",
  "Mechanical Engineering",
  "Civil Engineering",
  "Chemical Engineering",
  "Mathematics",
  "Physics",
  "Chemistry",
  "Medicine",
  "Economics",
  "Management",
  "Materials Science and Engineering",
  "Environmental Engineering",
  "Earth Sciences",
  "Biomedical Engineering",
  "Petroleum Engineering",
];
const UNIVERSITIES: { name: string; repo: string }[] = [
  { name: "Massachusetts Institute of Technology", repo: "https://dspace.mit.edu/handle/1721.1/" },
  { name: "University of Cambridge", repo: "https://www.repository.cam.ac.uk/handle/1810/" },
  { name: "University of Toronto", repo: "https://tspace.library.utoronto.ca/handle/1807/" },
  { name: "Georgia Institute of Technology", repo: "https://repository.gatech.edu/handle/1853/" },
  { name: "University of Michigan", repo: "https://deepblue.lib.umich.edu/handle/2027.42/" },
  { name: "Imperial College London", repo: "https://spiral.imperial.ac.uk/handle/10044/1/" },
  { name: "ETH Zurich", repo: "https://www.research-collection.ethz.ch/handle/20.500.11850/" },
  { name: "Delft University of Technology", repo: "https://repository.tudelft.nl/record/uuid:" },
];

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)]!;
}

/** Years skew recent: most of a library's catalogue is from the last 30 years. */
function pickYear(r: () => number): number {
  const x = r();
  if (x < 0.55) return 2005 + Math.floor(r() * 21); // 2005-2025
  if (x < 0.85) return 1985 + Math.floor(r() * 20); // 1985-2004
  return 1950 + Math.floor(r() * 35); // 1950-1984
}

function authorName(r: () => number): string {
  const initial = r() < 0.4 ? ` ${String.fromCharCode(65 + Math.floor(r() * 26))}.` : "";
  return `${pick(r, FIRST_NAMES)}${initial} ${pick(r, LAST_NAMES)}`;
}

function authors(r: () => number): string {
  const n = 1 + Math.floor(r() * r() * 4);
  return Array.from({ length: n }, () => authorName(r)).join(", ");
}

/** A unique, valid ISBN-13 for each index (978 + 9 digits derived from the index + check digit). */
export function isbnForIndex(seed: number, index: number): string {
  // A bijection on 0..999,999,999 keeps ISBNs unique while not looking sequential.
  const body = (((index * 387_420_489 + (seed % 1000) * 1_000_003) % 1_000_000_000) + 1_000_000_000) % 1_000_000_000;
  const digits = `978${String(body).padStart(9, "0")}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return digits + String((10 - (sum % 10)) % 10);
}

function bookTitle(r: () => number, topic: string): string {
  const shape = r();
  if (shape < 0.25) return `${pick(r, QUALIFIERS)} ${topic}${pick(r, SUFFIXES)}`;
  if (shape < 0.4) return `${tailWord(r)} in ${topic}${pick(r, SUFFIXES)}`;
  if (shape < 0.55) return `${topic}${pick(r, SUFFIXES) || ": Theory and Applications"}`;
  if (shape < 0.75) return `${pick(r, SPECIALTY_TERMS)} Methods in ${topic}`;
  if (shape < 0.9) return `${topic} and ${pick(r, SUBJECTS[pick(r, SUBJECT_NAMES)]!)}`;
  return `${pick(r, QUALIFIERS)} ${pick(r, SPECIALTY_TERMS)} ${topic}`;
}

interface GenerateOptions {
  seed: number;
  /** Fraction of theses among the records (0 by default: catalogue items only). */
  thesisShare?: number;
}

/** Record number `index` (0-based) of the catalogue for `seed`. */
export function generateRecord(index: number, opts: GenerateOptions): CatalogImportRecord {
  const r = prng(recordSeed(opts.seed, index));
  const subject = pick(r, SUBJECT_NAMES);
  const topic = pick(r, SUBJECTS[subject]!);
  const year = pickYear(r);
  const language = pick(r, LANGUAGES);
  const id = `gen-${opts.seed}-${index}`;

  if (opts.thesisShare && r() < opts.thesisShare) {
    const uni = pick(r, UNIVERSITIES);
    return {
      kind: "thesis",
      id,
      title: `${pick(r, SPECIALTY_TERMS)} ${topic}: ${pick(r, ["A Study of", "Modelling", "Analysis of", "Design of"])} ${pick(r, SUBJECTS[subject]!)}`,
      author: authorName(r),
      degree: r() < 0.6 ? "PhD" : "Master",
      department: pick(r, DEPARTMENTS),
      language,
      year,
      university: uni.name,
      download_link: `${uni.repo}${100_000 + index}`,
      abstract: `This thesis studies ${topic.toLowerCase()} with ${pick(r, SPECIALTY_TERMS)} methods and reports experiments on ${pick(r, SUBJECTS[subject]!).toLowerCase()}.`,
    };
  }

  const typeRoll = r();
  const pages = 80 + Math.floor(r() * r() * 1400);
  const extension = pick(r, EXTENSIONS);
  const free = r() < 0.28;
  const sizeBytes = Math.round(pages * (extension === "pdf" ? 42_000 : extension === "djvu" ? 18_000 : 9_000) * (0.6 + r()));
  const price = Math.round((39_000 + Math.ceil(pages / 100) * 6_000) / 1000) * 1000;
  const keywords = [topic, pick(r, SUBJECTS[subject]!), pick(r, SPECIALTY_TERMS), tailTerm(tailRank(r)), subject].join(", ").toLowerCase();
  const openLinks = (n: number) => Array.from({ length: n }, (_, i) => `${pick(r, OPEN_HOSTS)}${index}-${i + 1}`);

  if (typeRoll < 0.08) {
    // standard
    const body = pick(r, STANDARD_BODIES);
    const number = `${body.prefix} ${1000 + Math.floor(r() * 60_000)}${r() < 0.5 ? `-${1 + Math.floor(r() * 9)}` : ""}:${year}`;
    const month = String(1 + Math.floor(r() * 12)).padStart(2, "0");
    return {
      kind: "standard",
      id,
      title: `${pick(r, STANDARD_TOPICS)}${r() < 0.5 ? ` — ${topic}` : ""}`,
      authors: body.code,
      year,
      publisher: body.publisher,
      pages: 10 + Math.floor(r() * 300),
      language,
      extension: "pdf",
      size_bytes: sizeBytes,
      free: false,
      toman_price: Math.round((59_000 + Math.ceil(pages / 100) * 3_000) / 1000) * 1000,
      standard_number: number,
      organization: body.code,
      cd_name: body.cd,
      publication_date: `${year}-${month}-01`,
      keywords,
    };
  }
  if (typeRoll < 0.15) {
    // report
    const issuer = pick(r, REPORT_ISSUERS);
    return {
      kind: "report",
      id,
      title: `${topic} ${pick(r, ["Assessment", "Outlook", "Technical Report", "Review", "Roadmap"])} ${year}`,
      authors: issuer,
      year,
      publisher: issuer,
      pages,
      language,
      extension,
      size_bytes: sizeBytes,
      free,
      license: free ? pick(r, LICENSES) : null,
      links: free ? openLinks(1) : [],
      toman_price: free ? null : price + 30_000,
      publication_date: `${year}-06-01`,
      keywords,
    };
  }
  const solutions = typeRoll < 0.2;
  const title = bookTitle(r, topic);
  return {
    kind: solutions ? "solution_manual" : "book",
    id,
    title: solutions ? `Solutions Manual for ${title}` : title,
    authors: authors(r),
    year,
    publisher: pick(r, PUBLISHERS),
    isbn: isbnForIndex(opts.seed, index),
    edition: pick(r, EDITIONS),
    pages,
    language,
    extension,
    size_bytes: sizeBytes,
    free: !solutions && free,
    license: !solutions && free ? pick(r, LICENSES) : null,
    links: !solutions && free ? openLinks(1 + Math.floor(r() * 3)) : [],
    toman_price: !solutions && free ? null : solutions ? Math.round(price / 2000) * 1000 : price,
    keywords,
  };
}

/**
 * A record of the shape `catalog:import --format oapen|doab|gutenberg|ntrs` writes (collection-imports.ts):
 * free, sourced, licensed, its first link the record's page at the collection and the second its file,
 * subjects as keywords; books from OAPEN, DOAB and Gutenberg, reports from NTRS and OSTI, standards
 * from the RFC index, in about the proportions of those collections. The titles draw on the same
 * vocabulary as `generateRecord`, and the words this shape adds (series, report kinds, subtitles) are
 * none of the workload's, so the benchmark's words keep about the same share of records at either
 * shape. What differs is the filters: every record is free, a quarter are reports.
 */
export function generateImportedRecord(index: number, opts: GenerateOptions): CatalogImportRecord {
  const r = prng(recordSeed(opts.seed ^ 0x5a5a5a5a, index));
  const subject = pick(r, SUBJECT_NAMES);
  const topic = pick(r, SUBJECTS[subject]!);
  const year = pickYear(r);
  const subjects = [topic, pick(r, SUBJECTS[subject]!), pick(r, SPECIALTY_TERMS), tailTerm(tailRank(r)), subject, pick(r, SUBJECTS[subject]!)]
    .join("; ")
    .toLowerCase();
  const roll = r();
  const n = 10_000 + index;
  if (roll < 0.25) {
    // NASA NTRS / OSTI reports
    const nasa = r() < 0.6;
    const id = nasa ? String(19_600_000_000 + index) : String(1_000_000 + index);
    return {
      kind: "report",
      id: nasa ? `ntrs:${id}` : `osti:${id}`,
      title: `${topic} ${pick(r, ["Technical Memorandum", "Final Technical Report", "Contractor Report", "Test Results", "Assessment"])}: ${pick(r, SPECIALTY_TERMS)} ${pick(r, SUBJECTS[subject]!)}`,
      authors: `${authorName(r)}; ${authorName(r)}`,
      year,
      publisher: nasa
        ? pick(r, ["Langley Research Center", "Glenn Research Center", "Ames Research Center", "Goddard Space Flight Center"])
        : pick(r, ["Sandia National Lab.", "Oak Ridge National Lab.", "National Renewable Energy Lab."]),
      language: "English",
      extension: "pdf",
      free: true,
      license: nasa ? "U.S. Government work (public use permitted, NASA)" : "U.S. DOE report released to the public (OSTI)",
      links: nasa
        ? [`https://ntrs.nasa.gov/citations/${id}`, `https://ntrs.nasa.gov/api/citations/${id}/downloads/${id}.pdf`]
        : [`https://www.osti.gov/biblio/${id}`, `https://www.osti.gov/servlets/purl/${id}`],
      standard_number: nasa ? `NASA/TM-${year}-${200_000 + (index % 99_999)}` : `SAND${year}-${10_000 + (index % 89_999)}R`,
      keywords: subjects,
      source: nasa ? "NASA NTRS" : "OSTI",
    };
  }
  if (roll < 0.28) {
    // RFCs
    return {
      kind: "standard",
      id: `rfc:${n}`,
      title: `${pick(r, STANDARD_TOPICS)} for ${topic}`,
      authors: `${authorName(r)}, Ed.`,
      year,
      publisher: "IETF",
      language: "English",
      extension: "pdf",
      free: true,
      license: "IETF Trust Legal Provisions (may be copied and distributed in full, unmodified)",
      links: [`https://www.rfc-editor.org/rfc/rfc${n}`, `https://www.rfc-editor.org/rfc/rfc${n}.pdf`],
      standard_number: `RFC ${n}`,
      keywords: subjects,
      source: "IETF RFC",
    };
  }
  const gutenberg = roll < 0.55;
  const oapen = !gutenberg && r() < 0.6;
  const title = bookTitle(r, topic);
  const handle = `20.500.${oapen ? "12657" : "12854"}/${n}`;
  return {
    kind: "book",
    id: gutenberg ? `gutenberg:${n}` : `${oapen ? "oapen" : "doab"}:${handle}`,
    title: gutenberg ? title : `${title}: ${pick(r, ["Perspectives", "Histories", "Debates", "Case Studies", "New Directions"])} in ${topic}`,
    authors: gutenberg ? authorName(r) : authors(r).replace(/, /g, "; "),
    year: gutenberg ? undefined : year,
    publisher: gutenberg ? "Project Gutenberg" : pick(r, PUBLISHERS),
    isbn: gutenberg ? undefined : isbnForIndex(opts.seed ^ 0x5a5a5a5a, index),
    pages: gutenberg ? undefined : 80 + Math.floor(r() * r() * 900),
    language: pick(r, LANGUAGES),
    size_bytes: gutenberg ? undefined : Math.round((1 + r() * 30) * 1_000_000),
    extension: gutenberg ? "epub" : "pdf",
    free: true,
    license: gutenberg
      ? "Public domain in the USA (Project Gutenberg)"
      : pick(r, [
          "https://creativecommons.org/licenses/by/4.0/",
          "https://creativecommons.org/licenses/by-nc-nd/4.0/",
          "https://creativecommons.org/licenses/by-nc/4.0/",
        ]),
    links: gutenberg
      ? [`https://www.gutenberg.org/ebooks/${n}`, `https://www.gutenberg.org/ebooks/${n}.epub3.images`]
      : [
          oapen ? `https://library.oapen.org/handle/${handle}` : `https://directory.doabooks.org/handle/${handle}`,
          `https://library.oapen.org/bitstream/20.500.12657/${n}/1/${n}.pdf`,
        ],
    keywords: subjects,
    source: gutenberg ? "Project Gutenberg" : oapen ? "OAPEN" : "DOAB",
  };
}

/**
 * Words of the benchmark's fixed workload. rare: long-tail terms of ranks 411 to 9,011 (at a
 * million records each is in roughly 10 to 250 records); common: words in several percent of records.
 */
export const BENCH_VOCABULARY = {
  common: ["introduction", "engineering", "analysis", "systems", "theory", "applications", "principles", "advanced"],
  rare: [411, 733, 1259, 2087, 3061, 4517, 6553, 9011].map(tailTerm),
  phrases: ["machine learning", "heat transfer", "fluid mechanics", "quality management systems", "signal processing"],
  pairs: [
    ["quantum", "mechanics"],
    ["finite", "element"],
    ["reinforced", "concrete"],
    ["bayesian", "statistics"],
    ["power", "electronics"],
  ],
} as const;
