import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { getpdfUi as t } from "./messages";

/** Help for type 1 (search spec §2 "help dialogs types 1 to 6"). */
export function HelpDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog
      title={t.helpTitle}
      width={450}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      actions={({ close }) => (
        <Button variant="outline" onPress={close}>
          {t.close}
        </Button>
      )}
    >
      <ul className="getpdf-help">
        {t.helpBody.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Dialog>
  );
}
