import { Link } from "../ui/link";
import { shellMessages as m } from "./messages";

/**
 * The site's mark and name, linking home. The accessible name starts with the visible text (name and
 * tagline) so speech-input users can say what they see (WCAG 2.5.3), then says where it goes.
 */
export function Logo({ onNavigate }: { onNavigate?(): void }) {
  return (
    <Link to="/" className="logo" aria-label={`${m.siteName} ${m.tagline}، ${m.nav.home}`} onClick={onNavigate}>
      <svg className="logo__mark" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="11" fill="var(--color-primary)" />
        <path d="M12 10h10a8 8 0 0 1 8 8v4a8 8 0 0 1-8 8H12z" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
        <path d="M20 15v10m-4-4l4 4 4-4" fill="none" stroke="var(--color-accent)" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="logo__text">
        <span className="logo__name">{m.siteName}</span>
        <span className="logo__tagline">{m.tagline}</span>
      </span>
    </Link>
  );
}
