/**
 * A pasted reference list: one reference per line, numbered or not ("1.", "[1]", "1)", "(1)", "۱-"),
 * separated by blank lines, or a whole bibliography copied from a PDF, where each reference wraps over
 * several lines and words are hyphenated at the line ends.
 *
 * The rules, in order:
 * - numbered lists: a reference starts only at the next number of the sequence ("12." inside a
 *   wrapped reference is not reference 12 unless 11 came before it);
 * - blank lines separate references when some paragraph holds more than one line;
 * - otherwise each line boundary is judged: a line continues the one before when that one is cut
 *   (hyphen, comma, "and", "In:") or it starts in lower case or with a digit; it starts a
 *   reference when it opens like one (an author "Surname, X." / "Surname XY," or a "[Key 2010]" label)
 *   after a line that ended like one. In text wrapped to a width (PDF copies), an undecided line
 *   continues a full-width line and follows a short one; in a one-per-line list it stands alone.
 */
import { toLatinDigits } from "../digits";
import { entryCap, type ReadLimits } from "./budget";
import { clean, emptyCitation, yearOf, type Citation } from "./entry";

const DIGIT = "[\\d۰-۹٠-٩]";
// The number's marker: "[12]", "12.", "12)", "(12)", "12-" / "۱۲-" (Persian lists), each followed by a space.
const NUMBERED = new RegExp(`^\\s*(?:\\[\\s*(${DIGIT}{1,4})\\s*\\]|\\(\\s*(${DIGIT}{1,4})\\s*\\)|(${DIGIT}{1,4})\\s*[.)\\-–])\\s+(?=\\S)`);
const BULLET = /^\s*[•▪◦*\-–]\s+(?=\S)/;
// "[Bais 2010]", "[BY03]": a bracketed label that is not a number.
const LABEL = /^\s*\[[^\]\d\s][^\]]{0,40}\]\s+/;

const numberOf = (line: string): number | null => {
  const m = NUMBERED.exec(line);
  return m ? Number(toLatinDigits(m[1] ?? m[2] ?? m[3]!)) : null;
};

/** A reference is at most this long: the lines after it are dropped (joining them would copy it again each time). */
const MAX_REFERENCE_CHARS = 10_000;

/** Joins two lines of one reference: a word hyphenated at the line end is joined back. */
function joinLines(a: string, b: string): string {
  if (a.length >= MAX_REFERENCE_CHARS) return a;
  const left = a.trimEnd();
  const right = b.trim();
  // "seman-" + "tic" → "semantic"; "Bar-" + "Yam" and "pp. 16-" + "31" keep the hyphen.
  if (/\p{Ll}-$/u.test(left) && /^\p{Ll}/u.test(right)) return left.slice(0, -1) + right;
  if (/[-–/]$/.test(left) && !/\s[-–]$/.test(left)) return left + right;
  return `${left} ${right}`;
}

// A name particle can open a reference in lower case ("van der Berg, A.").
const PARTICLE = /^(?:van|von|de|da|di|del|della|der|den|du|la|le|ten|ter|zu|dos|das|al|el|bin|ibn)\s+(?:\p{Lu}|(?:der|den|la|le|de)\s)/u;
const SURNAME = "\\p{Lu}[\\p{L}'’`-]*(?:\\s+(?:van|von|de|da|der|den|del|di|du|la|le|y)?\\s*\\p{Lu}[\\p{L}'’`-]*){0,2}";
// "Smith, J.", "Smith, John", "Smith JA,", "Smith J.A.", "SMITH, J.", "Smith, J.-P.", "World Health Organization." is not matched.
const AUTHOR_START = new RegExp(
  `^(?:${SURNAME},\\s*(?:\\p{Lu}\\.|\\p{Lu}[\\p{Ll}'’-]+\\b)|${SURNAME}\\s+\\p{Lu}{1,3}(?:[,.]|\\s+(?:and|&)\\s)|${SURNAME}\\s+(?:\\p{Lu}\\.\\s?-?){1,3}[,\\s(]|${SURNAME},?\\s+(?:\\p{Lu}\\.\\s?){1,3}(?:\\s*(?:and|&)\\s|,|\\s*\\(?(?:1[5-9]|20)\\d\\d))`,
  "u",
);
// Author given name first: "J. Smith,", "A. B. Smith and", "J.-P. Sartre,".
// (A journal's abbreviation, "J. Phys. Oceanogr. 36", is not an author: no abbreviation follows an author's name.)
const INITIALS_START = /^(?:\p{Lu}\.\s?-?){1,3}\s*\p{Lu}[\p{L}'’-]{2,}(?:,|\s+(?:and|&)\s|\.\s+(?![\d(])(?!\S+\.(?:\s|$)))/u;
// APA with a group author or a title first: "Catalyst. (2004).", "World Health Organization (2020).".
const YEAR_FIRST = /^\p{Lu}[^()]{0,100}?\s?\((?:1[5-9]|20)\d\d[a-z]?(?:,[^)]{0,20})?\)[.,:]/u;

function opensReference(line: string): boolean {
  const t = line.trim();
  return LABEL.test(t) || AUTHOR_START.test(t) || INITIALS_START.test(t) || PARTICLE.test(t) || YEAR_FIRST.test(t);
}

/** The line cannot end a reference: the next one continues it. */
function isCut(line: string): boolean {
  const t = line.trimEnd();
  return /[,;:&(\-–/]$/.test(t) || /\b(?:and|of|the|in|In|for|with|to|on|by|from|a|an|et|und|et al|pp|vol|no|Vol|No|eds?|Eds?|In:)\.?$/.test(t);
}

/** The line continues the one before: lower case (not a name particle), a digit, or punctuation first. */
function continues(line: string): boolean {
  const t = line.trim();
  if (PARTICLE.test(t)) return false;
  return /^[\p{Ll}\d(),.;:&\]’”"'–-]/u.test(t) || /^(?:doi|https?:|DOI|URL|Available|Retrieved|In:|pp?\.|vol\.)/.test(t);
}

/** The line ends like a reference: a full stop, a closing bracket, a page or year, a DOI or link. */
function endsReference(line: string): boolean {
  const t = line.trimEnd();
  // A name's initial ("… Leigh Jr., J. Chave, S.") or "et al." ends a line inside an author list, not a reference.
  if (/(?:^|[\s,.])\p{Lu}\.$/u.test(t) || /\bet al\.$/.test(t)) return false;
  return /(?:[.)\]”"!?]|\d|\/\S*)$/.test(t);
}

/** In text wrapped to a width, a line ended its paragraph when the next line's first word would have fitted on it. */
function endedEarly(prev: string, line: string, width: number): boolean {
  const word = /^\S+/.exec(line.trim())?.[0].length ?? 0;
  return prev.trim().length + 1 + word <= width * 0.9;
}

const IDENTIFIER_LINE = /^(?:(?:doi|DOI)\s*:?\s*10\.|10\.\d{4,9}\/|https?:\/\/\S+$|(?:PMID|PMCID|arXiv)\s*:|PMC\d+$)/;
const HAS_IDENTIFIER = /\b10\.\d{4,9}\/|https?:\/\/|\b(?:PMID|arXiv)\s*:/i;

/** Lines of one block, grouped into references by the boundary rules. */
function groupLines(lines: string[]): string[] {
  if (lines.length < 2) return lines;
  const lengths = lines.map((l) => l.trim().length).sort((a, b) => a - b);
  const width = lengths[Math.floor(lengths.length * 0.8)]!;
  // Wrapped to a width: many lines come close to the longest usual line, and that width is a page's.
  const nearWidth = lengths.filter((n) => n >= width * 0.85).length;
  const wrapped = width <= 140 && nearWidth >= lines.length * 0.35 && lines.length >= 4;
  const refs: string[] = [lines[0]!.trim()];
  for (let k = 1; k < lines.length; k++) {
    const prev = lines[k - 1]!;
    const line = lines[k]!;
    let join: boolean;
    // A line that is only an identifier is an entry of its own in a list of them; in wrapped text it is
    // the end of the reference above it, unless that one already has its own.
    if (IDENTIFIER_LINE.test(line.trim())) join = wrapped && !HAS_IDENTIFIER.test(refs[refs.length - 1]!) && !IDENTIFIER_LINE.test(prev.trim());
    else if (/\p{L}-$/u.test(prev.trimEnd()) || isCut(prev)) join = true;
    else if (continues(line)) join = true;
    else if (opensReference(line) && endsReference(prev)) join = false;
    // Wrapped text: a line that did not end like a reference goes on; else the next word's fit decides.
    else if (wrapped) join = !endsReference(prev) || !endedEarly(prev, line, width);
    else join = false;
    if (join) refs[refs.length - 1] = joinLines(refs[refs.length - 1]!, line);
    else refs.push(line.trim());
  }
  return refs;
}

// A heading copied with the list.
const HEADING = /^\s*(?:references?|bibliography|works cited|literature cited|literature|sources|reference list|منابع|فهرست منابع|مراجع|کتابنامه)\s*:?\s*$/i;

export function splitReferences(input: string): string[] {
  const lines = input
    .replace(/^\ufeff/, "")
    .split(/\r\n|\r|\n|\u2028|\u2029/)
    .filter((l) => !HEADING.test(l));
  const nonEmpty = lines.filter((l) => l.trim());
  if (!nonEmpty.length) return [];
  let refs: string[];
  const numberedRefs = splitNumbered(nonEmpty);
  if (numberedRefs) refs = numberedRefs;
  else if (nonEmpty.filter((l) => BULLET.test(l)).length >= Math.max(2, nonEmpty.length * 0.3)) {
    refs = [];
    for (const l of nonEmpty) {
      if (BULLET.test(l) || !refs.length) refs.push(l.replace(BULLET, ""));
      else refs[refs.length - 1] = joinLines(refs[refs.length - 1]!, l);
    }
  } else {
    const blocks: string[][] = [[]];
    for (const l of lines) {
      if (l.trim()) blocks[blocks.length - 1]!.push(l);
      else if (blocks[blocks.length - 1]!.length) blocks.push([]);
    }
    const full = blocks.filter((b) => b.length);
    // Blank lines separate references; a paragraph is itself a list only when its lines open references.
    refs = full.length > 1 ? full.flatMap((b) => (holdsSeveral(b) ? groupLines(b) : [b.reduce(joinLines)])) : groupLines(nonEmpty);
  }
  return refs.map((r) => r.slice(0, MAX_REFERENCE_CHARS).replace(/\s+/g, " ").trim()).filter((r) => r.length >= 3);
}

function holdsSeveral(block: string[]): boolean {
  let starts = 0;
  for (let k = 1; k < block.length; k++) if (opensReference(block[k]!) && endsReference(block[k - 1]!) && !isCut(block[k - 1]!)) starts++;
  return block.length > 1 && starts >= (block.length - 1) / 2;
}

/** References of a numbered list, or null when the list is not numbered. */
function splitNumbered(lines: string[]): string[] | null {
  const refs: string[] = [];
  let expected: number | null = null;
  let starts = 0;
  for (const l of lines) {
    const num = numberOf(l);
    // The first marker may start anywhere (a list cut from the middle); then each is the one after.
    // A new list (the next chapter's) starts again at 1.
    if (num !== null && (expected === null ? num <= 1 || refs.length === 0 : num === expected || (num === 1 && expected > 2))) {
      refs.push(l.replace(NUMBERED, ""));
      expected = num + 1;
      starts++;
    } else if (refs.length) refs[refs.length - 1] = joinLines(refs[refs.length - 1]!, l);
    else refs.push(l);
  }
  return starts >= 2 && starts >= lines.length * 0.15 ? refs : null;
}

export function parseText(input: string, limits?: ReadLimits): Citation[] {
  return splitReferences(input)
    .slice(0, entryCap(limits))
    .map((text) => {
      const c = emptyCitation();
      c.text = text;
      c.year = yearOf(toLatinDigits(text));
      c.title = clean(guessTitle(text));
      return c;
    });
}

/** The title of an APA/Vancouver/Harvard reference: a quoted part, or the sentence after the year. */
function guessTitle(text: string): string | null {
  const quoted = /[“"]([^”"]{8,})[”"]/.exec(text);
  if (quoted) return quoted[1]!.replace(/[.,]$/, "");
  const afterYear = /\((?:1[5-9]|20)\d\d[a-z]?\)\.?\s*([^.?!]{8,}[.?!])/.exec(text);
  if (afterYear) return afterYear[1]!.replace(/\.$/, "");
  return null;
}
