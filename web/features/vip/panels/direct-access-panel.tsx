import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { hidesLinksFromGuest, type BasketItem, type DirectAccessSite } from "../../../../contract/direct-access";
import { toLatinDigits } from "../../../../lib/digits";
import { formatNumber, formatToman, pricePerDay } from "../../../../lib/format";
import { Button } from "../../../components/ui/button";
import { DataCell, DataRow, DataTable, HeaderCell } from "../../../components/ui/data-table";
import { Icon } from "../../../components/ui/icon";
import { ExternalLink, ExternalLinkButton, LinkButton } from "../../../components/ui/link";
import { Pagination } from "../../../components/ui/pagination";
import { QueryState } from "../../../components/ui/query-state";
import { Select } from "../../../components/ui/select";
import { TextField } from "../../../components/ui/text-field";
import type { ApiError } from "../../../lib/api";
import { usePageData } from "../../../lib/page-data-context";
import { useUiState } from "../../../lib/ui-state";
import { PanelHead } from "../../search/list-parts";
import { Basket } from "../basket";
import { vipUi } from "../messages";
import { periodsOf } from "../periods";
import { catalogueQuery } from "../queries";
import "../../search/search.css";
import "../vip.css";

const t = vipUi.table;
/** §9: page sizes 10/25/50/100, default 100; 8 visible pages. */
const PAGE_SIZES = [10, 25, 50, 100] as const;
const VISIBLE_PAGES = 8;

type SortKey = "order" | "name" | "price";

const cheapestPerDay = (s: DirectAccessSite) => Math.min(...periodsOf(s).map((p) => pricePerDay(p.price, p.days)));
const norm = (text: string) => toLatinDigits(text).toLowerCase().replace(/\s+/g, " ").trim();

/** Type 6: the searchable, sortable table of sites with a period per row and the basket. */
export default function DirectAccessPanel(_props: Record<string, never>) {
  const query = useQuery(catalogueQuery());
  const { isGuest } = usePageData();
  const { openDialog } = useUiState();
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<{ key: SortKey; dir: 1 | -1 }>({ key: "order", dir: 1 });
  const [pageSize, setPageSize] = useState<number>(100);
  const [page, setPage] = useState(1);
  const [periods, setPeriods] = useState<Record<number, number>>({});
  const [basket, setBasket] = useState<BasketItem[]>([]);

  // §4: the basket is cleared on each data reload.
  useEffect(() => setBasket([]), [query.dataUpdatedAt]);

  const rows = useMemo(() => {
    const all = query.data ?? [];
    const q = norm(search);
    const found = q ? all.filter((s) => norm(`${s.name} ${s.description}`).includes(q)) : all;
    if (sort.key === "order") return sort.dir === 1 ? found : [...found].reverse();
    return [...found].sort((a, b) => sort.dir * (sort.key === "name" ? a.name.localeCompare(b.name, "en") : cheapestPerDay(a) - cheapestPerDay(b)));
  }, [query.data, search, sort]);

  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pages);
  const visible = rows.slice((current - 1) * pageSize, current * pageSize);

  const periodOf = (s: DirectAccessSite) => {
    const list = periodsOf(s);
    return list.find((p) => p.days === periods[s.id]) ?? list[0];
  };

  function toggle(s: DirectAccessSite) {
    if (isGuest) {
      openDialog("login");
      return;
    }
    const p = periodOf(s);
    if (!p) return;
    setBasket((b) => (b.some((i) => i.id === s.id) ? b.filter((i) => i.id !== s.id) : [...b, { id: s.id, name: s.name, period: p.days, price: p.price }]));
  }

  function choosePeriod(s: DirectAccessSite, days: number) {
    setPeriods((p) => ({ ...p, [s.id]: days }));
    const price = periodsOf(s).find((p) => p.days === days)?.price ?? 0;
    setBasket((b) => b.map((i) => (i.id === s.id ? { ...i, period: days, price } : i)));
  }

  function sortBy(key: SortKey) {
    setSort((s) => (s.key === key ? { key, dir: s.dir === 1 ? -1 : 1 } : { key, dir: 1 }));
  }

  const ariaSort = (key: SortKey) => (sort.key === key ? (sort.dir === 1 ? "ascending" : "descending") : "none");

  // §2 "Dialogs": help dialogs for types 1 to 6; this is type 6's.
  const head = <PanelHead id="direct-access-title" title={vipUi.help.title} helpTitle={vipUi.help.helpTitle} help={vipUi.help.lines} />;
  if (!query.isSuccess)
    return (
      <>
        {head}
        <QueryState query={query} label={t.loading} errorText={(e) => t.error((e as ApiError).status ?? 0)} />
      </>
    );

  return (
    <section className="vip-direct" aria-labelledby="direct-access-title">
      {head}
      <div className="vip-direct__tools">
        <TextField
          label={t.search}
          placeholder={t.searchPlaceholder}
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
          className="vip-direct__search"
        />
        <Select
          label={t.pageSize}
          value={String(pageSize)}
          options={PAGE_SIZES.map((n) => [String(n), formatNumber(n), String(n)] as const)}
          onChange={(k) => {
            setPageSize(Number(k));
            setPage(1);
          }}
          className="vip-direct__size"
        />
        <p className="vip-muted vip-direct__count" aria-live="polite">
          {t.count(formatNumber(rows.length))}
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="card vip-empty">{t.empty}</p>
      ) : (
        <DataTable caption={t.caption} className="vip-table">
          <thead>
            <tr>
              <HeaderCell aria-sort={ariaSort("name")}>
                <button type="button" className="vip-sort" onClick={() => sortBy("name")}>
                  {t.name}
                  <Icon name="chevronDown" size={16} className={sort.key === "name" && sort.dir === -1 ? "vip-sort__up" : undefined} />
                </button>
              </HeaderCell>
              <HeaderCell>{t.description}</HeaderCell>
              <HeaderCell aria-sort={ariaSort("price")}>
                <button type="button" className="vip-sort" onClick={() => sortBy("price")}>
                  {t.actions}
                  <Icon name="chevronDown" size={16} className={sort.key === "price" && sort.dir === -1 ? "vip-sort__up" : undefined} />
                </button>
              </HeaderCell>
            </tr>
          </thead>
          <tbody>
            {visible.map((s) => {
              const inBasket = basket.some((i) => i.id === s.id);
              const list = periodsOf(s);
              const chosen = periodOf(s);
              return (
                <DataRow key={s.id}>
                  <DataCell className="vip-table__name">
                    <bdi dir="ltr">{s.name}</bdi>
                  </DataCell>
                  <DataCell className="vip-table__desc">
                    <span>{s.description}</span>{" "}
                    {s.url && (
                      <ExternalLink href={s.url} aria-label={`${t.moreInfo}: ${s.name}`}>
                        {t.moreInfo}
                      </ExternalLink>
                    )}
                    <div className="vip-muted vip-table__expire">{s.expire}</div>
                  </DataCell>
                  <DataCell className="vip-table__actions">
                    {list.length > 0 && chosen && (
                      <Select
                        aria-label={`${t.period}: ${s.name}`}
                        value={String(chosen.days)}
                        options={list.map(
                          (p) =>
                            [
                              String(p.days),
                              t.periodOption(formatNumber(p.days), formatToman(p.price), formatToman(pricePerDay(p.price, p.days))),
                              String(p.days),
                            ] as const,
                        )}
                        onChange={(k) => choosePeriod(s, Number(k))}
                        className="vip-period"
                      />
                    )}
                    <div className="vip-table__buttons">
                      <Button variant={inBasket ? "outline" : "primary"} size="sm" onPress={() => toggle(s)} aria-pressed={inBasket} isDisabled={!chosen}>
                        {inBasket ? t.remove : t.add}
                      </Button>
                      {isGuest && hidesLinksFromGuest(s) ? (
                        <Button variant="ghost" size="sm" isDisabled>
                          {s.expire}
                        </Button>
                      ) : (
                        <>
                          {s.link && (
                            <ExternalLinkButton variant="ghost" size="sm" href={s.link}>
                              {t.enter}
                            </ExternalLinkButton>
                          )}
                          {s.link2 && (
                            <ExternalLinkButton variant="ghost" size="sm" href={s.link2}>
                              {t.enter2}
                            </ExternalLinkButton>
                          )}
                          {!isGuest && (
                            <LinkButton variant="ghost" size="sm" to="/directaccess/$id/$d" params={{ id: String(s.id), d: String(chosen?.days ?? "") }}>
                              {t.accessPage}
                            </LinkButton>
                          )}
                        </>
                      )}
                    </div>
                  </DataCell>
                </DataRow>
              );
            })}
          </tbody>
        </DataTable>
      )}
      <Pagination page={current} pages={pages} visible={VISIBLE_PAGES} before={VISIBLE_PAGES / 2} onChange={setPage} label={t.pages} />
      <Basket items={basket} onRemove={(id) => setBasket((b) => b.filter((i) => i.id !== id))} />
    </section>
  );
}
