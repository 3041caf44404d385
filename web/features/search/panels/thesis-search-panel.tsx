import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { PAGE_SIZES, THESIS_SORTS } from "../../../../contract/search-constants";
import type { ThesisResult, ThesisSearchInput } from "../../../../contract/search";
import { toPersianDigits } from "../../../../lib/digits";
import { truncateTitle } from "../../../../lib/format";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Icon } from "../../../components/ui/icon";
import { NativeSelect } from "../../../components/ui/native-select";
import { Radio, RadioGroup } from "../../../components/ui/radio-group";
import { useSearchType } from "../../../lib/ui-state";
import { Fact, openLink, SearchPane, SearchForm, SearchResults, useDownloadCheck, YearRange, SearchItem } from "../list-parts";
import { searchUi as t } from "../messages";
import { searchOptionsQuery } from "../queries";
import { useSearchPanel } from "../use-search-panel";
import "../search.css";
import { departmentName } from "../department-names";

type Source = "free" | "proquest";
type Form = { keywords: string; department: string; language: string; sortBy: (typeof THESIS_SORTS)[number]; yearFrom: string; yearTo: string };
const blank: Form = { keywords: "", department: "", language: "", sortBy: "relevance", yearFrom: "", yearTo: "" };

export function thesisRequest(f: Form): Omit<ThesisSearchInput, "page" | "count"> {
  return {
    search_from: "free",
    keywords: f.keywords.trim(),
    department: f.department,
    language: f.language,
    sort_by: f.sortBy,
    year_from: f.yearFrom,
    year_to: f.yearTo,
  };
}

const ABSTRACT_PREVIEW = 260;

function ThesisItem({ item, n, onDownload }: { item: ThesisResult; n: number; onDownload(): void }) {
  const [expanded, setExpanded] = useState(false);
  const long = item.Abstract.length > ABSTRACT_PREVIEW + 40;
  const id = `thesis-abstract-${item.id}`;
  return (
    <SearchItem n={n} title={item.Title}>
      <dl className="search-facts">
        <Fact label={t.book.authors} ltr>
          {item.Author}
        </Fact>
        <Fact label={t.thesis.degree}>{t.thesis.degrees[item.Degree] ?? item.Degree}</Fact>
        <Fact label={t.thesis.department} ltr={departmentName(item.Department) === item.Department}>
          {departmentName(item.Department)}
        </Fact>
        <Fact label={t.thesis.university} ltr>
          {item.University}
        </Fact>
        <Fact label={t.thesis.year}>{item.Year !== null ? toPersianDigits(item.Year) : null}</Fact>
        <Fact label={t.thesis.language}>{t.languages[item.Language] ?? item.Language}</Fact>
      </dl>
      {item.Abstract && (
        <div className="search-abstract">
          <p id={id} dir="ltr">
            {expanded || !long ? item.Abstract : truncateTitle(item.Abstract, ABSTRACT_PREVIEW, ABSTRACT_PREVIEW + 40)}
          </p>
          {long && (
            <Button variant="ghost" size="sm" aria-expanded={expanded} aria-controls={id} onPress={() => setExpanded((e) => !e)}>
              {expanded ? t.thesis.less : t.thesis.more}
            </Button>
          )}
        </div>
      )}
      <div className="search-item__actions">
        <Button size="sm" onPress={onDownload}>
          <Icon name="download" size={18} />
          {t.thesis.downloadLink}
        </Button>
      </div>
    </SearchItem>
  );
}

/** Type 4: thesis search. Only the free catalogue is searchable; ProQuest points to direct access (type 6). */
export default function ThesisSearchPanel(_props: Record<string, never>) {
  const [source, setSource] = useState<Source>("free");
  const { form, set, list, submit } = useSearchPanel({ kind: "thesis", initial: blank, toRequest: thesisRequest });
  const { setTypeOfSearch } = useSearchType();
  const options = useQuery(searchOptionsQuery());
  const check = useDownloadCheck();

  const onSubmit = () => {
    // §5: thesis search runs only for source free.
    if (source !== "free") return;
    submit();
  };
  const data = list.data;
  const departments = options.data?.departments ?? [];
  const languages = options.data?.languages ?? [];

  return (
    <SearchPane kind="thesis">
      <RadioGroup label={t.source} value={source} onChange={(v) => setSource(v as Source)} className="search-form__sources">
        {(["proquest", "free"] as const).map((s) => (
          <Radio key={s} value={s} appearance="chip">
            {t.thesis.sources[s]}
          </Radio>
        ))}
      </RadioGroup>

      {source === "proquest" ? (
        <Alert
          tone="info"
          className="search-proquest"
          action={
            <Button variant="secondary" size="sm" onPress={() => setTypeOfSearch(6)}>
              <Icon name="globe" size={18} />
              {t.thesis.proquestButton}
            </Button>
          }
        >
          {t.thesis.proquestHint}
        </Alert>
      ) : (
        <SearchForm onSubmit={onSubmit} keywords={{ label: t.keywords, placeholder: t.keywordsPlaceholder, value: form.keywords, onChange: set("keywords") }}>
          <NativeSelect
            label={t.thesis.department}
            value={form.department}
            options={[["", t.all], ...departments.map((d) => [d, departmentName(d)] as const)]}
            onChange={set("department")}
          />
          <NativeSelect
            label={t.thesis.language}
            value={form.language}
            options={[["", t.all], ...languages.map((l) => [l, t.languages[l] ?? l] as const)]}
            onChange={set("language")}
          />
          <NativeSelect label={t.sort} value={form.sortBy} options={THESIS_SORTS.map((s) => [s, t.thesis.sorts[s]] as const)} onChange={set("sortBy")} />
          <YearRange from={form.yearFrom} to={form.yearTo} onFrom={set("yearFrom")} onTo={set("yearTo")} />
        </SearchForm>
      )}

      {source === "free" && (
        <SearchResults
          list={list}
          sizes={PAGE_SIZES.thesis}
          items={data?.data}
          item={(item, i) => <ThesisItem key={item.id} item={item} n={list.firstNumber + i} onDownload={() => check(() => openLink(item.Download_Link))} />}
        />
      )}
    </SearchPane>
  );
}
