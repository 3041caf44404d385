import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { FileReportState } from "../../../contract/file-reports";
import { fileReportReasonLabels, type FileReportReasonKey } from "../../../contract/labels";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Icon } from "../../components/ui/icon";
import { Radio, RadioGroup } from "../../components/ui/radio-group";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { fileReportUi as t } from "./messages";
import { reportFileMutation, type FileReceipt } from "./queries";
import "./file-reports.css";

const REASONS = Object.keys(fileReportReasonLabels) as FileReportReasonKey[];
const NOTE_MAX = 500;

export type ReportFileProps = {
  /** The reporter's receipt of the file (the server checks it). */
  receipt: FileReceipt;
  /** What the library knows already: reported by this user, or withdrawn for everyone. */
  state?: FileReportState;
};

/**
 * «فایل نادرست است؟» beside a delivered file (the result dialog, the library, a reading list): one
 * press opens a short form (the reason, preselected, and an optional note); sending it reports the
 * file. After that the control says so instead of offering it again.
 */
export function ReportFile({ receipt, state = "reportable" }: ReportFileProps) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<FileReportState>(state);
  if (shown === "withdrawn")
    return (
      <span className="file-report__state file-report__state--withdrawn">
        <Icon name="warning" size={16} />
        {t.withdrawn}
      </span>
    );
  if (shown === "reported")
    return (
      <span className="file-report__state">
        <Icon name="check" size={16} />
        {t.reported}
      </span>
    );
  return (
    <>
      <Button variant="ghost" size="sm" className="file-report__open" onPress={() => setOpen(true)}>
        <Icon name="warning" size={16} />
        {t.open}
      </Button>
      {open && <ReportDialog receipt={receipt} onClose={() => setOpen(false)} onDone={(s) => setShown(s)} />}
    </>
  );
}

function ReportDialog({ receipt, onClose, onDone }: { receipt: FileReceipt; onClose(): void; onDone(state: FileReportState): void }) {
  const [reason, setReason] = useState<FileReportReasonKey>("wrong");
  const [note, setNote] = useState("");
  const send = useMutation({
    ...reportFileMutation(),
    onSuccess: (answer) => {
      toast.success(answer.message);
      onDone(answer.report.state === "withdrawn" ? "withdrawn" : "reported");
      onClose();
    },
  });
  const submit = () => send.mutate({ ...receipt, reason, ...(note.trim() ? { note: note.trim() } : {}) });
  return (
    <Dialog
      title={t.title}
      width={400}
      isOpen
      onOpenChange={(o) => !o && onClose()}
      className="file-report"
      actions={
        <>
          <Button variant="outline" onPress={onClose}>
            {t.cancel}
          </Button>
          <Button onPress={submit} isPending={send.isPending}>
            {t.send}
          </Button>
        </>
      }
    >
      <form
        className="stack file-report__form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p className="file-report__intro">{t.intro}</p>
        <RadioGroup label={t.reason} value={reason} onChange={(v) => setReason(v as FileReportReasonKey)} layout="column">
          {REASONS.map((r) => (
            <Radio key={r} value={r}>
              {fileReportReasonLabels[r]}
            </Radio>
          ))}
        </RadioGroup>
        <TextField label={t.note} placeholder={t.notePlaceholder} value={note} onChange={setNote} multiline rows={3} maxLength={NOTE_MAX} />
        {send.isError && <Alert tone="error">{send.error.message}</Alert>}
      </form>
    </Dialog>
  );
}

export default ReportFile;
