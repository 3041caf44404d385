import type { ReactNode } from "react";
import { usePageData } from "../../lib/page-data-context";
import { allows, type Access } from "../../lib/route-data";
import { useUiState } from "../../lib/ui-state";
import { Alert } from "../ui/alert";
import { NativeButton } from "../ui/native-button";
import { shellMessages as m } from "./messages";
import { PageHeading } from "./page-heading";

/**
 * A page for some users only (its route's `access`): the page for them; for a guest, a prompt to
 * log in; for anyone else, what the page is for. The page is not drawn, so it asks for nothing it
 * would be refused (its route's loader does not either).
 */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const session = usePageData();
  const { openDialog } = useUiState();
  if (allows(access, session)) return children;
  return (
    <div className="container page">
      {session.isGuest ? (
        <>
          <PageHeading title={m.access.signInTitle} />
          <Alert tone="info" action={<NativeButton onClick={() => openDialog("login")}>{m.login}</NativeButton>}>
            {m.access.signIn}
          </Alert>
        </>
      ) : (
        <>
          <PageHeading title={m.access.deniedTitle} />
          <Alert tone="warning">{m.access.denied[access]}</Alert>
        </>
      )}
    </div>
  );
}
