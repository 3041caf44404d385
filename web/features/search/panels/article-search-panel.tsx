import { lazy, Suspense, useState } from "react";
import { ARTICLE_SORTS, MATCH_TYPES, PAGE_SIZES, SCOPUS_LANGUAGES, SCOPUS_SEARCH_IN, SUBJECT_AREAS } from "../../../../contract/search-constants";
import type { ArticleResult, ArticleSearchInput } from "../../../../contract/search";
import { toPersianDigits } from "../../../../lib/digits";
import { Button } from "../../../components/ui/button";
import { Icon } from "../../../components/ui/icon";
import { ExternalLink } from "../../../components/ui/link";
import { NativeSelect } from "../../../components/ui/native-select";
import { TextField } from "../../../components/ui/text-field";
import { MatchTypeSelect, SearchForm, SearchResults, useDownloadCheck, YearRange, SearchPane, SearchItem } from "../list-parts";
import { usePageData } from "../../../lib/page-data-context";
import { searchUi as t } from "../messages";
import { useSearchPanel } from "../use-search-panel";
import { CitationExportMenu, citationOf } from "../../../components/citations/citation-export";
import "../search.css";

// The per-result download dialog (the link pipeline's result dialog) loads on the first download click.
const ResultDialog = lazy(() => import("../../getpdf/result-dialog"));

type Source = "none" | "scopus" | "cross";
type Form = {
  source: Source;
  keywords: string;
  publisher: string;
  subject: string;
  type: string;
  searchType: (typeof MATCH_TYPES)[number];
  searchIn: (typeof SCOPUS_SEARCH_IN)[number];
  language: string;
  sortBy: (typeof ARTICLE_SORTS)[number];
  yearFrom: string;
  yearTo: string;
};

const initial: Form = {
  source: "none",
  keywords: "",
  publisher: "",
  subject: "",
  type: "",
  searchType: "all",
  searchIn: "title-abs-key",
  language: "",
  sortBy: "relevance",
  yearFrom: "",
  yearTo: "",
};

type ArticleRequest = Omit<ArticleSearchInput, "page" | "count">;

/** The request §3 describes: common fields, plus the chosen source's own (others left empty). */
export function articleRequest(f: Form): ArticleRequest {
  const scopus = f.source === "scopus";
  return {
    search_from: scopus ? "scopus" : "crossref",
    keywords: f.keywords.trim(),
    year_from: f.yearFrom,
    year_to: f.yearTo,
    sort_by: f.sortBy,
    subject: f.subject,
    type: f.type,
    search_type: scopus ? f.searchType : "",
    search_in: scopus ? f.searchIn : "",
    language: scopus ? f.language : "",
    publisher: scopus ? "" : f.publisher,
  };
}

const subjectOptions = [
  ["", t.all] as const,
  ...Object.keys(SUBJECT_AREAS).map((code) => [code, t.article.subjects[code as keyof typeof SUBJECT_AREAS]] as const),
];

function typeLabel(type: string | null): string | null {
  if (!type) return null;
  const all: Record<string, string> = { ...t.article.types.crossref, ...t.article.types.scopus };
  return all[type] ?? type;
}

function ArticleItem({ item, n, onDownload }: { item: ArticleResult; n: number; onDownload(): void }) {
  const volumeIssue = t.article.volumeIssue(item.volume, item.issue);
  return (
    <SearchItem n={n} title={item.title ?? item.doi ?? "—"}>
      {item.authors && (
        <p className="search-item__line" dir="ltr">
          <bdi dir="ltr">{item.authors}</bdi>
        </p>
      )}
      <p className="search-item__meta">
        {typeLabel(item.type) && <span className="search-badge">{typeLabel(item.type)}</span>}
        {item.open_access && <span className="search-badge search-badge--free">{t.article.openAccess}</span>}
        {item.year !== null && <span>{toPersianDigits(item.year)}</span>}
        {volumeIssue && <span>{volumeIssue}</span>}
        {item.publisher && (
          <span>
            <bdi dir="ltr">{item.publisher}</bdi>
          </span>
        )}
      </p>
      {item.document_details && (
        <p className="search-item__details" dir="ltr">
          <bdi dir="ltr">{item.document_details}</bdi>
        </p>
      )}
      {item.doi && (
        <p className="search-item__doi" dir="ltr">
          {t.doi}: <bdi dir="ltr">{item.doi}</bdi>
        </p>
      )}
      <div className="search-item__actions">
        <Button size="sm" onPress={onDownload} isDisabled={!item.doi && !item.url}>
          <Icon name="download" size={18} />
          {t.download}
        </Button>
        {item.doi && (
          <CitationExportMenu
            citation={citationOf({
              doi: item.doi,
              title: item.title,
              year: item.year,
              authors: item.authors ? item.authors.split(/\s*;\s*/) : [],
              container: item.published_in,
              volume: item.volume,
              issue: item.issue,
              publisher: item.publisher,
            })}
          />
        )}
        {item.url && (
          <ExternalLink href={item.url} className="search-item__view">
            <Icon name="external" size={16} /> {t.view}
          </ExternalLink>
        )}
      </div>
    </SearchItem>
  );
}

/** Type 2: article search in Scopus or Crossref (search spec §2, §3). */
export default function ArticleSearchPanel(_props: Record<string, never>) {
  const { form, setForm, set, list, submit } = useSearchPanel({
    kind: "article",
    initial,
    toRequest: articleRequest,
    refuse: (f) => (f.source === "none" ? t.noSource : null),
  });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [dialogUrl, setDialogUrl] = useState<string | null>(null);
  const check = useDownloadCheck();

  const scopus = form.source === "scopus";
  // The page data says whether this server has a Scopus key; without one every Scopus search would
  // answer "not configured", so the option is shown disabled with the reason.
  const scopusReady = usePageData().scopusConfigured !== false;
  const typeOptions = form.source === "none" ? [] : Object.entries(form.source === "scopus" ? t.article.types.scopus : t.article.types.crossref);
  const data = list.data;

  return (
    <SearchPane kind="article">
      <SearchForm
        onSubmit={submit}
        keywords={{ label: t.keywords, placeholder: t.keywordsPlaceholder, value: form.keywords, onChange: set("keywords") }}
        inline={
          <NativeSelect
            label={t.source}
            className="search-form__source"
            value={form.source}
            options={(["none", "scopus", "cross"] as const).map(
              (s) => [s, s === "scopus" && !scopusReady ? t.article.scopusOff : t.article.sources[s]] as const,
            )}
            disabledKeys={scopusReady ? [] : ["scopus"]}
            description={scopusReady ? undefined : t.article.scopusNotConfigured}
            onChange={(s) => setForm((f) => ({ ...f, source: s, type: "" }))}
          />
        }
        toggle={
          <Button
            variant="ghost"
            size="sm"
            className="search-form__toggle"
            aria-expanded={filtersOpen}
            aria-controls="article-filters"
            onPress={() => setFiltersOpen((o) => !o)}
          >
            <Icon name={filtersOpen ? "close" : "chevronDown"} size={18} />
            {filtersOpen ? t.hideFilters : t.showFilters}
          </Button>
        }
        filtersId="article-filters"
        filtersHidden={!filtersOpen}
      >
        {form.source === "cross" && (
          <TextField label={t.article.publisher} placeholder="Elsevier" value={form.publisher} onChange={set("publisher")} ltr name="publisher" />
        )}
        <NativeSelect label={t.article.subject} value={form.subject} options={subjectOptions} onChange={set("subject")} />
        {typeOptions.length > 0 && <NativeSelect label={t.article.type} value={form.type} options={[["", t.all], ...typeOptions]} onChange={set("type")} />}
        {scopus && (
          <>
            <MatchTypeSelect label={t.article.searchType} value={form.searchType} onChange={set("searchType")} />
            <NativeSelect
              label={t.article.searchIn}
              value={form.searchIn}
              options={SCOPUS_SEARCH_IN.map((s) => [s, t.article.searchIn_[s]] as const)}
              onChange={set("searchIn")}
            />
            <NativeSelect
              label={t.article.language}
              value={form.language}
              options={[["", t.all], ...SCOPUS_LANGUAGES.map((l) => [l, t.article.languages[l] ?? l] as const)]}
              onChange={set("language")}
            />
          </>
        )}
        <NativeSelect label={t.sort} value={form.sortBy} options={ARTICLE_SORTS.map((s) => [s, t.article.sorts[s]] as const)} onChange={set("sortBy")} />
        <YearRange from={form.yearFrom} to={form.yearTo} onFrom={set("yearFrom")} onTo={set("yearTo")} />
      </SearchForm>

      <SearchResults
        list={list}
        sizes={PAGE_SIZES.article}
        items={data?.data}
        item={(item, i) => (
          <ArticleItem
            key={`${item.doi ?? item.url ?? i}-${i}`}
            item={item}
            n={list.firstNumber + i}
            onDownload={() => check(() => setDialogUrl(item.doi ?? item.url))}
          />
        )}
      />
      {dialogUrl && (
        <Suspense fallback={null}>
          <ResultDialog url={dialogUrl} method="post" isOpen onOpenChange={(open) => !open && setDialogUrl(null)} />
        </Suspense>
      )}
    </SearchPane>
  );
}
