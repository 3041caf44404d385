import { Button } from "../../components/ui/button";
import { offlineUi } from "./messages";

const t = offlineUi.desk;

export type Notice = { kind: "success" | "error" | "info"; text: string };

/**
 * What the desk says after an action, and the payments waiting: a line in the page above the work,
 * never a toast floating over the controls staff are pressing next.
 */
export function DeskNotice({ notice, paidWaiting, onClear }: { notice: Notice | null; paidWaiting: number; onClear(): void }) {
  return (
    <div className="desk-notices">
      <p className={`desk-notice${notice ? ` desk-notice--${notice.kind}` : ""}`} role={notice?.kind === "error" ? "alert" : "status"} aria-live="polite">
        {notice?.text ?? ""}
        {notice && (
          <Button variant="ghost" size="sm" onPress={onClear} aria-label={t.close}>
            ×
          </Button>
        )}
      </p>
      {paidWaiting > 0 && (
        <p className="offline-paid-waiting" role="status">
          {t.paidWaiting(paidWaiting)}
        </p>
      )}
    </div>
  );
}
