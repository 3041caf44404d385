import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { GetPdfResult } from "../../../../contract/getpdf";
import type { IdentifyResult } from "../../../../contract/identify";
import { Icon } from "../../../components/ui/icon";
import { Link } from "../../../components/ui/link";
import { NativeButton } from "../../../components/ui/native-button";
import { NativeTextField } from "../../../components/ui/native-text-field";
import { toast } from "../../../components/ui/toast";
import { browserOnly } from "../../../lib/hydration";
import { usePageData } from "../../../lib/page-data-context";
import { savePendingIntent } from "../../../lib/pending-intent";
import { useUiState } from "../../../lib/ui-state";
import { getpdfUi as t } from "../messages";
import { identifyQuery } from "../identify-query";
import "../getpdf.css";

export type LinkPanelProps = {
  /** From /?getUrl=: the box is drawn filled in (on the server too); `autoStart` starts it. */
  initialUrl?: string;
  /**
   * A start the page asks for once it is the browser's (web/features/home/pending-intent.ts): from
   * /?getUrl= (any site can link here, so it never spends: free results are served at once and a
   * licensed copy asks first), or the user's own earlier action resumed (`spend`: a purchase or a
   * sign-in made for this document), which spends and downloads. A new `id` starts again.
   */
  autoStart?: LinkAutoStart | null;
  /** From /?getOfflineUrl=&doi=&desc=: the offline request for it (`auto`: submitted by itself, as paid for). */
  offlineStart?: LinkOfflineStart | null;
};

export type LinkAutoStart = { id: number; url: string; spend: boolean };
export type LinkOfflineStart = { id: number; url: string; doi?: string; desc?: string; auto?: boolean };

const IDENTIFY_DEBOUNCE_MS = 350;

// The result and help dialogs (react-aria's Dialog, overlays, focus scope) are not needed until a
// start or a click, so they are fetched then instead of with the home page.
// Never drawn on the server: their code stays out of the Worker.
const ResultDialog = lazy(import.meta.env.SSR ? browserOnly : () => import("../result-dialog"));
const HelpDialog = lazy(import.meta.env.SSR ? browserOnly : () => import("../help-dialog").then((mod) => ({ default: mod.HelpDialog })));

/** The offline-status result the ?getOfflineUrl= form opens with (no request is made). */
function offlinePreset(o: { url: string; doi?: string; desc?: string }): GetPdfResult {
  return {
    id: "preset",
    status: "offline",
    download_link: null,
    ads1: null,
    ads2: null,
    msg: t.offlineAdvice,
    msg2: null,
    url: o.url,
    doi: o.doi ?? null,
    desc: o.desc ?? null,
    can_edit: true,
  };
}

function useDebounced(value: string, ms: number): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setV(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return v;
}

/** "DOI شناسایی شد: …" under the box, from GET /identify (no network access on the server). */
function Recognised({ input }: { input: string }) {
  const debounced = useDebounced(input.trim(), IDENTIFY_DEBOUNCE_MS);
  const q = useQuery({ ...identifyQuery(debounced), enabled: debounced.length > 0 && debounced.length <= 2000 });
  const r: IdentifyResult | undefined = debounced === input.trim() ? q.data : undefined;
  let content: ReactNode = null;
  if (r && debounced) {
    const id =
      r.kind === "doi" ? r.doi : r.kind === "arxiv" ? r.arxiv : r.kind === "pmid" ? r.pmid : r.kind === "pmcid" ? r.pmcid : r.kind === "isbn" ? r.isbn : null;
    if (id) {
      content = (
        <>
          <Icon name="check" size={16} /> {t.recognised[r.kind as "doi"]} <bdi dir="ltr">{id}</bdi>
        </>
      );
    } else if (r.kind === "url" || r.kind === "title") content = t.recognised[r.kind];
  }
  return (
    <p className="getpdf-recognised" aria-live="polite" data-kind={r?.kind}>
      {content}
    </p>
  );
}

/** Type 1: the link/DOI box (search spec §2). Enter or the button starts; the result shows in a dialog. */
export default function LinkPanel({ initialUrl, autoStart, offlineStart }: LinkPanelProps) {
  const { isGuest } = usePageData();
  const { openDialog, openOfflineRequest } = useUiState();
  const [value, setValue] = useState(initialUrl ?? "");
  const [active, setActive] = useState<{ url: string; run: number; preset: GetPdfResult | null; method: "post" | "get"; resume: boolean } | null>(null);
  const [open, setOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  // Mounted from the first opening on, so closing still animates and the chunk loads only once.
  const [helpMounted, setHelpMounted] = useState(false);
  const status = useRef<string>("idle");
  const runs = useRef(0);

  const startSearch = useCallback(
    (raw: string) => {
      const url = raw.trim();
      if (!url) {
        toast.error(t.emptyQuery);
        return;
      }
      // A start is ignored while the same search is running (§4 "Link download").
      if (open && active?.url === url && (status.current === "processing" || status.current === "starting")) return;
      runs.current += 1;
      setActive({ url, run: runs.current, preset: null, method: "post", resume: false });
      setOpen(true);
    },
    [open, active],
  );

  // ?getUrl= (or a resumed action): started at once; by GET unless the user's own action asked to spend.
  useEffect(() => {
    if (!autoStart) return;
    setValue(autoStart.url);
    runs.current += 1;
    setActive({ url: autoStart.url, run: runs.current, preset: null, method: autoStart.spend ? "post" : "get", resume: autoStart.spend });
    setOpen(true);
  }, [autoStart?.id]);

  // ?getOfflineUrl=: the offline-status result and its request (editable; submitted by itself only
  // when the user paid for exactly this request and came back from the bank).
  useEffect(() => {
    if (!offlineStart) return;
    setActive({ url: offlineStart.url, run: 0, preset: offlinePreset(offlineStart), method: "get", resume: false });
    setOpen(true);
    const prefill = { url: offlineStart.url, doi: offlineStart.doi, desc: offlineStart.desc };
    if (isGuest) {
      savePendingIntent({ run: "offline", ...prefill });
      openDialog("login");
    } else openOfflineRequest({ ...prefill, canEdit: true, kind: "article", autoSubmit: !!offlineStart.auto });
  }, [offlineStart?.id]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    startSearch(value);
  };

  return (
    <section className="getpdf-panel" aria-labelledby="getpdf-panel-title">
      <h2 id="getpdf-panel-title" className="visually-hidden">
        {t.panelTitle}
      </h2>
      <form className="getpdf-form" onSubmit={onSubmit} role="search">
        <NativeTextField
          className="getpdf-form__field"
          label={t.inputLabel}
          placeholder={t.placeholder}
          value={value}
          onChange={setValue}
          ltr
          autoComplete="off"
          name="url"
          type="search"
        />
        <NativeButton type="submit" className="getpdf-form__submit">
          <Icon name="search" size={20} />
          {t.search}
        </NativeButton>
      </form>
      <Recognised input={value} />

      <div className="getpdf-links">
        <NativeButton
          variant="ghost"
          size="sm"
          onClick={() => {
            setHelpMounted(true);
            setHelpOpen(true);
          }}
        >
          <Icon name="info" size={18} />
          {t.help}
        </NativeButton>
        <Link to="/extension" className="getpdf-links__extension">
          <Icon name="puzzle" size={18} />
          {t.extension}
        </Link>
        <span className="getpdf-muted getpdf-links__hint">{t.extensionHint}</span>
        {/* A whole reading list at once. */}
        <Link to="/batch" className="getpdf-links__extension">
          <Icon name="download" size={18} />
          فهرست منابع را یک‌جا دریافت کنید
        </Link>
      </div>
      <Suspense fallback={null}>
        {active && (
          <ResultDialog
            url={active.url}
            run={active.run}
            method={active.method}
            resume={active.resume}
            preset={active.preset}
            isOpen={open}
            onOpenChange={setOpen}
            onStatus={(s) => {
              status.current = s;
            }}
          />
        )}
        {helpMounted && <HelpDialog isOpen={helpOpen} onOpenChange={setHelpOpen} />}
      </Suspense>
    </section>
  );
}
