import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { DirectBook } from "../../../../contract/admin";
import { formatNumber, formatToman } from "../../../../lib/format";
import { PageHeading } from "../../../components/shell/page-heading";
import { Button } from "../../../components/ui/button";
import { DataCell, DataRow, DataTable, HeaderCell } from "../../../components/ui/data-table";
import { Dialog } from "../../../components/ui/dialog";
import { Pagination } from "../../../components/ui/pagination";
import { QueryBoundary } from "../../../components/ui/query-state";
import { Select } from "../../../components/ui/select";
import { TextField } from "../../../components/ui/text-field";
import { adminUi as t } from "../messages";
import { AdminPage, FormActions, FormError, fieldErrorProps, useOnSaved } from "../parts";
import { adminKeys, booksQuery, priceBookMutation, saveBookMutation } from "../queries";
import { useListSearch } from "../../../lib/use-list-search";

const b = t.books;
const textFields = ["title", "authors", "year", "publisher", "isbn", "edition", "pages", "language", "extension", "cover_url", "toman_price"] as const;
type Field = (typeof textFields)[number];
type Draft = Record<Field, string> & { type: string };
const labels: Record<Field, string> = {
  title: b.bookTitle,
  authors: b.authors,
  year: b.year,
  publisher: b.publisher,
  isbn: b.isbn,
  edition: b.edition,
  pages: b.pages,
  language: b.language,
  extension: b.extension,
  cover_url: b.cover,
  toman_price: b.price,
};
const latin: Field[] = ["title", "authors", "publisher", "isbn", "edition", "language", "extension", "cover_url", "year", "pages", "toman_price"];

function draftOf(x?: DirectBook): Draft {
  const out = { type: String(x?.type ?? 0) } as Draft;
  for (const f of textFields) out[f] = x?.[f] == null ? "" : String(x[f]);
  if (!x) out.language = "English";
  return out;
}

function BookForm({ item, onDone }: { item?: DirectBook; onDone(): void }) {
  const [d, setD] = useState<Draft>(() => draftOf(item));
  const save = useMutation({ ...saveBookMutation(item?.id), onSuccess: useOnSaved(adminKeys.books, onDone) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(d);
  };
  return (
    <form className="card admin-card admin-detail" onSubmit={submit} aria-labelledby="book-form">
      <h2 id="book-form">{item ? b.editTitle : b.newTitle}</h2>
      <div className="admin-form">
        <Select label={b.type} value={d.type} options={[0, 1].map((ty) => [String(ty), b.types[ty]] as const)} onChange={(type) => setD({ ...d, type })} />
        {textFields.map((f) => (
          <TextField
            key={f}
            label={labels[f]}
            value={d[f]}
            onChange={(v) => setD({ ...d, [f]: v })}
            ltr={latin.includes(f)}
            isRequired={f === "title" || f === "toman_price"}
            inputMode={f === "year" || f === "pages" || f === "toman_price" ? "numeric" : undefined}
            {...fieldErrorProps(save.error, f)}
          />
        ))}
      </div>
      <FormError error={save.error} shown={[...textFields]} />
      <FormActions isPending={save.isPending} onCancel={onDone} />
    </form>
  );
}

function PriceDialog({ item, onClose }: { item: DirectBook; onClose(): void }) {
  const [price, setPrice] = useState(String(item.toman_price));
  const save = useMutation({ ...priceBookMutation(item.id), onSuccess: useOnSaved(adminKeys.books, onClose) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ toman_price: price });
  };
  return (
    <Dialog title={b.setPrice} width={400} isOpen onOpenChange={(o) => !o && onClose()}>
      <form className="admin-form--stack" onSubmit={submit}>
        <TextField
          label={b.priceFor(item.title)}
          value={price}
          onChange={setPrice}
          ltr
          inputMode="numeric"
          autoFocus
          {...fieldErrorProps(save.error, "toman_price")}
        />
        <FormError error={save.error} shown={["toman_price"]} />
        <FormActions isPending={save.isPending} />
      </form>
    </Dialog>
  );
}

/** /admin/directBooks: catalogue books and solution manuals sold for a price — list, search, add, edit, price. Its route's loader reads the first page. */
export default function AdminDirectBooks() {
  const { draft: draftQ, setDraft: setDraftQ, filters: q, page, searching, search, goTo } = useListSearch("");
  const [editing, setEditing] = useState<DirectBook | "new" | null>(null);
  const [pricing, setPricing] = useState<DirectBook | null>(null);
  return (
    <AdminPage heading={<PageHeading title={b.title} />}>
      <form className="card admin-card admin-form" onSubmit={search} role="search">
        <TextField label={b.searchLabel} value={draftQ} onChange={setDraftQ} />
        <div className="admin-actions">
          <Button type="submit" isPending={searching}>
            {t.common.search}
          </Button>
          <Button variant="outline" onPress={() => setEditing("new")}>
            {b.add}
          </Button>
        </div>
      </form>
      {editing && <BookForm key={editing === "new" ? "new" : editing.id} item={editing === "new" ? undefined : editing} onDone={() => setEditing(null)} />}
      {pricing && <PriceDialog item={pricing} onClose={() => setPricing(null)} />}
      <section className="card admin-card" aria-labelledby="books-list" aria-busy={searching}>
        <h2 id="books-list">{b.title}</h2>
        <QueryBoundary>
          <BooksTable q={q} page={page} onPage={goTo} onPrice={setPricing} onEdit={setEditing} />
        </QueryBoundary>
      </section>
    </AdminPage>
  );
}

function BooksTable({
  q,
  page,
  onPage,
  onPrice,
  onEdit,
}: {
  q: string;
  page: number;
  onPage(page: number): void;
  onPrice(book: DirectBook): void;
  onEdit(book: DirectBook): void;
}) {
  const { data } = useSuspenseQuery(booksQuery(q, page));
  return (
    <>
      {data.data.length === 0 ? (
        <p className="admin-muted">{t.common.empty}</p>
      ) : (
        <DataTable caption={b.title}>
          <thead>
            <tr>
              <HeaderCell className="admin-hide-xs">#</HeaderCell>
              <HeaderCell>{b.bookTitle}</HeaderCell>
              <HeaderCell className="admin-hide-xs">{b.type}</HeaderCell>
              <HeaderCell className="admin-hide-xs">{b.isbn}</HeaderCell>
              <HeaderCell>{b.price}</HeaderCell>
              <HeaderCell>{t.common.actions}</HeaderCell>
            </tr>
          </thead>
          <tbody>
            {data.data.map((x) => (
              <DataRow key={x.id}>
                <DataCell className="admin-hide-xs">{formatNumber(x.id)}</DataCell>
                <DataCell className="admin-cell-title">
                  <bdi dir="ltr">{x.title}</bdi>
                  {x.authors && (
                    <span className="admin-stat__note">
                      <bdi dir="ltr">{x.authors}</bdi>
                    </span>
                  )}
                </DataCell>
                <DataCell className="admin-hide-xs">{b.types[x.type]}</DataCell>
                <DataCell className="admin-hide-xs">{x.isbn ? <bdi dir="ltr">{x.isbn}</bdi> : t.common.none}</DataCell>
                <DataCell>{formatToman(x.toman_price)}</DataCell>
                <DataCell>
                  <div className="admin-actions">
                    <Button size="sm" variant="outline" onPress={() => onPrice(x)} aria-label={`${b.setPrice}: ${x.title}`}>
                      {b.setPrice}
                    </Button>
                    <Button size="sm" variant="ghost" onPress={() => onEdit(x)} aria-label={`${t.common.edit}: ${x.title}`}>
                      {t.common.edit}
                    </Button>
                  </div>
                </DataCell>
              </DataRow>
            ))}
          </tbody>
        </DataTable>
      )}
      <Pagination page={page} pages={data.total_pages} summary={t.common.total(formatNumber(data.total))} onChange={onPage} label={b.title} />
    </>
  );
}
