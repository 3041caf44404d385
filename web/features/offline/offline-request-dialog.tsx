import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { OfflineBookInput, OfflineRefusal } from "../../../contract/offline";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Radio, RadioGroup } from "../../components/ui/radio-group";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { ApiError } from "../../lib/api";
import { usePageData } from "../../lib/page-data-context";
import { savePendingIntent } from "../../lib/pending-intent";
import { useUiState, type OfflineRequestPrefill } from "../../lib/ui-state";
import { offlineUi } from "./messages";
import { insertOfflineRequest, offlineKeys, pageOf, type InsertKind } from "./queries";
import { useAutoSubmit } from "./use-auto-submit";
import "./offline.css";
import { serverFieldProps } from "../../lib/field-errors";

const t = offlineUi.dialog;
const KINDS: InsertKind[] = ["article", "book", "standard"];

type FieldErrors = Partial<Record<"url" | "doi" | "more" | "type", string[]>>;

/** The first message per field of the shared schema (what the server would answer with 422). */
function validate(kind: InsertKind, url: string, doi: string, more: string): FieldErrors {
  const r = OfflineBookInput.safeParse({ url, doi, more, type: kind === "article" ? "book" : kind });
  if (r.success) return {};
  const out: FieldErrors = {};
  for (const issue of r.error.issues) {
    const key = String(issue.path[0] ?? "url") as keyof FieldErrors;
    out[key] ??= [issue.message];
  }
  return out;
}

/**
 * The offline request dialog (width 600; accounts spec §4, search spec §3 "Offline request"): link or
 * title, DOI and description; the type choice (article, book, standard) only when editable; read-only
 * fields when `canEdit` is false; the auto-open countdown that submits at 6 s unless the user edits or
 * closes it; guests are sent to log in with their request kept; success goes to the request's page.
 */
function OfflineRequestDialog({ isOpen, onOpenChange, prefill }: { isOpen: boolean; onOpenChange(open: boolean): void; prefill: OfflineRequestPrefill }) {
  return (
    <Dialog title={t.title} width={600} isOpen={isOpen} onOpenChange={onOpenChange}>
      {({ close }) => <OfflineRequestForm prefill={prefill} close={close} />}
    </Dialog>
  );
}

function OfflineRequestForm({ prefill, close }: { prefill: OfflineRequestPrefill; close(): void }) {
  const canEdit = prefill.canEdit !== false;
  const { isGuest, userInfo } = usePageData();
  const { openDialog, openPackageOffer } = useUiState();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<InsertKind>(prefill.kind ?? "book");
  const [url, setUrl] = useState(prefill.url ?? "");
  const [doi, setDoi] = useState(prefill.doi ?? "");
  const [more, setMore] = useState(prefill.desc ?? "");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<OfflineRefusal | null>(null);
  const [pending, setPending] = useState(false);

  async function submit() {
    if (pending) return;
    if (isGuest) {
      // Accounts spec §4: the intent is kept (run, run_details_*) and the login dialog opens.
      savePendingIntent({ run: "offline", url, doi, desc: more });
      close();
      openDialog("login");
      return;
    }
    const found = validate(kind, url, doi, more);
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      const r = await insertOfflineRequest(kind, {
        url: url.trim(),
        ...(doi.trim() ? { doi: doi.trim() } : {}),
        ...(more.trim() ? { more: more.trim() } : {}),
      });
      toast.success(r.duplicate ? t.duplicate : t.success);
      void queryClient.invalidateQueries({ queryKey: offlineKeys.all });
      close();
      void router.navigate({ to: pageOf(kind) });
    } catch (e) {
      setPending(false);
      if (!(e instanceof ApiError)) {
        setRefusal({ status: "error", error: String((e as Error)?.message ?? e) });
        return;
      }
      if (e.status === 422) {
        setErrors(e.fieldErrors as FieldErrors);
        return;
      }
      const parsed = OfflineRefusal.safeParse(e.body);
      const body: OfflineRefusal = parsed.success ? parsed.data : { status: "error", error: e.message };
      if (body.code === "offline_credit_insufficient") {
        // Accounts spec §8: not enough offline request credit opens the package offer — with the
        // offline credit this request needs, and the request itself to come back to once paid.
        toast.error(body.error);
        close();
        openPackageOffer({ need: "offline_article", count: 1, url: url.trim(), doi: doi.trim() || undefined, desc: more.trim() || undefined });
        return;
      }
      setRefusal(body);
    }
  }

  const auto = useAutoSubmit(!!prefill.autoSubmit, () => void submit());
  const edit =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      auto.cancel();
      set(v);
    };

  const showDoi = kind !== "article" || !!prefill.doi || canEdit;
  return (
    <form
      className="offline-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        auto.cancel();
        void submit();
      }}
    >
      {auto.secondsLeft !== null && (
        <p className="offline-countdown" role="timer" data-testid="offline-countdown">
          {t.countdown(auto.secondsLeft)}
        </p>
      )}
      {!canEdit && <p className="offline-note">{t.readOnly}</p>}
      {canEdit && (
        <RadioGroup label={t.type} value={kind} onChange={edit((v: string) => setKind(v as InsertKind))} orientation="horizontal">
          {KINDS.map((k) => (
            <Radio key={k} value={k} appearance="chip">
              {offlineUi.kinds[k]}
            </Radio>
          ))}
        </RadioGroup>
      )}
      <TextField
        label={t.url}
        placeholder={t.urlPlaceholder}
        value={url}
        onChange={edit(setUrl)}
        isReadOnly={!canEdit}
        isRequired
        ltr={/^[\x00-\x7f]*$/.test(url)}
        {...serverFieldProps(errors.url)}
        autoFocus={canEdit && !url}
      />
      {showDoi && (
        <TextField
          label={kind === "standard" ? t.doiStandard : t.doi}
          value={doi}
          onChange={edit(setDoi)}
          isReadOnly={!canEdit}
          ltr
          {...serverFieldProps(errors.doi)}
        />
      )}
      <TextField
        label={t.more}
        placeholder={t.morePlaceholder}
        value={more}
        onChange={edit(setMore)}
        // The note is the user's own words, not part of the determined request (url, DOI): it stays
        // editable when can_edit is false, and editing it cancels the auto-submit like any edit.
        multiline
        rows={3}
        {...serverFieldProps(errors.more)}
      />
      <ul className="offline-notes">
        <li>{t.persianNotice}</li>
        {kind === "article" ? <li>{t.articleCredit(userInfo?.offline_article_credit ?? 0)}</li> : <li>{t.freeNotice}</li>}
        {kind === "book" && <li>{t.bookPromise}</li>}
      </ul>
      {refusal && (
        <Alert
          tone="error"
          action={
            refusal.use && canEdit ? (
              <Button
                size="sm"
                variant="outline"
                onPress={() => {
                  setKind(refusal.use!);
                  setRefusal(null);
                }}
              >
                {t.useInstead[refusal.use]}
              </Button>
            ) : undefined
          }
        >
          {refusal.error}
        </Alert>
      )}
      <div className="offline-form__actions">
        <Button type="submit" isDisabled={!url.trim() || pending} data-pending={pending || undefined}>
          {pending ? t.sending : t.submit}
        </Button>
        <Button variant="ghost" onPress={close}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}

/** Mounted once in the root layout: the dialog driven by the shared UI state (openOfflineRequest / openDialog("offlineRequest")). */
export function OfflineDialogs() {
  const { open, closeDialog, offlinePrefill } = useUiState();
  return <OfflineRequestDialog isOpen={!!open.offlineRequest} onOpenChange={(o) => !o && closeDialog("offlineRequest")} prefill={offlinePrefill} />;
}
