/**
 * Thesis departments in Persian. The catalogue keeps each department as its university writes it
 * (English); the filter shows it in Persian: a known field by its Persian name, and a department
 * of several fields ("Electrical Engineering and Computer Science") as their names joined with «و».
 * A field not in the list keeps its own name rather than a guessed translation.
 */
const FIELDS: Record<string, string> = {
  "electrical engineering": "مهندسی برق",
  "computer science": "علوم کامپیوتر",
  "computer engineering": "مهندسی کامپیوتر",
  "information and computer science": "علوم اطلاعات و کامپیوتر",
  "information science": "علوم اطلاعات",
  "applied mathematics": "ریاضی کاربردی",
  "theoretical physics": "فیزیک نظری",
  mathematics: "ریاضی",
  physics: "فیزیک",
  chemistry: "شیمی",
  biology: "زیست‌شناسی",
  "mechanical engineering": "مهندسی مکانیک",
  "civil engineering": "مهندسی عمران",
  "chemical engineering": "مهندسی شیمی",
  "biomedical engineering": "مهندسی پزشکی",
  "industrial engineering": "مهندسی صنایع",
  "aerospace engineering": "مهندسی هوافضا",
  "materials science": "علم مواد",
  "materials science and engineering": "علم و مهندسی مواد",
  statistics: "آمار",
  economics: "اقتصاد",
  "business administration": "مدیریت بازرگانی",
  management: "مدیریت",
  psychology: "روان‌شناسی",
  sociology: "جامعه‌شناسی",
  education: "علوم تربیتی",
  medicine: "پزشکی",
  "public health": "بهداشت عمومی",
  nursing: "پرستاری",
  pharmacy: "داروسازی",
  "environmental science": "علوم محیط زیست",
  geology: "زمین‌شناسی",
  linguistics: "زبان‌شناسی",
  philosophy: "فلسفه",
  history: "تاریخ",
  law: "حقوق",
  architecture: "معماری",
  agriculture: "کشاورزی",
};

const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/^(?:the )?(?:department|school|faculty) of /, "");

/** The department's Persian name for the filter. */
export function departmentName(department: string): string {
  const whole = FIELDS[norm(department)];
  if (whole) return whole;
  const parts = norm(department)
    .split(/\s*(?:,|&| and )\s*/)
    .filter(Boolean);
  const names = parts.map((p) => FIELDS[p]);
  return names.length > 1 && names.every(Boolean) ? names.join(" و ") : department;
}
