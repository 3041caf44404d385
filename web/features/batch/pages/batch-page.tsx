import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { FileTrigger, Form } from "react-aria-components";
import type { BatchEntry, BatchStatus, BatchView } from "../../../../contract/batch";
import { toPersianDigits } from "../../../../lib/digits";
import { PageHeading } from "../../../components/shell/page-heading";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClass } from "../../../components/ui/button";
import { DataCell, DataRow, DataTable, HeaderCell } from "../../../components/ui/data-table";
import { Icon } from "../../../components/ui/icon";
import { ProgressBar } from "../../../components/ui/progress-bar";
import { QueryBoundary } from "../../../components/ui/query-state";
import { Radio, RadioGroup } from "../../../components/ui/radio-group";
import { TextField } from "../../../components/ui/text-field";
import { batchApi } from "../../../../contract/endpoints/batch";
import { ApiError, hrefOf } from "../../../lib/api";
import { batchUi as t } from "../messages";
import { LicensedRows } from "../licensed-rows";
import { OfflineRequests } from "../offline-requests";
import { batchQuery, createBatchMutation } from "../queries";
import { ProvenanceLine } from "../../getpdf/provenance-line";
import { ReportFile } from "../../file-reports/report-file";
import { usePageData } from "../../../lib/page-data-context";
import "../../getpdf/getpdf.css";
import "../batch.css";

const FILE_TYPES = [".bib", ".bibtex", ".ris", ".nbib", ".txt", ".json"];
const STATUS_ORDER: BatchStatus[] = ["processing", "ok", "buy", "offline", "error"];

function UploadForm() {
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const create = useMutation({
    ...createBatchMutation(),
    onSuccess: (r) => void navigate({ to: "/batch", search: { id: r.id } }),
  });
  const errors = create.error instanceof ApiError ? create.error.fieldErrors : {};
  return (
    <Form
      className="card stack batch-form"
      validationErrors={errors}
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate({ text, file });
      }}
    >
      <p className="getpdf-muted">{t.limits}</p>
      <TextField name="text" label={t.pasteLabel} multiline rows={8} ltr value={text} onChange={setText} placeholder={t.pastePlaceholder} isDisabled={!!file} />
      <div className="batch-form__file">
        <FileTrigger acceptedFileTypes={FILE_TYPES} onSelect={(list) => setFile(list?.[0] ?? null)}>
          <Button variant="outline">
            <Icon name="upload" size={18} />
            {t.chooseFile}
          </Button>
        </FileTrigger>
        {file && (
          <>
            <span>
              {t.fileChosen("")}
              <bdi dir="ltr">{file.name}</bdi>
            </span>
            <Button variant="ghost" size="sm" onPress={() => setFile(null)}>
              {t.clearFile}
            </Button>
          </>
        )}
      </div>
      {create.isError && <Alert tone="error">{create.error.message}</Alert>}
      <Button type="submit" isDisabled={create.isPending || (!file && !text.trim())}>
        {create.isPending ? t.submitting : t.submit}
      </Button>
    </Form>
  );
}

function Reference({ e }: { e: BatchEntry }) {
  const title = e.work.title ?? e.input.title ?? e.input.text ?? e.lookup;
  return (
    <div className="getpdf-doc">
      <bdi dir="ltr" className="getpdf-doc__title">
        {title}
      </bdi>
      {(e.work.doi || e.work.year) && (
        <bdi dir="ltr" className="getpdf-doc__doi">
          {[e.work.doi, e.work.year && toPersianDigits(e.work.year)].filter(Boolean).join(" · ")}
        </bdi>
      )}
      {e.lookup_kind === "reference" && e.work.doi && <span className="batch-note">{t.byReference}</span>}
    </div>
  );
}

function Detail({ e }: { e: BatchEntry }) {
  return (
    <div className="batch-detail">
      {e.status === "processing" ? <span>{e.step}</span> : e.msg && <span className="batch-detail__msg">{e.msg.split("\n")[0]}</span>}
      {e.provenance.source && <span className="batch-note">{e.provenance.source}</span>}
      {e.status === "ok" && <ProvenanceLine provenance={e.provenance} />}
      {e.notices.map((n) => (
        <strong key={n} className="batch-notice" role="note">
          {t.notices}: {n}
        </strong>
      ))}
    </div>
  );
}

function Actions({ view }: { view: BatchView }) {
  return (
    <div className="getpdf-actions">
      {view.counts.ok > 0 && (
        <a className={buttonClass({ variant: "primary" })} href={hrefOf(batchApi.zip, { id: view.id })} download>
          <Icon name="download" size={18} />
          {t.zip}
        </a>
      )}
      <div className="getpdf-actions__export" role="group" aria-label={t.exportLabel}>
        <span>{t.exportLabel}:</span>
        <a className={buttonClass({ variant: "outline", size: "sm" })} href={hrefOf(batchApi.export, { id: view.id, format: "bibtex" })} download>
          {t.exportBibtex}
        </a>
        <a className={buttonClass({ variant: "outline", size: "sm" })} href={hrefOf(batchApi.export, { id: view.id, format: "ris" })} download>
          {t.exportRis}
        </a>
        <a className={buttonClass({ variant: "outline", size: "sm" })} href={hrefOf(batchApi.export, { id: view.id, format: "csljson" })} download>
          {t.exportCsl}
        </a>
      </div>
    </div>
  );
}

function BatchTable({ id }: { id: string }) {
  const navigate = useNavigate();
  const { data: view } = useSuspenseQuery(batchQuery(id));
  const signedIn = !!usePageData().userInfo;
  const [filter, setFilter] = useState<"all" | BatchStatus>("all");
  const rows = useMemo(() => view.entries.filter((e) => filter === "all" || e.status === filter), [view, filter]);
  const total = view.entries.length;
  const done = total - view.counts.processing;
  return (
    <section className="stack">
      <div className="card stack">
        <ProgressBar value={done} maxValue={total} label={t.progress(toPersianDigits(done), toPersianDigits(total))} />
        {view.eta_seconds !== null && view.counts.processing > 0 && (
          <Alert tone="info">
            {t.eta(
              toPersianDigits(view.counts.processing),
              view.eta_seconds < 90 ? t.etaSeconds(toPersianDigits(view.eta_seconds)) : t.etaMinutes(toPersianDigits(Math.ceil(view.eta_seconds / 60))),
            )}
          </Alert>
        )}
        {view.waiting.count > 0 && (
          <Alert tone="info" className="batch-waiting">
            {t.waiting(
              toPersianDigits(view.waiting.count),
              view.waiting.starts_in_seconds === null ? null : toPersianDigits(Math.max(1, Math.ceil(view.waiting.starts_in_seconds / 60))),
            )}
          </Alert>
        )}
        <Actions view={view} />
        <Button variant="ghost" size="sm" onPress={() => void navigate({ to: "/batch", search: {} })}>
          {t.newList}
        </Button>
      </div>
      {signedIn && view.counts.buy > 0 && <LicensedRows batchId={view.id} rows={view.counts.buy} />}
      {signedIn && view.counts.processing === 0 && view.counts.offline > 0 && <OfflineRequests batchId={view.id} />}
      <RadioGroup label={t.filterLabel} value={filter} onChange={(v) => setFilter(v as "all" | BatchStatus)} className="batch-filter">
        <Radio value="all" appearance="chip">
          {t.all} ({toPersianDigits(total)})
        </Radio>
        {STATUS_ORDER.map((s) => (
          <Radio key={s} value={s} appearance="chip" isDisabled={view.counts[s] === 0}>
            {t.statuses[s]} ({toPersianDigits(view.counts[s])})
          </Radio>
        ))}
      </RadioGroup>
      <section className="card getpdf-page__card" aria-live="polite" aria-busy={view.counts.processing > 0}>
        {rows.length === 0 ? (
          <Alert tone="info">{t.noneInFilter}</Alert>
        ) : (
          <DataTable caption={t.caption}>
            <thead>
              <tr>
                <HeaderCell>{t.position}</HeaderCell>
                <HeaderCell>{t.document}</HeaderCell>
                <HeaderCell>{t.status}</HeaderCell>
                <HeaderCell>{t.detail}</HeaderCell>
                <HeaderCell>{t.action}</HeaderCell>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <DataRow key={e.position}>
                  <DataCell>{toPersianDigits(e.position + 1)}</DataCell>
                  <DataCell>
                    <Reference e={e} />
                  </DataCell>
                  <DataCell>
                    <span className={`getpdf-badge getpdf-badge--${e.status}`} data-status={e.status}>
                      {t.statuses[e.status]}
                    </span>
                  </DataCell>
                  <DataCell>
                    <Detail e={e} />
                  </DataCell>
                  <DataCell>
                    {e.download_link ? (
                      <a className={buttonClass({ variant: "outline", size: "sm" })} href={e.download_link} download>
                        <Icon name="download" size={16} />
                        {t.download}
                      </a>
                    ) : (
                      "—"
                    )}
                    {e.download_link && <ReportFile receipt={{ batch: view.id, position: e.position }} />}
                  </DataCell>
                </DataRow>
              ))}
            </tbody>
          </DataTable>
        )}
      </section>
    </section>
  );
}

/** /batch: a whole reading list at once. Its route's loader starts the list's first read (?id=), which the server holds until an entry finishes. */
export default function BatchPage() {
  const search = useSearch({ from: "/batch" });
  return (
    <div className="container stack getpdf-page batch-page">
      <PageHeading title={t.title}>
        <p className="getpdf-muted">{t.intro}</p>
      </PageHeading>
      {search.id ? (
        <QueryBoundary label={t.title} errorTitle={t.failed}>
          <BatchTable id={search.id} />
        </QueryBoundary>
      ) : (
        <UploadForm />
      )}
    </div>
  );
}
