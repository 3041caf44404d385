/**
 * How a request body is read, decided by its media type alone, the way Hono's readers decide it
 * (its JSON validator's `application/…json` rule, and exact form types for the form readers). The
 * body budget (middleware/body-budget.ts), the CSRF check's `_token` reading and the endpoint
 * validators all ask this one function, so no reader parses a body the budget did not measure as
 * that kind: the CSRF check once read any type containing "application/json" as JSON while the
 * budget only measured types with "json" as a word, so `application/jsonp` went unmeasured.
 */
export type BodyKind = "json" | "form" | "multipart" | "other";

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/;

export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

export function bodyKind(contentType: string | null | undefined): BodyKind {
  const type = mediaType(contentType);
  if (JSON_MEDIA_TYPE.test(type)) return "json";
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "multipart/form-data") return "multipart";
  return "other";
}

/** The multipart boundary named in a Content-Type (quoted or not), or null. */
export function multipartBoundary(contentType: string | null | undefined): string | null {
  const m = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType ?? "");
  return m ? (m[1] ?? m[2]!) : null;
}
