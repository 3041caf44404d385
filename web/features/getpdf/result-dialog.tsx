import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import type { GetPdfAd, GetPdfResult, MatchedWork } from "../../../contract/getpdf";
import type { UserInfo } from "../../../contract/user-info";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClass } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Icon } from "../../components/ui/icon";
import { ApiError } from "../../lib/api";
import { usePageData } from "../../lib/page-data-context";
import { savePendingIntent } from "../../lib/pending-intent";
import { useUiState, type PackageOfferFor } from "../../lib/ui-state";
import { toast } from "../../components/ui/toast";
import { MatchedWorkNote } from "./matched-work";
import { useAutoOfflineRequest } from "./auto-offline";
import { getpdfUi as t } from "./messages";
import { NoticeBanners } from "./notice-banners";
import { OtherVersionOffer, ProvenanceLine } from "./provenance-line";
import { checkQuery, fetchBalances, startQuery } from "./queries";
import { firstSteps, ProgressSteps, withStep, type StepLine } from "./progress-steps";
import type { GetPdfProgress } from "../../../contract/getpdf";
import { WorkChooser } from "./work-chooser";
import { CitationExportMenu, citationOf } from "../../components/citations/citation-export";
import { ReportFile } from "../file-reports/report-file";
import { BookCardView, BookRequestActions, CatalogBuyAction, isBookRequest } from "./book-card";
import "./getpdf.css";
import { safeHref } from "../../../lib/link-url";

export type ResultDialogProps = {
  /** The link, DOI or id to fetch; the dialog starts it when it opens. */
  url: string;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /** "post" for the link box, "get" for per-result dialogs (search spec §7). */
  method?: "post" | "get";
  /** Bumping it starts the same url again. */
  run?: number;
  /** Show this result instead of starting (the ?getOfflineUrl= offline status). */
  preset?: GetPdfResult | null;
  /** Told about every status the dialog shows (the link box ignores a start while processing). */
  onStatus?(status: GetPdfResult["status"] | "starting" | "failed"): void;
  /**
   * The user already asked for this document (a purchase or a sign-in made for it): an ok result
   * downloads by itself, and a licensed copy still unpaid opens the package offer for it.
   */
  resume?: boolean;
};

/**
 * The download result dialog (width 370): each step of the job as it happens while processing
 * (one request streams them and the result; past its bound, or without streaming, the check is
 * asked again; closing it stops the requests and clears its timers), then the result by status
 * — ok (download, source and licence, a dismissible banner), buy (login or package offer),
 * offline (the offline request, prefilled) or error.
 */
export function ResultDialog(props: ResultDialogProps) {
  // Mounted only while open: closing unmounts the queries, which stops polling and drops them.
  // A new run (or another link) starts over, its steps included.
  return props.isOpen ? <OpenResultDialog key={`${props.run ?? 0}|${props.url}`} {...props} /> : null;
}

function OpenResultDialog({ url, onOpenChange, method: asked = "get", run = 0, preset, onStatus, resume = false }: ResultDialogProps) {
  // A work chosen among the candidates of a pasted title or reference: its DOI is started instead.
  const [picked, setPicked] = useState<string | null>(null);
  // A licensed copy shown without spending (GET): the user's press confirms, and it is asked again by POST.
  const [confirmed, setConfirmed] = useState(false);
  const method = confirmed ? "post" : asked;
  const [steps, setSteps] = useState<StepLine[]>(firstSteps);
  const onProgress = useCallback((p: GetPdfProgress) => setSteps((lines) => withStep(lines, p.stage, p.text)), []);
  const start = useQuery({ ...startQuery(picked ?? url, method, run, onProgress), enabled: !preset });
  const started = preset ?? start.data ?? null;
  const poll = useQuery({
    ...checkQuery(started?.id ?? "", method, onProgress),
    enabled: !preset && started?.status === "processing",
    initialData: started ?? undefined,
    initialDataUpdatedAt: start.dataUpdatedAt,
  });
  const result = preset ?? (started?.status === "processing" ? poll.data : started) ?? null;
  const failure = start.error ?? (result?.status === "processing" ? poll.error : null);
  const status = failure ? "failed" : (result?.status ?? "starting");

  useEffect(() => onStatus?.(status), [status, onStatus]);
  // A check answered without the stream still names the step it is on.
  const heard = result?.status === "processing" ? result.msg2 : null;
  useEffect(() => {
    if (heard) setSteps((lines) => withStep(lines, heard, heard));
  }, [heard]);
  useRememberOk(result);

  const close = () => onOpenChange(false);
  useAutoOfflineRequest(preset ? null : result, method === "post", close);
  const purpose = { need: "article" as const, url: picked ?? url, doi: result?.doi ?? undefined, desc: result?.desc ?? undefined };
  useFinishWhatWasAsked(resume || confirmed, method === "post", result, purpose, close);
  const title = result ? t.dialogTitles[result.status] : failure ? t.dialogTitles.error : t.dialogTitles.processing;
  // A book's card comes with the start answer (and with the job's results once it knows the book).
  const book = result?.book ?? start.data?.book ?? null;
  const catalog = start.data?.catalog ?? null;

  return (
    <Dialog
      title={title}
      width={370}
      isOpen
      onOpenChange={onOpenChange}
      className="getpdf-result"
      actions={
        <Actions
          result={result}
          failed={!!failure}
          close={close}
          spent={method === "post"}
          onConfirm={() => setConfirmed(true)}
          purpose={purpose}
          book={book}
          catalog={catalog}
        />
      }
    >
      <div className="getpdf-result__body" data-status={status}>
        {start.data?.match && !failure && <MatchedWorkNote match={start.data.match} input={url} onLeave={close} />}
        {book && !failure && <BookCardView book={book} catalog={catalog} />}
        {failure ? (
          <Alert tone="error">{t.errorCode(failure instanceof ApiError ? failure.status : 0)}</Alert>
        ) : !result || result.status === "processing" ? (
          <ProgressSteps lines={steps} result={result} />
        ) : result.status === "choose" ? (
          <WorkChooser candidates={result.candidates ?? []} input={url} onChoose={setPicked} onLeave={close} />
        ) : (
          <Outcome result={result} match={start.data?.match ?? null} titled={!!book} askToSpend={method !== "post" && !catalog?.same_edition} />
        )}
      </div>
    </Dialog>
  );
}

function Outcome({ result, match, titled, askToSpend }: { result: GetPdfResult; match: MatchedWork | null; titled?: boolean; askToSpend: boolean }) {
  const { isGuest } = usePageData();
  const tone = result.status === "ok" ? "success" : result.status === "error" ? "error" : result.status === "buy" ? "warning" : "info";
  return (
    <div className="getpdf-outcome">
      <NoticeBanners notices={result.notices} />
      <Alert tone={tone}>
        {result.msg.split("\n").map((line, i) => (
          <p key={i} className="getpdf-outcome__line">
            {line}
          </p>
        ))}
      </Alert>
      {result.desc && result.status !== "error" && !titled && (
        <p className="getpdf-outcome__title">
          <span className="visually-hidden">{t.documentTitle}: </span>
          <bdi dir="ltr">{result.desc}</bdi>
        </p>
      )}
      {result.msg2 && (result.status === "ok" || result.status === "buy") && <p className="getpdf-outcome__source">{result.msg2}</p>}
      {(result.status === "ok" || result.status === "buy") && <ProvenanceLine provenance={result.provenance} />}
      {result.status === "buy" && askToSpend && !isGuest && <p className="getpdf-muted">{t.spendNote}</p>}
      {result.status === "ok" && <OtherVersionOffer other={result.other_version} />}
      {result.status === "ok" && result.download_link && <ReportFile receipt={{ ticket: result.id }} />}
      {result.doi && result.status !== "error" && (
        // The reference from what the answer holds (the matched work's metadata when there is one).
        <CitationExportMenu citation={citationOf(match && match.doi === result.doi ? match : { doi: result.doi, title: result.desc })} />
      )}
      {result.status === "ok" && <AdBanner ads={[result.ads1, result.ads2]} />}
    </div>
  );
}

function AdBanner({ ads }: { ads: (GetPdfAd | null)[] }) {
  const [dismissed, setDismissed] = useState(false);
  const shown = ads.filter((a): a is GetPdfAd => !!a);
  if (dismissed || shown.length === 0) return null;
  return (
    <aside className="getpdf-ad" aria-label="آگهی">
      <ul>
        {shown.map((ad) => (
          <li key={ad.link}>
            <a href={safeHref(ad.link) ?? undefined}>
              {ad.img && <img src={ad.img} alt="" width={40} height={40} />}
              {ad.text}
            </a>
          </li>
        ))}
      </ul>
      <Button variant="ghost" size="sm" iconOnly aria-label={t.dismissAd} onPress={() => setDismissed(true)}>
        <Icon name="close" size={16} />
      </Button>
    </aside>
  );
}

type ActionsProps = {
  result: GetPdfResult | null;
  failed: boolean;
  close(): void;
  /** Asked by POST: a `buy` means no credit was left to spend (by GET it means nothing was spent yet). */
  spent: boolean;
  onConfirm(): void;
  purpose: PackageOfferFor;
  book: GetPdfResult["book"];
  catalog: GetPdfResult["catalog"];
};

function Actions({ result, failed, close, spent, onConfirm, purpose, book, catalog }: ActionsProps) {
  const { isGuest } = usePageData();
  const { openDialog, openOfflineRequest, openPackageOffer } = useUiState();
  const cancel = (
    <Button variant="outline" onPress={close}>
      {result && result.status !== "processing" && !failed ? t.close : t.cancel}
    </Button>
  );
  if (failed || !result) return cancel;
  switch (result.status) {
    case "ok":
      return (
        <>
          {cancel}
          {result.download_link && (
            // A plain same-origin link: the browser downloads it (Content-Disposition), no router involved.
            <a className={buttonClass({ variant: "primary" })} href={result.download_link} download>
              <Icon name="download" size={18} />
              {t.download}
            </a>
          )}
        </>
      );
    case "buy":
      if (catalog?.same_edition) {
        return (
          <>
            {cancel}
            <CatalogBuyAction offer={catalog} close={close} />
          </>
        );
      }
      return (
        <>
          {cancel}
          {!isGuest && !spent ? (
            <Button onPress={onConfirm}>{t.spendCredit}</Button>
          ) : (
            <Button
              onPress={() => {
                close();
                if (isGuest) {
                  // Kept through the sign-in: the home page starts this document again for the signed-in user.
                  savePendingIntent({ run: "buy", url: purpose.url, doi: purpose.doi, desc: purpose.desc, need: "article" });
                  openDialog("login");
                } else openPackageOffer(purpose);
              }}
            >
              {isGuest ? t.login : t.buyPackage}
            </Button>
          )}
        </>
      );
    case "offline":
      if (isBookRequest(result, book)) {
        return (
          <>
            {cancel}
            <BookRequestActions result={result} close={close} />
          </>
        );
      }
      return (
        <>
          {cancel}
          <Button
            onPress={() => {
              const prefill = { url: result.url ?? undefined, doi: result.doi ?? undefined, desc: result.desc ?? undefined };
              close();
              if (isGuest) {
                savePendingIntent({ run: "offline", ...prefill, canEdit: result.can_edit });
                openDialog("login");
              } else openOfflineRequest({ ...prefill, canEdit: result.can_edit, kind: "article" });
            }}
          >
            {t.offlineRequest}
          </Button>
        </>
      );
    default:
      return cancel;
  }
}

/**
 * When the user already asked for this document (a purchase or sign-in made for it, or the press
 * that confirmed spending a credit): an ok downloads by itself, once; a licensed copy still unpaid
 * after a POST (no credit left) opens the package offer for it, which returns here once paid.
 */
function useFinishWhatWasAsked(asked: boolean, spent: boolean, result: GetPdfResult | null, purpose: PackageOfferFor, close: () => void) {
  const { isGuest } = usePageData();
  const { openPackageOffer } = useUiState();
  const link = asked && result?.status === "ok" ? result.download_link : null;
  useEffect(() => {
    if (!link) return;
    // A plain same-origin link with `download`, as the dialog's own button: the browser saves the file.
    const a = document.createElement("a");
    a.href = link;
    a.download = "";
    a.hidden = true;
    document.body.appendChild(a);
    a.click();
    a.remove();
    toast.info(t.downloadStarted);
  }, [link]);
  const unpaid = asked && spent && !isGuest && result?.status === "buy" ? result.id : null;
  useEffect(() => {
    if (!unpaid) return;
    close();
    openPackageOffer(purpose);
    // Once per result.
  }, [unpaid]);
}

/**
 * A signed-in user's ok is saved into userInfo.last_download (§4); a licensed copy may have used
 * an article credit, so the balances shown in the credit bar are reloaded with it.
 */
function useRememberOk(result: GetPdfResult | null) {
  const { userInfo, setUserInfo } = usePageData();
  const okId = result?.status === "ok" ? result.id : null;
  useEffect(() => {
    if (!okId || !result || !userInfo || userInfo.last_download?.id === okId) return;
    const last_download = { id: result.id, status: result.status, download_link: result.download_link, ads1: result.ads1, ads2: result.ads2 };
    setUserInfo({ ...userInfo, last_download });
    const controller = new AbortController();
    fetchBalances(controller.signal).then(
      (b) => setUserInfo({ ...userInfo, ...pickBalances(b), last_download }),
      () => undefined, // the credit bar keeps its numbers; the next page load refreshes them
    );
    return () => controller.abort();
    // Once per ok result.
  }, [okId]);
}

type Balances = Pick<UserInfo, "balance" | "standard_credit" | "offline_article_credit" | "unlimited_vip_credits" | "limited_vip_credits">;

function pickBalances(b: Balances): Balances {
  return {
    balance: b.balance,
    standard_credit: b.standard_credit,
    offline_article_credit: b.offline_article_credit,
    unlimited_vip_credits: b.unlimited_vip_credits,
    limited_vip_credits: b.limited_vip_credits,
  };
}

export default ResultDialog;
