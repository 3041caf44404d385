import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import type { FileReportDeskItem } from "../../../../contract/file-reports";
import { fileReportReasonLabels } from "../../../../contract/labels";
import { toPersianDigits } from "../../../../lib/digits";
import { formatJalaliDate } from "../../../../lib/format";
import { PageHeading } from "../../../components/shell/page-heading";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClass } from "../../../components/ui/button";
import { Icon } from "../../../components/ui/icon";
import { Pagination } from "../../../components/ui/pagination";
import { QueryBoundary } from "../../../components/ui/query-state";
import { Radio, RadioGroup } from "../../../components/ui/radio-group";
import { toast } from "../../../components/ui/toast";
import { usePageData } from "../../../lib/page-data-context";
import { ConfirmButton } from "../../admin/parts";
import { fileReportUi } from "../messages";
import { decideMutation, fileReportDeskQuery, fileReportKeys } from "../queries";
import "../file-reports.css";

const t = fileReportUi.desk;
const STATUSES = ["pending", "withdrawn", "dismissed"] as const;
type Status = (typeof STATUSES)[number];

/** /admin/fileReports: the staff desk's section for files readers reported as wrong (admins and solvers). Its route's loader reads the pending reports. */
export default function FileReportsDesk() {
  const { isAdmin, isSolver } = usePageData();
  return (
    <div className="container page stack file-desk">
      <PageHeading title={t.title}>
        <p className="getpdf-muted">{t.intro}</p>
      </PageHeading>
      {isAdmin || isSolver ? <DeskBody /> : <Alert tone="warning">{t.forbidden}</Alert>}
    </div>
  );
}

function DeskBody() {
  const [status, setStatus] = useState<Status>("pending");
  const [page, setPage] = useState(1);
  // The chosen status shows at once; the list it had stays until the chosen one arrives (no loading state in between).
  const shownStatus = useDeferredValue(status);
  const shownPage = useDeferredValue(page);
  return (
    <>
      <RadioGroup
        label={t.status}
        value={status}
        onChange={(v) => {
          setStatus(v as Status);
          setPage(1);
        }}
      >
        {STATUSES.map((s) => (
          <Radio key={s} value={s} appearance="chip">
            {t.statuses[s]}
          </Radio>
        ))}
      </RadioGroup>
      <QueryBoundary label={t.title} errorTitle={t.failed}>
        <Reports status={shownStatus} page={shownPage} onPage={setPage} busy={status !== shownStatus || page !== shownPage} />
      </QueryBoundary>
    </>
  );
}

function Reports({ status, page, onPage, busy }: { status: Status; page: number; onPage(page: number): void; busy: boolean }) {
  const { data } = useSuspenseQuery(fileReportDeskQuery(status, page));
  if (data.data.length === 0) return <Alert tone="info">{t.empty}</Alert>;
  return (
    <div className="stack" aria-busy={busy}>
      {data.data.map((item) => (
        <DeskItem key={item.file_key} item={item} />
      ))}
      {data.total_pages > 1 && <Pagination page={data.page} pages={data.total_pages} onChange={onPage} label={t.caption} />}
    </div>
  );
}

function Fact({ label, value, ltr }: { label: string; value: string | number | null; ltr?: boolean }) {
  if (value === null || value === "") return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{ltr ? <bdi dir="ltr">{value}</bdi> : typeof value === "number" ? toPersianDigits(value) : value}</dd>
    </>
  );
}

function DeskItem({ item }: { item: FileReportDeskItem }) {
  const queryClient = useQueryClient();
  const onDone = (answer: { message: string }) => {
    toast.success(answer.message);
    void queryClient.invalidateQueries({ queryKey: fileReportKeys.all });
  };
  const confirm = useMutation({ ...decideMutation("confirm"), onSuccess: onDone, onError: (e) => toast.error(e.message) });
  const dismiss = useMutation({ ...decideMutation("dismiss"), onSuccess: onDone, onError: (e) => toast.error(e.message) });
  const pending = item.reports.some((r) => r.status === "pending");
  const f = item.file;
  const headingId = `file-desk-${item.file_key.replace(/[^a-z0-9]/gi, "-")}`;
  return (
    <article className="card file-desk__item" aria-labelledby={headingId}>
      <div className="file-desk__head">
        <h2 id={headingId} className="file-desk__title">
          <bdi dir="ltr">{item.title ?? item.doi ?? item.file_key}</bdi>
        </h2>
        <div className="file-desk__meta">
          {item.doi && <bdi dir="ltr">{item.doi}</bdi>}
          <span>{t.holders(item.holders)}</span>
          <span>{t.reporters(item.signed_in_reporters)}</span>
          {item.withdrawn && (
            <span>
              {t.statuses.withdrawn} ({t.withdrawnBy[item.withdrawn.cause]}، {formatJalaliDate(item.withdrawn.at, { withTime: true })})
            </span>
          )}
        </div>
      </div>
      <section aria-label={t.reports}>
        <ul className="file-desk__reports">
          {item.reports.map((r) => (
            <li key={r.id}>
              <strong>{fileReportReasonLabels[r.reason]}</strong> · {t.statuses[r.status]} · {formatJalaliDate(r.created_at, { withTime: true })} ·{" "}
              {r.reporter ? `${r.reporter.name} (${r.reporter.email})` : t.guest}
              {r.note && <p className="getpdf-muted">{r.note}</p>}
            </li>
          ))}
        </ul>
      </section>
      <details>
        <summary>{t.provenance}</summary>
        <dl className="file-desk__facts">
          <Fact label={t.fields.source} value={f.source} />
          <Fact label={t.fields.license} value={f.license} ltr />
          <Fact label={t.fields.verification} value={f.verification} ltr />
          <Fact label={t.fields.version} value={f.version} ltr />
          <Fact label={t.fields.host} value={f.source_host} ltr />
          <Fact label={t.fields.url} value={f.source_url} ltr />
          <Fact label={t.fields.size} value={f.size} />
          <Fact label={t.fields.sha256} value={f.sha256} ltr />
          <Fact label={t.fields.storedAt} value={f.stored_at ? formatJalaliDate(f.stored_at, { withTime: true }) : null} />
        </dl>
      </details>
      <details>
        <summary>{t.evidence}</summary>
        {item.evidence.steps.length ? (
          <ol className="file-desk__steps">
            {item.evidence.steps.map((s, i) => (
              <li key={i}>
                <bdi dir="ltr">
                  {s.step}: {s.outcome}
                  {s.detail ? ` — ${s.detail}` : ""}
                </bdi>
              </li>
            ))}
          </ol>
        ) : (
          <p className="getpdf-muted">{t.noEvidence}</p>
        )}
      </details>
      <div className="file-desk__actions">
        {item.file_link && (
          <a className={buttonClass({ variant: "outline", size: "sm" })} href={item.file_link} target="_blank" rel="noopener">
            <Icon name="document" size={16} />
            {t.open}
          </a>
        )}
        {!item.withdrawn && (
          <ConfirmButton label={t.confirm} question={`${t.confirm}؟`} onConfirm={() => confirm.mutate(item.file_key)} isPending={confirm.isPending} />
        )}
        {pending && (
          <Button size="sm" variant="outline" onPress={() => dismiss.mutate(item.file_key)} isPending={dismiss.isPending}>
            {t.dismiss}
          </Button>
        )}
      </div>
    </article>
  );
}
