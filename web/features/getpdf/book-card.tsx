import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import type { BookCard, CatalogOffer } from "../../../contract/books";
import type { GetPdfResult } from "../../../contract/getpdf";
import { toPersianDigits } from "../../../lib/digits";
import { formatToman } from "../../../lib/format";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { toast } from "../../components/ui/toast";
import { ApiError } from "../../lib/api";
import { usePageData, useUniversityGrants } from "../../lib/page-data-context";
import { savePendingIntent } from "../../lib/pending-intent";
import { useUiState } from "../../lib/ui-state";
import { insertOfflineRequest, offlineKeys, pageOf } from "../offline/queries";
import { bookUi as t } from "./book-messages";

// The wallet's purchase flow loads only when a catalogue book is bought.
const BuyDialog = lazy(() => import("../wallet/buy-dialog").then((m) => ({ default: m.BuyDialog })));

function Cover({ src, title }: { src: string | null; title: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className="getpdf-book__cover getpdf-book__cover--none" aria-hidden="true">
        <Icon name="book" size={30} />
      </div>
    );
  }
  return (
    <img
      className="getpdf-book__cover"
      src={src}
      alt={t.cover(title)}
      width={72}
      height={104}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}

function Fact({ label, children, ltr }: { label: string; children: string | number | null | undefined; ltr?: boolean }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <div className="getpdf-book__fact">
      <dt>{label}</dt>
      <dd>{ltr ? <bdi dir="ltr">{children}</bdi> : children}</dd>
    </div>
  );
}

/** The edition a book input resolved to: cover, title, authors, edition, publisher, year, ISBN, pages. */
export function BookCardView({ book, catalog }: { book: BookCard; catalog?: CatalogOffer | null | undefined }) {
  const people = book.authors.length ? book.authors.join("، ") : book.editors.length ? `${book.editors.join("، ")} ${t.editors}` : null;
  // Names and numbers as written (left to right), except the year and pages, in Persian digits.
  const facts: [label: string, value: string | null | undefined, ltr: boolean][] = [
    [t.authors, people, true],
    [t.container, book.container, true],
    [t.edition, book.edition, true],
    [t.publisher, book.publisher, true],
    [t.year, book.year !== null ? toPersianDigits(book.year) : null, false],
    [t.isbn, book.isbn, true],
    [t.number, book.number, true],
    [t.pages, book.pages !== null ? toPersianDigits(book.pages) : null, false],
  ];
  return (
    <section className="getpdf-book" aria-label={t.label[book.kind]}>
      <Cover src={book.cover} title={book.title} />
      <div className="getpdf-book__body">
        <p className="getpdf-book__kind">{t.label[book.kind]}</p>
        <h3 className="getpdf-book__title">
          <bdi dir="ltr">{book.subtitle ? `${book.title}: ${book.subtitle}` : book.title}</bdi>
        </h3>
        <dl className="getpdf-book__facts">
          {facts.map(([label, value, ltr]) => (
            <Fact key={label} label={label} ltr={ltr}>
              {value}
            </Fact>
          ))}
        </dl>
        {book.source && <p className="getpdf-muted getpdf-book__source">{t.source(book.source)}</p>}
        {catalog && (
          <p className="getpdf-book__catalog" data-same-edition={catalog.same_edition}>
            {catalog.same_edition
              ? t.inCatalog(catalog.toman_price === null ? null : formatToman(catalog.toman_price))
              : t.otherEdition(catalog.title, catalog.edition ?? (catalog.year ? toPersianDigits(catalog.year) : null))}
          </p>
        )}
      </div>
    </section>
  );
}

/** A book's result waits on the book request: the promise, said where the request is offered. */
export function isBookRequest(result: GetPdfResult, book: BookCard | null | undefined): boolean {
  return result.status === "offline" && ((!!book && book.kind === "book") || /^ISBN 97[89]\d{10}$/.test(result.url ?? ""));
}

/**
 * One press from the book request: a signed-in user's press sends it (POST /insert/offline_book,
 * prefilled with the edition) and goes to the request's page; a guest logs in first with the
 * request kept. "Edit" opens the offline request dialog with the same fields.
 */
export function BookRequestActions({ result, close }: { result: GetPdfResult; close(): void }) {
  const { isGuest } = usePageData();
  const { openDialog, openOfflineRequest } = useUiState();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const prefill = { url: result.url ?? "", desc: result.desc ?? undefined };

  async function send() {
    if (pending || !prefill.url) return;
    if (isGuest) {
      savePendingIntent({ run: "offline", url: prefill.url, desc: prefill.desc });
      close();
      openDialog("login");
      return;
    }
    setPending(true);
    try {
      const r = await insertOfflineRequest("book", { url: prefill.url, ...(prefill.desc ? { more: prefill.desc } : {}) });
      toast.success(r.duplicate ? t.duplicate : t.sent);
      void queryClient.invalidateQueries({ queryKey: offlineKeys.all });
      close();
      void router.navigate({ to: pageOf("book") });
    } catch (e) {
      setPending(false);
      toast.error(e instanceof ApiError ? e.message : t.failed);
    }
  }

  return (
    <>
      <Button
        variant="outline"
        onPress={() => {
          close();
          if (isGuest) {
            savePendingIntent({ run: "offline", url: prefill.url, desc: prefill.desc });
            openDialog("login");
          } else openOfflineRequest({ ...prefill, canEdit: true, kind: "book" });
        }}
      >
        {t.edit}
      </Button>
      <Button onPress={() => void send()} isDisabled={pending} data-pending={pending || undefined}>
        <Icon name="offline" size={18} />
        {pending ? t.sending : isGuest ? t.loginToRequest : t.request}
      </Button>
    </>
  );
}

/** A catalogue book of this edition: bought through the wallet (then delivered by the desk). */
export function CatalogBuyAction({ offer, close }: { offer: CatalogOffer; close(): void }) {
  const { isGuest } = usePageData();
  const { openDialog } = useUiState();
  const university = useUniversityGrants("book_download");
  const [buying, setBuying] = useState(false);
  if (offer.toman_price === null) return null;
  return (
    <>
      <Button
        onPress={() => {
          if (isGuest) {
            close();
            openDialog("login");
          } else setBuying(true);
        }}
      >
        <Icon name="cart" size={18} />
        {t.buy(formatToman(offer.toman_price))}
      </Button>
      {buying && (
        <Suspense fallback={null}>
          <BuyDialog
            cart={{ name: "book", id: offer.id, title: offer.title }}
            title={offer.title}
            price={offer.toman_price}
            university={university}
            isOpen
            onOpenChange={(open) => !open && setBuying(false)}
          />
        </Suspense>
      )}
    </>
  );
}
