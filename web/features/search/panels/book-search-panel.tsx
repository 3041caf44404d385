import { useLocation } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState } from "react";
import { BOOK_SOURCES, LIVE_SOURCE_NAMES, MATCH_TYPES, PAGE_SIZES } from "../../../../contract/search-constants";
import type { BookResult, BookSearchInput, BookSearchResponse, BookSource } from "../../../../contract/search";
import { toPersianDigits } from "../../../../lib/digits";
import { formatToman } from "../../../../lib/format";
import { Button } from "../../../components/ui/button";
import { Icon } from "../../../components/ui/icon";
import { Radio, RadioGroup } from "../../../components/ui/radio-group";
import { useUniversityGrants } from "../../../lib/page-data-context";
import { bookSourceFromHash } from "../../home/hash-shortcuts";
import { Fact, openLink, MatchTypeSelect, SearchForm, SearchResults, useDownloadCheck, useOfflineRequest, YearRange, SearchPane } from "../list-parts";
import { searchUi as t } from "../messages";
import { useSearchPanel } from "../use-search-panel";
import "../search.css";

// Loaded when a signed-in user asks for a standard or buys a book: the wallet's purchase flow stays out of this chunk.
const StandardDialog = lazy(() => import("../../wallet/standard-dialog").then((m) => ({ default: m.StandardDialog })));
const BuyDialog = lazy(() => import("../../wallet/buy-dialog").then((m) => ({ default: m.BuyDialog })));
// A lawful open copy is fetched, verified and served through our origin by the link box's pipeline.
const ResultDialog = lazy(() => import("../../getpdf/result-dialog"));

/** The open collections searched with the catalogue: one that did not answer, or has more than it gave, is said. */
function LiveSourcesNote({ live }: { live: BookSearchResponse["live"] }) {
  const notes = (live ?? []).flatMap((s): { key: string; text: string; tone: "warning" | "info" }[] =>
    s.status === "unavailable"
      ? [{ key: s.source, text: t.book.liveUnavailable(LIVE_SOURCE_NAMES[s.source]), tone: "warning" }]
      : s.more
        ? [{ key: s.source, text: t.book.liveMore(LIVE_SOURCE_NAMES[s.source]), tone: "info" }]
        : [],
  );
  if (!notes.length) return null;
  return (
    <ul className="search-live-notes">
      {notes.map((n) => (
        <li key={n.key} className={`search-live-note search-live-note--${n.tone}`}>
          {n.text}
        </li>
      ))}
    </ul>
  );
}

type Form = { source: BookSource; keywords: string; match: (typeof MATCH_TYPES)[number]; yearFrom: string; yearTo: string };

/** #standard, #solution, #report preselect the source (§2 hash shortcuts). */
function sourceFromHash(hash?: string): BookSource | null {
  const fromHash = bookSourceFromHash(hash);
  return fromHash === "solution" ? "solutions" : fromHash;
}

/**
 * The source of the address the home page was opened with. The home page clears the hash after
 * 1 s (§9); on a slow connection this chunk arrives later than that, so the landing address (the
 * navigation entry keeps its fragment) still counts — once per page load.
 */
const landingSource: BookSource | null = (() => {
  try {
    const entry = performance.getEntriesByType("navigation")[0];
    const url = entry ? new URL(entry.name) : null;
    return url && url.pathname === "/" ? sourceFromHash(url.hash) : null;
  } catch {
    return null;
  }
})();
let landingSourceUsed = false;

export function bookRequest(f: Form): Omit<BookSearchInput, "page" | "count"> {
  return { search_from: f.source, keywords: f.keywords.trim(), type: f.match, year_from: f.yearFrom, year_to: f.yearTo };
}

function Cover({ src, title }: { src: string | null; title: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className="search-cover search-cover--none" aria-hidden="true">
        <Icon name="book" size={30} />
      </div>
    );
  }
  return (
    <img
      className="search-cover"
      src={src}
      alt={t.book.cover(title)}
      loading="lazy"
      decoding="async"
      width={72}
      height={104}
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}

function BookItem({ item, n, onGet, onLink, onFetch }: { item: BookResult; n: number; onGet(): void; onLink(href: string): void; onFetch(ref: string): void }) {
  const links = [item.link1, item.link2, item.link3, item.link4].filter((l): l is string => !!l);
  const file = [item.Pages_biblio ? t.book.pages(item.Pages_biblio) : null, item.Size ? t.book.size(item.Size) : null, item.Extension?.toUpperCase()]
    .filter(Boolean)
    .join(" · ");
  return (
    <li className="search-item search-item--book card" value={n}>
      <div className="search-item__number" aria-hidden="true">
        {toPersianDigits(n)}
      </div>
      <Cover src={item.Cover} title={item.Title} />
      <div className="search-item__body">
        <p className="search-item__meta">
          <span className={`search-badge search-badge--type${item.type}`}>{t.book.types[item.type]}</span>
          {item.free && <span className="search-badge search-badge--free">{t.book.free}</span>}
          {item.Source && <span className="search-badge search-badge--source">{t.book.from(item.Source)}</span>}
          {item.demo && (
            <span className="search-badge search-badge--demo" title={t.book.demoHint}>
              {t.book.demo}
            </span>
          )}
        </p>
        <h3 className="search-item__title">
          <bdi dir="ltr">{item.Title}</bdi>
        </h3>
        <dl className="search-facts">
          <Fact label={t.book.authors} ltr>
            {item["Author(s)"]}
          </Fact>
          <Fact label={item.type === 3 ? t.book.reportNumber : t.book.number} ltr>
            {item.Number}
          </Fact>
          <Fact label={t.book.publisher} ltr>
            {item.Publisher}
          </Fact>
          <Fact label={t.book.year}>{item.Year !== null ? toPersianDigits(item.Year) : null}</Fact>
          <Fact label={t.book.edition} ltr>
            {item.Edition}
          </Fact>
          <Fact label={t.book.isbn} ltr>
            {item.ISBN}
          </Fact>
          <Fact label={t.book.language}>{t.languages[item.Language] ?? item.Language}</Fact>
          <Fact label={t.book.license} ltr>
            {item.free ? item.license : null}
          </Fact>
        </dl>
        {file && <p className="search-item__line search-muted">{file}</p>}
        <div className="search-item__actions">
          {item.free && item.download ? (
            <>
              <Button size="sm" onPress={() => onFetch(item.download!)} aria-describedby={`fetch-hint-${n}`}>
                <Icon name="download" size={18} />
                {t.book.fetch}
              </Button>
              {item.Url && (
                <a className="search-item__source" href={item.Url} target="_blank" rel="noopener noreferrer">
                  {t.book.sourcePage}
                </a>
              )}
              <span id={`fetch-hint-${n}`} className="search-muted search-item__hint">
                {t.book.fetchHint}
              </span>
            </>
          ) : item.free && links.length > 0 ? (
            links.map((href, i) => (
              <Button key={href} size="sm" variant={i === 0 ? "primary" : "outline"} onPress={() => onLink(href)}>
                <Icon name="download" size={18} />
                {links.length > 1 ? t.book.link(i + 1) : t.download}
              </Button>
            ))
          ) : (
            <>
              {item.toman_price !== null && <span className="search-price">{formatToman(item.toman_price)}</span>}
              <Button size="sm" onPress={onGet}>
                <Icon name={item.type === 2 ? "standard" : item.toman_price !== null ? "cart" : "offline"} size={18} />
                {item.type === 2 ? t.book.standardRequest : item.toman_price !== null ? t.book.buy : t.book.offlineButton}
              </Button>
            </>
          )}
        </div>
      </div>
    </li>
  );
}

/** Type 3: books, solution manuals, standards and reports from the catalogue (search spec §2, §3). */
export default function BookSearchPanel(_props: Record<string, never>) {
  const { form, setForm, set, list, submit } = useSearchPanel({
    kind: "book",
    initial: (): Form => ({
      source: sourceFromHash() ?? (landingSourceUsed ? null : landingSource) ?? "all",
      keywords: "",
      match: "all",
      yearFrom: "",
      yearTo: "",
    }),
    toRequest: bookRequest,
  });
  const [standardId, setStandardId] = useState<number | null>(null);
  const [buying, setBuying] = useState<BookResult | null>(null);
  const [fetching, setFetching] = useState<string | null>(null);
  const universityBooks = useUniversityGrants("book_download");
  const check = useDownloadCheck();
  const requestOffline = useOfflineRequest();
  // A shortcut followed while this panel is already shown (e.g. a #solution link) also picks the source.
  const hash = useLocation({ select: (l) => l.hash });
  useEffect(() => {
    landingSourceUsed = true;
  }, []);
  useEffect(() => {
    const source = sourceFromHash(hash);
    if (source) setForm((f) => ({ ...f, source }));
  }, [hash, setForm]);

  const data = list.data;

  return (
    <SearchPane kind="book">
      <SearchForm
        onSubmit={submit}
        keywords={{ label: t.keywords, placeholder: t.keywordsPlaceholder, value: form.keywords, onChange: set("keywords") }}
        before={
          <RadioGroup label={t.source} value={form.source} onChange={(v) => set("source")(v as BookSource)} className="search-form__sources">
            {BOOK_SOURCES.map((s) => (
              <Radio key={s} value={s} appearance="chip">
                {t.book.sources[s]}
              </Radio>
            ))}
          </RadioGroup>
        }
      >
        <MatchTypeSelect value={form.match} onChange={set("match")} />
        <YearRange from={form.yearFrom} to={form.yearTo} onFrom={set("yearFrom")} onTo={set("yearTo")} />
      </SearchForm>

      <SearchResults
        list={list}
        sizes={PAGE_SIZES.book}
        items={data?.results}
        item={(item, i) => (
          <BookItem
            key={item.id}
            item={item}
            n={list.firstNumber + i}
            onLink={(href) => check(() => openLink(href))}
            onFetch={(ref) => check(() => setFetching(ref))}
            onGet={() =>
              check(
                // A standard opens its dialog; a priced book is bought (then delivered by the desk);
                // a book without a price is ordered offline, prefilled with its ISBN or title.
                item.type === 2
                  ? () => setStandardId(item.id)
                  : item.toman_price !== null
                    ? () => setBuying(item)
                    : () => requestOffline({ kind: "book", url: item.ISBN ? `ISBN ${item.ISBN}` : item.Title, desc: item.ISBN ? item.Title : undefined }),
              )
            }
          />
        )}
      >
        <LiveSourcesNote live={data?.live} />
      </SearchResults>

      {/* In the flow, not floating over the results: the shell's offline button steps aside for it (shell.css). */}
      <aside className="search-offline-prompt search-offline-prompt--inline search-offline-prompt--book" aria-label={t.book.offlineButton}>
        <div>
          <strong>{t.book.offlinePrompt}</strong>
          <span className="search-muted"> {t.book.offlinePromptHint}</span>
        </div>
        <Button variant="secondary" size="sm" onPress={() => requestOffline({ kind: "book", url: form.keywords.trim() || undefined })}>
          <Icon name="offline" size={18} />
          {t.book.offlineButton}
        </Button>
      </aside>
      {buying && buying.toman_price !== null && (
        <Suspense fallback={null}>
          <BuyDialog
            cart={{ name: "book", id: buying.id, title: buying.Title }}
            title={buying.Title}
            price={buying.toman_price}
            university={universityBooks}
            isOpen
            onOpenChange={(open) => !open && setBuying(null)}
          />
        </Suspense>
      )}
      {fetching !== null && (
        <Suspense fallback={null}>
          <ResultDialog url={fetching} method="post" isOpen onOpenChange={(open) => !open && setFetching(null)} />
        </Suspense>
      )}
      {standardId !== null && (
        <Suspense fallback={null}>
          <StandardDialog id={standardId} isOpen onOpenChange={(open) => !open && setStandardId(null)} />
        </Suspense>
      )}
    </SearchPane>
  );
}
