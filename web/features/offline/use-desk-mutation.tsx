import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { ApiError } from "../../lib/api";
import type { Notice } from "./desk-notice";
import { offlineUi } from "./messages";
import { deskActionMutation, offlineKeys, type DeskAction, type DeskPayload as Payload } from "./queries";

const t = offlineUi.desk;

/** Where a desk action says what happened (desk-notice.tsx). */
export type Say = (n: Notice) => void;

function withTakeOver(p: Payload): Payload {
  if (p.form) {
    const form = new FormData();
    for (const [k, v] of p.form.entries()) form.append(k, v);
    form.set("take_over", "1");
    return { form };
  }
  return { body: { ...p.body, take_over: true } };
}

const heldByOther = (e: unknown): string | null => {
  if (!(e instanceof ApiError) || e.status !== 409) return null;
  const body = e.body as { code?: string; holder?: { name?: string } } | null;
  return body?.code === "held_by" ? (body.holder?.name ?? "") : null;
};

/**
 * A desk action. Whoever acts holds the request; when a colleague holds it, the server refuses (409)
 * and this asks once whether to take it over, then sends the same action with `take_over`. What
 * happened is said in the page (onNotice), not in a toast over the controls.
 */
export function useDeskMutation(id: string, action: DeskAction, success: string, say: Say, onDone?: (handled: string[]) => void) {
  const queryClient = useQueryClient();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [takeOver, setTakeOver] = useState<{ holder: string; payload: Payload } | null>(null);
  const m = useMutation({
    ...deskActionMutation(id, action),
    onMutate: () => setFieldErrors({}),
    onSuccess: (res) => {
      say({ kind: "success", text: success });
      void queryClient.invalidateQueries({ queryKey: offlineKeys.desk });
      // The whole group may have been handled at once: "next" skips all of it.
      onDone?.(res.affected);
    },
    onError: (e, payload) => {
      const holder = heldByOther(e);
      if (holder !== null) setTakeOver({ holder, payload });
      else if (e instanceof ApiError && e.status === 422) setFieldErrors(e.fieldErrors);
      else say({ kind: "error", text: e.message });
    },
  });
  const confirm = takeOver && (
    <Dialog
      title={t.takeOverTitle}
      role="alertdialog"
      width={400}
      isOpen
      onOpenChange={(open) => !open && setTakeOver(null)}
      actions={({ close }) => (
        <>
          <Button
            autoFocus
            onPress={() => {
              m.mutate(withTakeOver(takeOver.payload));
              close();
            }}
          >
            {t.takeOverConfirm}
          </Button>
          <Button variant="ghost" onPress={close}>
            {t.cancel}
          </Button>
        </>
      )}
    >
      <p>{t.takeOverText(takeOver.holder)}</p>
    </Dialog>
  );
  return { ...m, fieldErrors, confirm };
}
