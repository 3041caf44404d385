/**
 * A pasted reference list: one reference per line, numbered or not ("1.", "[1]", "1)", "۱-"),
 * or a whole bibliography whose references wrap over several lines. When the text is numbered, a
 * new reference starts only at a number; when references are separated by blank lines, each block
 * is one reference; otherwise every non-empty line is one.
 */
import { toLatinDigits } from "../digits";
import { clean, emptyCitation, yearOf, type Citation } from "./entry";

// A number needs a space after it, so "10.1038/…" is not read as reference 10.
const MARKER = /^\s*(?:\[\s*[\d۰-۹٠-٩]{1,4}\s*\]\s*|\(?[\d۰-۹٠-٩]{1,4}[.)\-–](?=\s)\s*|[•*\-–]\s+)/;

export function splitReferences(input: string): string[] {
  const lines = input.replace(/^\ufeff/, "").split(/\r?\n/);
  const nonEmpty = lines.filter((l) => l.trim());
  if (!nonEmpty.length) return [];
  const numbered = nonEmpty.filter((l) => MARKER.test(l)).length;
  let refs: string[];
  if (numbered >= 2 && numbered >= nonEmpty.length * 0.3) {
    refs = [];
    for (const l of nonEmpty) {
      if (MARKER.test(l) || !refs.length) refs.push(l.replace(MARKER, ""));
      else refs[refs.length - 1] += ` ${l.trim()}`;
    }
  } else if (/\n\s*\n/.test(input.trim()) && nonEmpty.length > input.trim().split(/\n\s*\n/).length) {
    refs = input.trim().split(/\n\s*\n/).map((b) => b.replace(/\s*\n\s*/g, " "));
  } else {
    refs = nonEmpty;
  }
  return refs.map((r) => r.replace(/\s+/g, " ").trim()).filter((r) => r.length >= 3);
}

export function parseText(input: string): Citation[] {
  return splitReferences(input).map((text) => {
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
