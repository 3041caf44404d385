import { Icon } from "../../components/ui/icon";
import { Link, LinkButton } from "../../components/ui/link";
import { homeMessages as m } from "./messages";

/** The info text with promotional links (search spec §2). */
export function PromoText() {
  return (
    <section className="card promo-text" aria-labelledby="promo-title">
      <h2 id="promo-title">{m.promo.heading}</h2>
      {m.promo.paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
      <ul className="promo-text__links">
        <li>
          <Link to="/prices">{m.promo.links.prices}</Link>
        </li>
        <li>
          <Link to="/extension">{m.promo.links.extension}</Link>
        </li>
        <li>
          <Link to="/enterprisePurchase">{m.promo.links.enterprise}</Link>
        </li>
        <li>
          <Link to="/services">{m.promo.links.services}</Link>
        </li>
      </ul>
    </section>
  );
}

/**
 * Two banners advertising services. University users have no VIP option, so they see the
 * browser extension instead of plagiarism and grammar checks.
 */
export function Banners({ hasUniversity }: { hasUniversity: boolean }) {
  const first = hasUniversity ? m.banners.extension : m.banners.vip;
  return (
    <section className="banners" aria-label={m.banners.label}>
      <div className="banner banner--vip">
        <Icon name={hasUniversity ? "puzzle" : "plagiarism"} size={40} />
        <div className="banner__body">
          <h2 className="banner__title">{first.title}</h2>
          <p>{first.text}</p>
        </div>
        {hasUniversity ? (
          <LinkButton to="/extension" variant="secondary">
            {first.action}
          </LinkButton>
        ) : (
          <LinkButton to="/" hash="vip" variant="secondary">
            {first.action}
          </LinkButton>
        )}
      </div>
      <div className="banner banner--direct">
        <Icon name="globe" size={40} />
        <div className="banner__body">
          <h2 className="banner__title">{m.banners.direct.title}</h2>
          <p>{m.banners.direct.text}</p>
        </div>
        <LinkButton to="/" hash="direct" variant="secondary">
          {m.banners.direct.action}
        </LinkButton>
      </div>
    </section>
  );
}
