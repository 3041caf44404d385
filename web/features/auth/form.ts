import { useCallback, useState } from "react";
import type { z } from "zod";
import { ApiError } from "../../lib/api";

export type FieldErrors = Record<string, string>;

/** The first message per field, the way the spec's registration lists them. */
function firstErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_form";
    out[key] ??= issue.message;
  }
  return out;
}

function firstServerErrors(errors: Record<string, string[]>): FieldErrors {
  const out: FieldErrors = {};
  for (const [k, list] of Object.entries(errors)) if (list[0]) out[k] = list[0];
  return out;
}

/** Validates with the same zod schema the Worker uses. */
export function validate<S extends z.ZodType>(schema: S, values: unknown): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: firstErrors(result.error) };
}

/**
 * Form state for a dialog or page form: values, per-field errors (client or server 422), a
 * general error, and a busy flag while the request runs.
 */
export function useForm<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const field = useCallback(
    (name: keyof V & string) => ({
      name,
      value: values[name] ?? "",
      onChange: (v: string) => {
        setValues((old) => ({ ...old, [name]: v }));
        setErrors((old) => (old[name] ? { ...old, [name]: "" } : old));
      },
      isInvalid: !!errors[name],
      errorMessage: errors[name] || undefined,
    }),
    [values, errors],
  );

  /** Runs a request; a 422 fills the fields, any other failure becomes the form error (and is rethrown to the caller's onError). */
  const run = useCallback(async <T>(request: () => Promise<T>, onError?: (e: ApiError) => void): Promise<T | undefined> => {
    setBusy(true);
    setFormError(null);
    try {
      return await request();
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(String((e as Error)?.message ?? e), 0);
      if (err.status === 422 && Object.keys(err.fieldErrors).length) setErrors(firstServerErrors(err.fieldErrors));
      else if (onError) onError(err);
      else setFormError(err.message);
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);

  return { values, setValues, errors, setErrors, formError, setFormError, busy, field, run };
}
