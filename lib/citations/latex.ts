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

const LETTERS: Record<string, string> = {
  ss: "ß", o: "ø", O: "Ø", ae: "æ", AE: "Æ", oe: "œ", OE: "Œ", aa: "å", AA: "Å", l: "ł", L: "Ł", i: "ı", j: "ȷ",
  alpha: "α", beta: "β", gamma: "γ", delta: "δ", epsilon: "ε", kappa: "κ", lambda: "λ", mu: "μ", pi: "π", sigma: "σ", tau: "τ", phi: "φ", omega: "ω",
  Gamma: "Γ", Delta: "Δ", Sigma: "Σ", Omega: "Ω", textendash: "–", textemdash: "—", ldots: "…", dots: "…", textregistered: "®", TeX: "TeX", LaTeX: "LaTeX", BibTeX: "BibTeX", copyright: "©", S: "§", P: "¶",
  textquoteright: "’", textquoteleft: "‘", textquotedblleft: "“", textquotedblright: "”", times: "×", pm: "±", deg: "°", textdegree: "°",
};

const ESCAPED = new Set(["&", "%", "$", "_", "#", "{", "}", " ", ",", "\\"]);

/** Commands that only format their argument. */
const KEEP_ARGUMENT = /^(emph|textit|textbf|textsc|textrm|textsf|texttt|textup|textsl|mathrm|mathit|mathbf|mathcal|url|href|nocase|NoCaseChange|mbox|text|ensuremath|uppercase|lowercase)$/;

const SPECIAL = /[\\{}$~-]/g;

export function latexToText(input: string): string {
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
        while (input[i] === " " && /[a-zA-Z]/.test(next)) i++;
        let base = "";
        if (input[i] === "{") {
          const close = input.indexOf("}", i);
          base = latexToText(input.slice(i + 1, close < 0 ? n : close));
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

/** Unicode text back to BibTeX-safe text (export): escapes the characters BibTeX gives meaning to. */
export function textToLatex(s: string): string {
  return s.replace(/[\\{}]/g, "").replace(/([&%$#_])/g, "\\$1");
}
