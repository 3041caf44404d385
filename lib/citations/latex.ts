/**
 * The LaTeX that BibTeX fields carry, to Unicode text: accents (\'e, {\"o}, \c{c}), special
 * letters (\ss, {\o}), escaped symbols (\&, \%), dashes, a few math letters, and formatting
 * commands whose argument is kept (\emph{x} → x). Case-protecting braces are dropped.
 */
const ACCENTS: Record<string, string> = {
  "'": "\u0301",
  "`": "\u0300",
  "^": "\u0302",
  '"': "\u0308",
  "~": "\u0303",
  "=": "\u0304",
  ".": "\u0307",
  u: "\u0306",
  v: "\u030c",
  H: "\u030b",
  c: "\u0327",
  k: "\u0328",
  r: "\u030a",
  d: "\u0323",
  b: "\u0331",
};

const GREEK =
  "alpha:α beta:β gamma:γ delta:δ epsilon:ε varepsilon:ε zeta:ζ eta:η theta:θ vartheta:ϑ iota:ι kappa:κ lambda:λ mu:μ nu:ν xi:ξ pi:π varpi:ϖ rho:ρ varrho:ϱ sigma:σ varsigma:ς tau:τ upsilon:υ phi:φ varphi:φ chi:χ psi:ψ omega:ω Gamma:Γ Delta:Δ Theta:Θ Lambda:Λ Xi:Ξ Pi:Π Sigma:Σ Upsilon:Υ Phi:Φ Psi:Ψ Omega:Ω";

const LETTERS: Record<string, string> = {
  ...Object.fromEntries(GREEK.split(" ").map((p) => p.split(":") as [string, string])),
  ss: "ß",
  o: "ø",
  O: "Ø",
  ae: "æ",
  AE: "Æ",
  oe: "œ",
  OE: "Œ",
  aa: "å",
  AA: "Å",
  l: "ł",
  L: "Ł",
  i: "ı",
  j: "ȷ",
  dh: "ð",
  DH: "Ð",
  th: "þ",
  TH: "Þ",
  dj: "đ",
  DJ: "Đ",
  ng: "ŋ",
  NG: "Ŋ",
  textmu: "µ",
  textasciitilde: "~",
  textasciicircum: "^",
  textunderscore: "_",
  textbackslash: "\\",
  textbar: "|",
  textless: "<",
  textgreater: ">",
  quad: " ",
  qquad: " ",
  enspace: " ",
  thinspace: " ",
  slash: "/",
  textslash: "/",
  euro: "€",
  texteuro: "€",
  pounds: "£",
  textsterling: "£",
  infty: "∞",
  approx: "≈",
  leq: "≤",
  geq: "≥",
  le: "≤",
  ge: "≥",
  neq: "≠",
  cdot: "·",
  textperiodcentered: "·",
  rightarrow: "→",
  to: "→",
  textbullet: "•",
  dag: "†",
  ddag: "‡",
  textordmasculine: "º",
  textordfeminine: "ª",
  guillemotleft: "«",
  guillemotright: "»",
  textquotesingle: "'",
  textquotedbl: '"',
  textendash: "–",
  textemdash: "—",
  ldots: "…",
  dots: "…",
  textregistered: "®",
  TeX: "TeX",
  LaTeX: "LaTeX",
  BibTeX: "BibTeX",
  copyright: "©",
  S: "§",
  P: "¶",
  textquoteright: "’",
  textquoteleft: "‘",
  textquotedblleft: "“",
  textquotedblright: "”",
  times: "×",
  pm: "±",
  deg: "°",
  textdegree: "°",
};

const ESCAPED = new Set(["&", "%", "$", "_", "#", "{", "}", "\\"]);
/** Spacing commands: \, \; \: \> and "\ " are spaces, \! and \/ are nothing. */
const SPACES: Record<string, string> = { ",": " ", ";": " ", ":": " ", ">": " ", " ": " ", "!": "", "/": "", "-": "" };

/** Commands that only format their argument. */
const KEEP_ARGUMENT =
  /^(emph|textit|textbf|textsc|textrm|textsf|texttt|textup|textsl|textmd|textnormal|textsuperscript|textsubscript|mathrm|mathit|mathbf|mathcal|mathsf|mathtt|mathnormal|nocase|NoCaseChange|mbox|hbox|text|ensuremath|uppercase|lowercase|MakeUppercase|MakeLowercase|foreignlanguage|enquote|textenglish|sc|it|bf|em|rm|sf|tt|sl|small|footnotesize|large|relax|protect)$/;
/** Commands whose first argument is not text: \href{link}{text}, \begin{env}, \foreignlanguage{lang}{text}. */
const DROP_FIRST_ARGUMENT = /^(href|begin|end|foreignlanguage|hyphenation|label|ref|cite|hspace|vspace|kern)$/;

const SPECIAL = /[\\{}$~-]/g;

/** An accent's braced base is read again as LaTeX (`\'{\i}`), but only this deep: a hostile field nests them by the thousand. */
const ACCENT_DEPTH = 4;

export function latexToText(input: string, depth = 0): string {
  // Fast path: most fields hold no LaTeX at all.
  if (!/[\\{}$~-]/.test(input)) return input.replace(/\s+/g, " ").trim();
  let out = "";
  let i = 0;
  const n = input.length;
  while (i < n) {
    const ch = input[i]!;
    if (ch === "\\") {
      const next = input[i + 1];
      if (next === undefined) break;
      if (ACCENTS[next] !== undefined && (!/[a-zA-Z]/.test(next) || !/[a-zA-Z]/.test(input[i + 2] ?? ""))) {
        // \'e  \'{e}  \c{c}  \c c
        i += 2;
        while (input[i] === " ") i++;
        let base = "";
        if (input[i] === "{") {
          const close = input.indexOf("}", i);
          const inner = input.slice(i + 1, close < 0 ? n : close);
          base = depth < ACCENT_DEPTH ? latexToText(inner, depth + 1) : inner.replace(/[\\{}$]/g, "");
          i = close < 0 ? n : close + 1;
        } else if (input[i] === "\\") {
          const m = /^\\([a-zA-Z]+)/.exec(input.slice(i, i + 12));
          base = m ? (LETTERS[m[1]!] ?? m[1]!) : "";
          i += m ? m[0].length : 1;
        } else if (i < n) {
          base = input[i]!;
          i++;
        }
        out += (base + ACCENTS[next]).normalize("NFC");
        continue;
      }
      if (SPACES[next] !== undefined) {
        out += SPACES[next];
        i += 2;
        continue;
      }
      if (ESCAPED.has(next)) {
        out += next === "\\" ? " " : next;
        i += 2;
        continue;
      }
      const m = /^[a-zA-Z]+/.exec(input.slice(i + 1, i + 40));
      if (!m) {
        i += 2;
        continue;
      }
      const name = m[0];
      i += 1 + name.length;
      if (LETTERS[name] !== undefined) {
        out += LETTERS[name];
        // a control word eats the spaces after it, and "{}" ends it
        if (input.startsWith("{}", i)) i += 2;
        else while (input[i] === " ") i++;
        continue;
      }
      if (name === "url" || name === "path") {
        // A link is kept exactly: its "~" and "%" are characters, not LaTeX.
        while (input[i] === " ") i++;
        const open = input[i];
        const closeChar = open === "{" ? "}" : open;
        const end = open ? input.indexOf(closeChar!, i + 1) : -1;
        if (end > i) {
          out += input.slice(i + 1, end);
          i = end + 1;
        }
        continue;
      }
      if (name === "ElsevierGlyph" && /^\{[0-9A-Fa-f]{4}\}/.test(input.slice(i, i + 6))) {
        // Elsevier's exports write characters by code point.
        out += String.fromCharCode(parseInt(input.slice(i + 1, i + 5), 16));
        i += 6;
        continue;
      }
      if (DROP_FIRST_ARGUMENT.test(name)) {
        while (input[i] === " ") i++;
        if (input[i] === "{") {
          const end = input.indexOf("}", i);
          i = end < 0 ? n : end + 1;
        }
        continue;
      }
      if (KEEP_ARGUMENT.test(name)) {
        while (input[i] === " ") i++;
        continue; // the argument's braces are dropped below
      }
      // An unknown command: drop it, keep what follows.
      while (input[i] === " ") i++;
      continue;
    }
    if (ch === "{" || ch === "}" || ch === "$") {
      i++;
      continue;
    }
    if (ch === "~") {
      out += "\u00a0";
      i++;
      continue;
    }
    if (ch === "-" && input[i + 1] === "-") {
      if (input[i + 2] === "-") {
        out += "—";
        i += 3;
      } else {
        out += "–";
        i += 2;
      }
      continue;
    }
    // A run of plain characters is copied at once (char-by-char concatenation was most of the cost).
    SPECIAL.lastIndex = i + 1;
    const next = SPECIAL.exec(input);
    const end = next ? next.index : n;
    out += input.slice(i, end);
    i = end;
  }
  return out.replace(/[\s\u00a0]+/g, " ").trim();
}

/**
 * Unicode text to a BibTeX field value that reads back to the same text here and in BibTeX/biber:
 * the characters LaTeX gives meaning to are escaped, "--" is kept from becoming a dash, and
 * everything else (accents, Persian) stays UTF-8, as biber and BibTeX 0.99d read it.
 */
export function textToLatex(s: string): string {
  return s
    .replace(/\s+/g, " ")
    .replace(/[\\{}&%$#_~^]/g, (ch) => TEX_ESCAPES[ch]!)
    .replace(/-(?=-)/g, "-{}");
}

const TEX_ESCAPES: Record<string, string> = {
  "\\": "\\textbackslash{}",
  "{": "\\{",
  "}": "\\}",
  "&": "\\&",
  "%": "\\%",
  $: "\\$",
  "#": "\\#",
  _: "\\_",
  "~": "\\textasciitilde{}",
  "^": "\\textasciicircum{}",
};
