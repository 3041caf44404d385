import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { MATCH_TYPES, PAGE_SIZES } from "../../../../contract/search-constants";
import type { StandardResult, StandardSearchInput } from "../../../../contract/search";
import { toPersianDigits } from "../../../../lib/digits";
import { formatJalaliDate, formatToman } from "../../../../lib/format";
import { Button } from "../../../components/ui/button";
import { Icon } from "../../../components/ui/icon";
import { NativeSelect } from "../../../components/ui/native-select";
import { Fact, MatchTypeSelect, SearchForm, SearchResults, useDownloadCheck, useOfflineRequest, YearRange, SearchPane, SearchItem } from "../list-parts";
import { searchUi as t } from "../messages";
import { searchOptionsQuery } from "../queries";
import { useSearchPanel } from "../use-search-panel";
import "../search.css";

// Loaded when a signed-in user asks for a standard: the wallet's purchase flow stays out of this chunk.
const StandardDialog = lazy(() => import("../../wallet/standard-dialog").then((m) => ({ default: m.StandardDialog })));

type Form = { keywords: string; organization: string; match: (typeof MATCH_TYPES)[number]; yearFrom: string; yearTo: string };
const blank: Form = { keywords: "", organization: "", match: "all", yearFrom: "", yearTo: "" };

export function standardRequest(f: Form): Omit<StandardSearchInput, "page" | "count"> {
  return { keywords: f.keywords.trim(), organization: f.organization, type: f.match, year_from: f.yearFrom, year_to: f.yearTo };
}

/** A full date is shown in the Solar Hijri calendar; a bare year or other text as it is. */
function publicationDate(value: string | null): string | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatJalaliDate(`${value}T12:00:00Z`) || value;
  return toPersianDigits(value);
}

function StandardItem({ item, n, onRequest }: { item: StandardResult; n: number; onRequest(): void }) {
  return (
    <SearchItem n={n} title={item.title}>
      {/* §2 type 5: each field only when non-empty. */}
      <dl className="search-facts">
        <Fact label={t.standard.number} ltr>
          {item.Number}
        </Fact>
        <Fact label={t.standard.organizationField} ltr>
          {item.Organization}
        </Fact>
        <Fact label={t.standard.cdName} ltr>
          {item.CD_name}
        </Fact>
        <Fact label={t.standard.publicationDate}>{publicationDate(item.Publication_Date)}</Fact>
      </dl>
      <div className="search-item__actions">
        {item.free ? (
          <span className="search-badge search-badge--free">{t.book.free}</span>
        ) : (
          item.toman_price !== null && <span className="search-price">{formatToman(item.toman_price)}</span>
        )}
        <Button size="sm" onPress={onRequest}>
          <Icon name="download" size={18} />
          {t.standard.requestDownload}
        </Button>
      </div>
    </SearchItem>
  );
}

/** Type 5 (old-standard flag): standards by title, code or keywords, organisation and year (search spec §2). */
export default function StandardSearchPanel(_props: Record<string, never>) {
  const { form, set, list, submit } = useSearchPanel({
    kind: "standard",
    initial: blank,
    toRequest: standardRequest,
  });
  const [standardId, setStandardId] = useState<number | null>(null);
  const options = useQuery(searchOptionsQuery());
  const check = useDownloadCheck();
  const requestOffline = useOfflineRequest();
  const data = list.data;
  const organizations = options.data?.organizations ?? [];
  const requestStandard = () => requestOffline({ kind: "standard", url: (list.submitted?.keywords as string | undefined) ?? form.keywords.trim() });

  return (
    <SearchPane kind="standard">
      <SearchForm
        onSubmit={submit}
        iconSubmit
        keywords={{ label: t.standard.keywordsLabel, placeholder: t.standard.keywordsPlaceholder, value: form.keywords, onChange: set("keywords") }}
      >
        <NativeSelect
          label={t.standard.organization}
          value={form.organization}
          options={[["", t.all], ...organizations.map((o) => [o.code, o.code === o.name ? o.code : `${o.code} — ${o.name}`] as const)]}
          onChange={set("organization")}
          ltr
        />
        <MatchTypeSelect value={form.match} onChange={set("match")} />
        <YearRange from={form.yearFrom} to={form.yearTo} onFrom={set("yearFrom")} onTo={set("yearTo")} />
      </SearchForm>

      <SearchResults
        list={list}
        sizes={PAGE_SIZES.standard}
        items={data?.data}
        item={(item, i) => <StandardItem key={item.id} item={item} n={list.firstNumber + i} onRequest={() => check(() => setStandardId(item.id))} />}
      >
        {data && (
          <aside className="search-offline-prompt search-offline-prompt--inline" aria-label={t.standard.requestStandard}>
            <div>
              <strong>{t.standard.notFound}</strong>
              <span className="search-muted"> {t.standard.notFoundHint}</span>
            </div>
            <Button variant={data.data.length === 0 ? "primary" : "secondary"} size="sm" onPress={requestStandard}>
              <Icon name="offline" size={18} />
              {t.standard.requestStandard}
            </Button>
          </aside>
        )}
      </SearchResults>
      {standardId !== null && (
        <Suspense fallback={null}>
          <StandardDialog id={standardId} isOpen onOpenChange={(open) => !open && setStandardId(null)} />
        </Suspense>
      )}
    </SearchPane>
  );
}
