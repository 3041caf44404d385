import { useState, type ReactNode } from "react";
import { toPersianDigits } from "../../../lib/digits";
import { MATCH_TYPES, VISIBLE_PAGES } from "../../../contract/search-constants";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Icon } from "../../components/ui/icon";
import { NativeSelect } from "../../components/ui/native-select";
import { Pagination } from "../../components/ui/pagination";
import { ProgressBar } from "../../components/ui/progress-bar";
import { TextField } from "../../components/ui/text-field";
import { ApiError } from "../../lib/api";
import { messages } from "../../lib/messages";
import { usePageData } from "../../lib/page-data-context";
import { savePendingIntent, type PendingIntent } from "../../lib/pending-intent";
import { useUiState, type OfflineRequestPrefill } from "../../lib/ui-state";
import { searchUi as t } from "./messages";
import type { SearchKind } from "./queries";

type MatchType = (typeof MATCH_TYPES)[number];

function PageSizeSelect({ sizes, value, onChange }: { sizes: readonly number[]; value: number; onChange(n: number): void }) {
  return (
    <NativeSelect
      label={t.pageSize}
      className="search-size"
      value={String(value)}
      options={sizes.map((n) => [String(n), toPersianDigits(n)] as const)}
      onChange={(v) => onChange(Number(v))}
    />
  );
}

/** "From year" / "to year": free text (§5), any digit script. */
export function YearRange({ from, to, onFrom, onTo }: { from: string; to: string; onFrom(v: string): void; onTo(v: string): void }) {
  return (
    <div className="search-years">
      <TextField label={t.yearFrom} value={from} onChange={onFrom} inputMode="numeric" placeholder={t.yearPlaceholder} name="year_from" />
      <TextField label={t.yearTo} value={to} onChange={onTo} inputMode="numeric" placeholder={t.yearPlaceholder} name="year_to" />
    </div>
  );
}

/** How the keywords must match (all words, any word, the exact phrase). */
export function MatchTypeSelect({ label = t.matchType, value, onChange }: { label?: string; value: MatchType; onChange(v: MatchType): void }) {
  return <NativeSelect label={label} value={value} options={MATCH_TYPES.map((m) => [m, t.matchTypes[m]] as const)} onChange={onChange} />;
}

/** A failed search's text: the server's Persian message, or "an error occurred, code {status}" (§8). */
function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message || messages.errorCode(error.status);
  return messages.network;
}

/** Loading bar, error line, or the result count above a list. */
export function SearchStatus({ busy, error, total, capped }: { busy: boolean; error: unknown; total: number | null; capped?: boolean }) {
  if (busy) return <ProgressBar isIndeterminate label={t.loading} className="search-loading" />;
  if (error) {
    const noResult = error instanceof ApiError && error.message === t.noResults;
    return (
      <Alert tone={noResult ? "info" : "error"} className="search-error">
        {errorText(error)}
      </Alert>
    );
  }
  if (total === null) return null;
  return (
    <p className="search-count" role="status">
      {total === 0 ? t.noResults : t.results(total, !!capped)}
    </p>
  );
}

/** The footer of a result list: page-size selector and pages. */
export function ListFooter({
  sizes,
  count,
  onCount,
  page,
  total,
  onPage,
}: {
  sizes: readonly number[];
  count: number;
  onCount(n: number): void;
  page: number;
  total: number;
  onPage(p: number): void;
}) {
  return (
    <div className="search-footer">
      <Pagination page={page} pages={total} visible={VISIBLE_PAGES} onChange={onPage} label={t.pagination} />
      <PageSizeSelect sizes={sizes} value={count} onChange={onCount} />
    </div>
  );
}

/**
 * The search panels' one form: `before` (a source choice) above the row of `inline` (a source
 * select), the keywords and the search button (`iconSubmit`: the icon alone, named for screen
 * readers), then `toggle` and the filters (`filtersId` and `filtersHidden` when the toggle folds them).
 * Enter or the button submits; `onSubmit` decides whether to search.
 */
export function SearchForm({
  onSubmit,
  keywords,
  before,
  inline,
  iconSubmit = false,
  toggle,
  filtersId,
  filtersHidden,
  children,
}: {
  onSubmit(): void;
  keywords: { label: string; placeholder: string; value: string; onChange(v: string): void };
  before?: ReactNode;
  inline?: ReactNode;
  iconSubmit?: boolean;
  toggle?: ReactNode;
  filtersId?: string;
  filtersHidden?: boolean;
  /** The filters. */
  children: ReactNode;
}) {
  return (
    <form
      className="search-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      role="search"
      noValidate
    >
      {before}
      <div className="search-form__main">
        {inline}
        <TextField
          className="search-form__keywords"
          label={keywords.label}
          placeholder={keywords.placeholder}
          value={keywords.value}
          onChange={keywords.onChange}
          ltr
          name="keywords"
          type="search"
        />
        {iconSubmit ? (
          <Button type="submit" iconOnly aria-label={t.search} className="search-form__submit search-form__submit--icon">
            <Icon name="search" size={22} />
          </Button>
        ) : (
          <Button type="submit" className="search-form__submit">
            <Icon name="search" size={20} />
            {t.search}
          </Button>
        )}
      </div>
      {toggle}
      <div id={filtersId} className="search-form__filters" hidden={filtersHidden}>
        {children}
      </div>
    </form>
  );
}

/** One numbered result of a list: its number, its title (left to right), then the rest of it. */
export function SearchItem({ n, title, children }: { n: number; title: ReactNode; children: ReactNode }) {
  return (
    <li className="search-item card" value={n}>
      <div className="search-item__number" aria-hidden="true">
        {toPersianDigits(n)}
      </div>
      <div className="search-item__body">
        <h3 className="search-item__title">
          <bdi dir="ltr">{title}</bdi>
        </h3>
        {children}
      </div>
    </li>
  );
}

/** What SearchResults reads of a `useSearchList`. */
type ResultList = {
  /** The form last searched with; none before the first search. */
  submitted: object | null;
  busy: boolean;
  error: unknown;
  last: { total_pages: number } | undefined;
  /** The page shown (none while the next one loads). */
  data: { total_results: number; total_capped?: boolean } | undefined;
  page: number;
  count: number;
  setPage(p: number): void;
  setCount(n: number): void;
  firstNumber: number;
};

/** A submitted search's results (nothing before the first search): status line (the total of the page shown), the numbered list, the footer with pages and page size, then `children`. */
export function SearchResults<Item>({
  list,
  sizes,
  items,
  item,
  children,
}: {
  list: ResultList;
  sizes: readonly number[];
  items: Item[] | undefined;
  item(it: Item, i: number): ReactNode;
  children?: ReactNode;
}) {
  if (!list.submitted) return null;
  return (
    <div className="search-results" aria-busy={list.busy}>
      <SearchStatus busy={list.busy} error={list.error} total={list.data ? list.data.total_results : null} capped={list.data?.total_capped} />
      {items && items.length > 0 && (
        <ol className="search-list" aria-label={t.resultList} start={list.firstNumber}>
          {items.map(item)}
        </ol>
      )}
      {list.last && (
        <ListFooter sizes={sizes} count={list.count} onCount={list.setCount} page={list.page} total={list.last.total_pages} onPage={list.setPage} />
      )}
      {children}
    </div>
  );
}

/**
 * §4 download-click check: outside type 1 a guest gets the login dialog; a signed-in user goes on
 * to `next` (which, where there is nothing to fetch, opens the package offer).
 */
export function useDownloadCheck() {
  const { isGuest } = usePageData();
  const { openDialog } = useUiState();
  return (next: () => void = () => openDialog("packageOffer")) => {
    if (isGuest) openDialog("login");
    else next();
  };
}

/** The offline request dialog, prefilled; a guest's request is kept for after login (accounts §4). */
export function useOfflineRequest() {
  const { isGuest } = usePageData();
  const { openDialog, openOfflineRequest } = useUiState();
  return (prefill: OfflineRequestPrefill & { kind: "book" | "standard" }) => {
    if (isGuest) {
      const intent: PendingIntent = { run: "offline", url: prefill.url, doi: prefill.doi, desc: prefill.desc };
      savePendingIntent(intent);
      openDialog("login");
    } else openOfflineRequest({ canEdit: true, ...prefill });
  };
}

/** One labelled fact of a result, shown only when it has a value (§2 type 5). */
export function Fact({ label, children, ltr }: { label: string; children: ReactNode; ltr?: boolean }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <div className="search-fact">
      <dt>{label}</dt>
      <dd>{ltr ? <bdi dir="ltr">{children}</bdi> : children}</dd>
    </div>
  );
}

/** Opens a lawful download link in a new tab. */
export function openLink(href: string) {
  window.open(href, "_blank", "noopener,noreferrer");
}

/** A search panel (types 2 to 5): its section, named by its heading with the help button, then the form and results. */
export function SearchPane({ kind, children }: { kind: SearchKind; children: ReactNode }) {
  const m = t[kind];
  return (
    <section className="search-pane" aria-labelledby={`${kind}-search-title`}>
      <PanelHead id={`${kind}-search-title`} title={m.title} helpTitle={m.helpTitle} help={m.help} />
      {children}
    </section>
  );
}

/** A panel's heading with its help button and help dialog (§2 "help dialogs types 1 to 6"). */
export function PanelHead({ id, title, helpTitle, help }: { id: string; title: string; helpTitle: string; help: readonly string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="search-pane__head">
      <h2 id={id} className="search-pane__title">
        {title}
      </h2>
      <Button variant="ghost" size="sm" onPress={() => setOpen(true)}>
        <Icon name="info" size={18} />
        {t.help}
      </Button>
      <Dialog
        title={helpTitle}
        width={450}
        isOpen={open}
        onOpenChange={setOpen}
        actions={({ close }) => (
          <Button variant="outline" onPress={close}>
            {t.close}
          </Button>
        )}
      >
        <ol className="search-help">
          {help.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </Dialog>
    </div>
  );
}
