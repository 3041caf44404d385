import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { ACCEPTED, acceptAttribute, MAX_UPLOAD_BYTES, vipTexts, type UploadKind } from "../../../contract/vip";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { toast } from "../../components/ui/toast";
import { ApiError } from "../../lib/api";
import { readCsrfToken } from "../../lib/page-data";
import { FilePicker } from "./file-picker";
import { vipUi } from "./messages";
import { uploadService, vipKeys } from "./queries";

const t = vipUi.upload;

/**
 * §4 "Upload dialog" (width 400): multipart `_token`, `file`, `type` to /upload/ithenticate_grammarly_contract.
 * Send stays disabled until a file is chosen; success closes it and goes to /profile/vipServices;
 * 422 shows the server's messages, other failures the code.
 */
export function UploadDialog({ kind, title, isOpen, onOpenChange }: { kind: UploadKind; title: string; isOpen: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog title={t.title(title)} width={400} isOpen={isOpen} onOpenChange={onOpenChange}>
      {({ close }) => <UploadBody kind={kind} close={close} />}
    </Dialog>
  );
}

function UploadBody({ kind, close }: { kind: UploadKind; close(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const router = useRouter();

  async function send() {
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) return setError(vipTexts.fileTooLarge);
    setBusy(true);
    setError(null);
    const form = new FormData();
    form.set("_token", readCsrfToken());
    form.set("type", kind);
    form.set("file", file);
    try {
      const r = await uploadService(form);
      void queryClient.invalidateQueries({ queryKey: vipKeys.all });
      toast.success(t.success);
      close();
      void router.navigate({ href: r.redirect });
    } catch (e) {
      // call() already words it: the joined 422 messages, the server's error text, or the code.
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <FilePicker
        label={vipUi.vip.accepts(ACCEPTED[kind].join("، "))}
        accept={acceptAttribute(kind)}
        file={file}
        onChange={(f) => {
          setFile(f);
          setError(null);
        }}
      />
      <p className="vip-muted">{t.limit}</p>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="ui-dialog__actions vip-actions">
        <Button variant="ghost" onPress={close}>
          {t.cancel}
        </Button>
        <Button variant="primary" isDisabled={!file || busy} isPending={busy} onPress={() => void send()}>
          {t.send}
        </Button>
      </div>
    </>
  );
}
