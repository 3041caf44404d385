/** Pieces every admin page shares: the console's own navigation, paging, load states, field errors and confirmations. */
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useRouterState } from "@tanstack/react-router";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Link } from "../../components/ui/link";
import { toast } from "../../components/ui/toast";
import { ApiError } from "../../lib/api";
import { adminUi as t } from "./messages";
import "./admin.css";

/** The desks outside this console's own pages; the dashboard links to them too. */
export const deskSections = [
  { to: "/admin/offlineArticles", label: t.nav.offlineArticles },
  { to: "/admin/offlineBooks", label: t.nav.offlineBooks },
  { to: "/admin/transactions", label: t.nav.transactions },
  { to: "/admin/createInvoice", label: t.nav.createInvoice },
  { to: "/admin/directAccess", label: t.nav.directAccess },
] as const;

const sections = [
  { to: "/admin", label: t.nav.dashboard },
  { to: "/admin/users", label: t.nav.users },
  { to: "/admin/contracts", label: t.nav.contracts },
  { to: "/admin/solvers", label: t.nav.solvers },
  { to: "/admin/directBooks", label: t.nav.directBooks },
  ...deskSections,
] as const;

/** The console's sections, the current one marked; a scrolling strip on phones. */
function AdminNav() {
  const path = useRouterState({ select: (s) => s.location.pathname.replace(/\/$/, "") || "/" });
  const ref = useRef<HTMLElement>(null);
  // On phones the strip scrolls: bring the current section into view.
  useEffect(() => {
    ref.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [path]);
  return (
    <nav className="admin-nav" aria-label={t.nav.label} ref={ref}>
      <ul>
        {sections.map((s) => (
          <li key={s.to}>
            <Link to={s.to} className="admin-nav__link" activeOptions={{ exact: true }} aria-current={path === s.to ? "page" : undefined}>
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The server's message for one field of a failed mutation (422), for a field's errorMessage. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const hit = Object.entries(error.fieldErrors).find(([k]) => k === field || k.startsWith(`${field}.`));
  return hit?.[1]?.[0];
}

/** A field's isInvalid and errorMessage from a failed mutation, spread on the field: `{...fieldErrorProps(save.error, "title")}`. */
export function fieldErrorProps(error: unknown, field: string): { isInvalid: boolean; errorMessage: string | undefined } {
  const message = fieldError(error, field);
  return { isInvalid: !!message, errorMessage: message };
}

/** A mutation's error not tied to a shown field (business errors, or fields the form does not show). */
export function FormError({ error, shown = [] }: { error: unknown; shown?: string[] }) {
  if (!error) return null;
  if (error instanceof ApiError && error.status === 422) {
    const rest = Object.entries(error.fieldErrors).filter(([k]) => !shown.some((f) => k === f || k.startsWith(`${f}.`)));
    if (!rest.length) return null;
    return <Alert tone="error">{rest.map(([, v]) => v[0]).join(" ")}</Alert>;
  }
  return <Alert tone="error">{(error as Error).message}</Alert>;
}

/** A save's onSuccess: says so, refreshes the lists under `queryKey`, then `then` (close or clear the form). */
export function useOnSaved(queryKey: QueryKey, then: () => void) {
  const qc = useQueryClient();
  return () => {
    toast.success(t.common.saved);
    void qc.invalidateQueries({ queryKey });
    then();
  };
}

/** A form's buttons: save (or `submitLabel`), and cancel where the form can be closed without saving. */
export function FormActions({ isPending, submitLabel = t.common.save, onCancel }: { isPending: boolean; submitLabel?: ReactNode; onCancel?: () => void }) {
  return (
    <div className="admin-actions">
      <Button type="submit" isPending={isPending}>
        {submitLabel}
      </Button>
      {onCancel && (
        <Button variant="outline" onPress={onCancel}>
          {t.common.cancel}
        </Button>
      )}
    </div>
  );
}

/** A button that asks before doing something that cannot be undone. */
export function ConfirmButton({
  label,
  question,
  onConfirm,
  isPending,
  ariaLabel,
}: {
  label: ReactNode;
  question: string;
  onConfirm(): void;
  isPending?: boolean;
  ariaLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="danger" onPress={() => setOpen(true)} isPending={isPending} aria-label={ariaLabel}>
        {label}
      </Button>
      <Dialog
        title={question}
        width={400}
        role="alertdialog"
        isOpen={open}
        onOpenChange={setOpen}
        actions={({ close }) => (
          <>
            <Button variant="outline" onPress={close}>
              {t.common.cancel}
            </Button>
            <Button
              variant="danger"
              onPress={() => {
                close();
                onConfirm();
              }}
            >
              {t.common.yes}
            </Button>
          </>
        )}
      >
        {null}
      </Dialog>
    </>
  );
}

/** The frame of every console page: heading, section navigation, content. */
export function AdminPage({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  return (
    <div className="container admin-page">
      {heading}
      <AdminNav />
      {children}
    </div>
  );
}
