/** Persian texts of a pasted title or reference: the matched work and the chooser (GLOSSARY terms). */
export const matchUi = {
  found: "این مقاله را یافتیم:",
  foundLabel: "مقالهٔ یافته‌شده",
  notThis: "این نیست",
  notThisHint: "اگر این مقاله همان نیست که می‌خواستید، درخواست آفلاین با همان متنی که وارد کردید ثبت کنید.",
  chooseLegend: "کدام مقاله را می‌خواهید؟",
  chooseStart: "دریافت مقالهٔ انتخاب‌شده",
  noneOfThese: "هیچ‌کدام؛ ثبت درخواست آفلاین",
  year: (y: number) => y.toLocaleString("fa-IR", { useGrouping: false }),
} as const;
