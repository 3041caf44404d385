import { z } from "zod";
import { toLatinDigits } from "../lib/digits";

/**
 * A whole number sent as JSON or a form field: a JavaScript integer, or a string of digits only
 * (Persian, Arabic-Indic or Latin; a leading minus when `signed`). `z.coerce.number()` would also
 * take "1e3", "0x3e8", "0b11" or "1e-0": amounts and counts accept none of them. A blank string is
 * no value (so an optional field may be left empty).
 */
export function wholeNumber(opts: {
  message: string;
  min: number;
  max: number;
  signed?: boolean /** When missing, blank or not a number at all (default `message`). */;
  required?: string;
}) {
  const pattern = opts.signed ? /^-?[0-9]{1,15}$/ : /^[0-9]{1,15}$/;
  return z.preprocess(
    (v) => {
      if (typeof v !== "string") return v;
      const text = toLatinDigits(v).trim();
      if (text === "") return undefined;
      // Anything but plain digits stays a string, which the number schema refuses with `message`.
      return pattern.test(text) ? Number(text) : text;
    },
    z
      .number({ error: () => opts.required ?? opts.message })
      .int(opts.message)
      .min(opts.min, opts.message)
      .max(opts.max, opts.message),
  );
}

/** The same, absent when missing or blank. */
export function optionalWholeNumber(opts: { message: string; min: number; max: number; signed?: boolean }) {
  const inner = wholeNumber(opts);
  return z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), inner.optional());
}
