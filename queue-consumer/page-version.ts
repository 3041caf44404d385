/**
 * The version a file declares of itself (an arXiv stamp, "bioRxiv preprint", "Author manuscript",
 * an accepted-article notice): a copy is never labelled better than it shows itself
 * (documents.ts `honestVersion`). A separate question from whether it is the work asked for. Pure.
 */
import type { PageText } from "./pdf-text";
import { fold } from "./text-fold";

/** What the page says of its own version, when it says so (a preprint stamp, an author manuscript). */
export function versionOnPage(raw: PageText[]): "submittedVersion" | "acceptedVersion" | null {
  const text = raw.map((p) => p.map((l) => fold(l.text)).join("\n")).join("\n");
  if (
    /\barxiv:\s*\d{4}\.\d{4,5}(?:v\d+)?\s*\[[a-z-]+(?:\.[a-z-]+)?\]|\b(?:bio|med|chem|psy|soc|earth|tech|edu)rxiv preprint\b|\bpreprint (?:submitted to|not peer[- ]reviewed)\b|\bthis (?:article|manuscript|paper|work) is a preprint\b|\bhas not (?:yet )?been peer[- ]reviewed\b|\bpreprints\.org\b|\bresearch square\b.*\bpreprint\b|\bnot (?:yet )?peer[- ]reviewed\b/.test(
      text,
    )
  )
    return "submittedVersion";
  if (
    /\bthis article has been accepted for publication\b|\bauthor(?:'s|s')? (?:accepted )?manuscript\b|\baccepted (?:author )?manuscript\b|\bthis is the (?:peer[- ]reviewed|accepted|author(?:'s|s')?) (?:version|manuscript)\b|\bpost-?print\b|\baccepted version\b/.test(
      text,
    )
  )
    return "acceptedVersion";
  return null;
}
