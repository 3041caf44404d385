import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { searchKeys, type SearchKind } from "./queries";

/** §9: a page or page-size change re-searches after this long (quick clicks make one request). */
const RESEARCH_DELAY_MS = 600;

type Paging = { page: number; count: number };

/**
 * The list behaviour every search shares (§4 "Search lists"): submit searches page 1 at once;
 * a page or page-size change clears the list and searches again 600 ms after the last change;
 * a new page size starts again at page 1. Results are numbered from (page - 1) * count + 1.
 */
export function useSearchList<Form extends object, Result>(opts: {
  kind: SearchKind;
  defaultCount: number;
  fetch(body: Form & Paging, signal: AbortSignal): Promise<Result>;
}) {
  const [submitted, setSubmitted] = useState<{ form: Form; run: number } | null>(null);
  const [shown, setShown] = useState<Paging>({ page: 1, count: opts.defaultCount });
  const [applied, setApplied] = useState<Paging>(shown);
  const runs = useRef(0);

  useEffect(() => {
    if (shown.page === applied.page && shown.count === applied.count) return;
    const timer = setTimeout(() => setApplied(shown), RESEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [shown, applied]);

  const query = useQuery({
    queryKey: searchKeys.list(opts.kind, { ...submitted, ...applied }),
    queryFn: ({ signal }) => opts.fetch({ ...submitted!.form, ...applied }, signal),
    enabled: submitted !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });

  const waiting = shown.page !== applied.page || shown.count !== applied.count;
  // The last answer, kept while the next page loads so the pager keeps its page count.
  const last = useRef<Result | undefined>(undefined);
  if (query.data !== undefined) last.current = query.data;
  return {
    submitted: submitted?.form ?? null,
    /** Search with these form values from page 1 (a repeated submit searches again). */
    submit(form: Form) {
      runs.current += 1;
      last.current = undefined;
      const first = { page: 1, count: shown.count };
      setSubmitted({ form, run: runs.current });
      setShown(first);
      setApplied(first);
    },
    page: shown.page,
    count: shown.count,
    setPage(page: number) {
      setShown((s) => ({ ...s, page }));
    },
    setCount(count: number) {
      setShown({ page: 1, count });
    },
    /** The list is being replaced: a pending page change or a request in flight. */
    busy: waiting || query.isFetching,
    data: waiting || query.isFetching ? undefined : query.data,
    error: waiting || query.isFetching ? null : query.error,
    /** The latest answer even while another page loads (for the pager). */
    last: submitted ? last.current : undefined,
    /** Number of the first result on the page shown. */
    firstNumber: (applied.page - 1) * applied.count + 1,
  };
}
