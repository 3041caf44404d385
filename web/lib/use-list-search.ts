import { useState, useTransition, type FormEvent } from "react";

/**
 * A list's search form: the fields edit `draft`; submitting applies it as `filters` from page 1. A new
 * search or page replaces the list when it arrives (a transition: no loading state in between), and
 * `searching` is true meanwhile.
 */
export function useListSearch<F>(initial: F) {
  const [draft, setDraft] = useState<F>(initial);
  const [filters, setFilters] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const [searching, startSearch] = useTransition();
  return {
    draft,
    setDraft,
    filters,
    page,
    searching,
    search(e: FormEvent) {
      e.preventDefault();
      startSearch(() => {
        setPage(1);
        setFilters(draft);
      });
    },
    goTo(p: number) {
      startSearch(() => setPage(p));
    },
  };
}
