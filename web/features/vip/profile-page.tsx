import type { ReactNode } from "react";
import { PageHeading } from "../../components/shell/page-heading";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { LinkButton } from "../../components/ui/link";
import { usePageData } from "../../lib/page-data-context";
import { useUiState } from "../../lib/ui-state";
import { vipUi } from "./messages";
import "./vip.css";

const t = vipUi.profile;

/** The frame of a profile page of VIP purchases: heading with a new-order link, then the content, or for a guest a prompt to log in. */
export function VipProfilePage({ title, children }: { title: string; children: ReactNode }) {
  const { isGuest } = usePageData();
  const { openDialog } = useUiState();
  return (
    <div className="container page vip-page">
      <PageHeading title={title}>
        {!isGuest && (
          <LinkButton variant="outline" to="/" hash="vip">
            {t.newOrder}
          </LinkButton>
        )}
      </PageHeading>
      {isGuest ? (
        <Alert tone="info" action={<Button onPress={() => openDialog("login")}>{t.login}</Button>}>
          {t.guest}
        </Alert>
      ) : (
        children
      )}
    </div>
  );
}
