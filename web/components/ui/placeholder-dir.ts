/**
 * A Persian hint in a left-to-right field (a link, keywords in English): the empty field is laid
 * out right-to-left while the hint shows (field.css), since ::placeholder cannot change the
 * direction its text runs in, and a Persian sentence in a left-to-right box reads scrambled.
 */
export function rtlPlaceholder(placeholder: string | undefined): true | undefined {
  return placeholder && /[\u0600-\u06FF]/.test(placeholder) ? true : undefined;
}
