import { Button, Text, UNSTABLE_Toast as AriaToast, UNSTABLE_ToastContent as ToastContent, UNSTABLE_ToastRegion as ToastRegion } from "react-aria-components";
import { Icon } from "./icon";
import { toastQueue } from "./toast";
import "./toast.css";

const iconFor = { success: "success", error: "error", info: "info" } as const;

/** Where toasts appear (bottom centre), announced politely to screen readers. F6 reaches it from the keyboard. */
export default function Toaster() {
  return (
    <ToastRegion queue={toastQueue} className="ui-toast-region" aria-label="اعلان‌ها">
      {({ toast: t }) => (
        <AriaToast toast={t} className={`ui-toast ui-toast--${t.content.kind}`} style={{ viewTransitionName: t.key }}>
          <Icon name={iconFor[t.content.kind]} size={20} />
          <ToastContent className="ui-toast__content">
            <Text slot="title" className="ui-toast__title">
              {t.content.title}
            </Text>
            {t.content.description && (
              <Text slot="description" className="ui-toast__description">
                {t.content.description}
              </Text>
            )}
          </ToastContent>
          <Button slot="close" aria-label="بستن" className="ui-toast__close">
            <Icon name="close" size={16} />
          </Button>
        </AriaToast>
      )}
    </ToastRegion>
  );
}
