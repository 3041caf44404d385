import { useState } from "react";
import { DEFAULT_PAGE_SIZE } from "../../../contract/search-constants";
import { toast } from "../../components/ui/toast";
import { searchUi as t } from "./messages";
import { fetchers, type SearchKind } from "./queries";
import { useSearchList } from "./use-search-list";

type Input<K extends SearchKind> = Parameters<(typeof fetchers)[K]>[0];
type Response<K extends SearchKind> = Awaited<ReturnType<(typeof fetchers)[K]>>;
/** What a panel's form becomes: the kind's request without the paging `useSearchList` adds. */
export type PanelRequest<K extends SearchKind> = Omit<Input<K>, "page" | "count">;

/**
 * A search panel's form and its list (§4): `set(key)` edits one field; `submit()` refuses an empty phrase,
 * then whatever `refuse` names, with a toast and sends nothing; else searches page 1 with `toRequest(form)`.
 */
export function useSearchPanel<K extends SearchKind, Form extends { keywords: string }>(opts: {
  kind: K;
  initial: Form | (() => Form);
  toRequest(form: Form): PanelRequest<K>;
  refuse?(form: Form): string | null;
}) {
  const [form, setForm] = useState<Form>(opts.initial);
  // fetchers[kind] is one of four functions; for a generic K the compiler cannot pick which, the caller's K does.
  const fetchOne = fetchers[opts.kind] as (body: Input<K>, signal: AbortSignal) => Promise<Response<K>>;
  const list = useSearchList<PanelRequest<K>, Response<K>>({
    kind: opts.kind,
    defaultCount: DEFAULT_PAGE_SIZE[opts.kind],
    fetch: (body, signal) => fetchOne(body as Input<K>, signal),
  });
  const set =
    <Key extends keyof Form>(key: Key) =>
    (value: Form[Key]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const submit = () => {
    if (!form.keywords.trim()) return void toast.error(t.noPhrase);
    const refusal = opts.refuse?.(form);
    if (refusal) return void toast.error(refusal);
    list.submit(opts.toRequest(form));
  };
  return { form, setForm, set, list, submit };
}
