/**
 * Text as the verifier compares it: a page's lines and a title are folded the same way (case,
 * accents, ligatures, old TeX fonts' spacing accents) and a title's markup (JATS, MathML, TeX,
 * HTML entities) is resolved first, so that the words on both sides are the same words. Pure.
 */

const STOP_WORDS = new Set(
  "a an and are as at be by for from has have in into is it its of on or that the their this to was were with within without via vs versus using use based new study analysis between over under towards toward than".split(
    " ",
  ),
);

/**
 * Lower case, accents dropped, compatibility forms folded (ligatures split, math letters plain),
 * soft hyphens and zero widths gone. TeX's old fonts print an accent as its own spacing glyph
 * before a dotless letter ("P´os-Gradua¸c˜ao em F´ısica"): those glyphs go, ı and ȷ are i and j.
 */
export function fold(s: string): string {
  return s
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff\u00a8\u00af\u00b4\u00b8\u02c6\u02c7\u02d8-\u02dd]/g, "")
    .replace(/\u0131/g, "i")
    .replace(/\u0237/g, "j")
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  alpha: "α",
  beta: "β",
  gamma: "γ",
  delta: "δ",
  epsilon: "ε",
  kappa: "κ",
  lambda: "λ",
  mu: "μ",
  pi: "π",
  sigma: "σ",
  tau: "τ",
  omega: "ω",
};

/**
 * TeX in a title (arXiv's API gives titles as their authors typed them): "$\sqrt{s}=13$ TeV",
 * "$\mathbb{S}^2$", "difra\c{c}\~ao". The page shows the rendered text, so style commands keep
 * their argument, an accent command keeps its letter, other commands (\sqrt, \to, \alpha: symbols,
 * single letters at most) go, and sub- and superscripts join their base like JATS <sub> ("H$^+$").
 */
function plainTex(title: string): string {
  if (!/[\\$]/.test(title)) return title;
  return title
    .replace(/\\(?:math(?:bb|rm|bf|it|cal|sf|tt|frak)|text(?:it|bf|rm|sc|sf|tt|up)?|emph|operatorname|bm|boldsymbol)\b/g, "")
    .replace(/\\[`'^"~=.]\s*\{?([a-zA-Z])\}?/g, "$1")
    .replace(/\\[cuvHkrbd]\{([a-zA-Z])\}/g, "$1")
    .replace(/\\[a-zA-Z]+/g, " ")
    .replace(/[{}$^_]/g, "");
}

/** A Crossref, arXiv or landing-page title as plain text: JATS/MathML and TeX markup and HTML entities resolved. */
export function plainTitle(title: string): string {
  return plainTex(title)
    .replace(/<\/?(?:sub|sup|inf)\b[^>]*>/gi, "") // CO<sub>2</sub> is "CO2"
    .replace(/<[^>]+>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
      const l = e.toLowerCase();
      if (l.startsWith("#")) {
        const code = l.startsWith("#x") ? Number.parseInt(l.slice(2), 16) : Number.parseInt(l.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[l] ?? whole;
    });
}

/** The words of folded text: runs of letters and digits. */
export const words = (folded: string) => folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
/** A word that tells titles apart: 3+ letters (or any number), not a stop word. */
export const isSignificant = (w: string) => (w.length >= 3 || /^\d+$/.test(w)) && !STOP_WORDS.has(w);
