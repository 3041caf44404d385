/**
 * Which stored values may be shown as links. A value someone typed, an admin entered or an outside
 * service returned is a link only when it is an absolute http(s) URL with a host, written without
 * spaces or control characters (browsers drop those, so "java\tscript:" would still run); anything
 * else is shown as plain text. Both the Worker (validation, page data) and the SPA use these.
 */

/** The value as a link target when it is an http(s) URL, else null. */
export function httpUrl(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const v = value.trim();
  if (!v || v.length > 4000 || !/^https?:\/\//i.test(v)) return null;
  // Whitespace, C0/C1 controls, and the invisible marks a browser strips before parsing.
  if (/[\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/.test(v)) return null;
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname ? v : null;
  } catch {
    return null;
  }
}

/** A link target the pages may render: an http(s) URL, or a path on this site ("/files/…", not "//host" or "/\host"). */
export function safeHref(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const v = value.trim();
  if (/^\/(?![/\\])[^\s\u0000-\u001f\u007f]*$/.test(v)) return v;
  return httpUrl(v);
}
