import { useUiState } from "../../lib/ui-state";
import { NativeButton } from "../ui/native-button";
import { ExternalLink, Link } from "../ui/link";
import { shellMessages as m } from "./messages";
import { publicNav } from "./nav-links";

/** Login and register for guests; they open the auth dialogs (accounts spec §6). */
export function GuestActions({ compact, onOpen }: { compact?: boolean; onOpen?(): void }) {
  const { openDialog } = useUiState();
  return (
    <div className="guest-actions">
      <NativeButton
        variant="outline"
        size={compact ? "sm" : "md"}
        onClick={() => {
          onOpen?.();
          openDialog("login");
        }}
      >
        {m.login}
      </NativeButton>
      <NativeButton
        variant="primary"
        size={compact ? "sm" : "md"}
        onClick={() => {
          onOpen?.();
          openDialog("register");
        }}
      >
        {m.register}
      </NativeButton>
    </div>
  );
}

/** The public navigation as a list of links; the router marks the current page with aria-current. */
export function PublicNavList({ className, onNavigate }: { className: string; onNavigate?(): void }) {
  return (
    <ul className={className}>
      {publicNav.map((l) => (
        <li key={l.href}>
          {l.external ? (
            <ExternalLink href={l.href} tone="muted" className="nav-link">
              {l.label}
            </ExternalLink>
          ) : (
            <Link to={l.href} tone="muted" className="nav-link" activeOptions={{ exact: true }} onClick={onNavigate}>
              {l.label}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
