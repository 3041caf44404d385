import { jalaliYear } from "../../../lib/format";
import { toPersianDigits } from "../../../lib/digits";
import { usePageData } from "../../lib/page-data-context";
import { blogPostUrl } from "../../lib/site-urls";
import { Icon } from "../ui/icon";
import { ExternalLink, Link } from "../ui/link";
import { shellMessages as m } from "./messages";

type Item = { title: string; href: string };

function LinkList({ items }: { items: Item[] }) {
  return (
    <ul className="footer__list">
      {items.map((l) => (
        <li key={l.href}>
          {l.href.startsWith("/") ? (
            <Link to={l.href} tone="inverse">
              {l.title}
            </Link>
          ) : (
            <ExternalLink href={l.href} tone="inverse">
              {l.title}
            </ExternalLink>
          )}
        </li>
      ))}
    </ul>
  );
}

function ContactBlock() {
  const { contact } = usePageData();
  return (
    <address className="footer__contact">
      {contact.phone && (
        <p>
          <Icon name="phone" size={18} />
          <span>{m.footer.phone}: </span>
          <a href={`tel:${contact.phone.replace(/[^\d+۰-۹]/g, "")}`} className="footer__plain-link">
            <bdi dir="ltr">{toPersianDigits(contact.phone)}</bdi>
          </a>
        </p>
      )}
      {contact.email && (
        <p>
          <Icon name="mail" size={18} />
          <span>{m.footer.email}: </span>
          <a href={`mailto:${contact.email}`} className="footer__plain-link">
            <bdi dir="ltr">{contact.email}</bdi>
          </a>
        </p>
      )}
      {contact.hours && (
        <p>
          <Icon name="clock" size={18} />
          <span>
            {m.footer.hours}: {contact.hours}
          </span>
        </p>
      )}
      {contact.social.length > 0 && (
        <ul className="footer__social" aria-label={m.footer.social}>
          {contact.social.map((s) => (
            <li key={s.href}>
              <ExternalLink href={s.href} tone="inverse">
                {s.name}
              </ExternalLink>
            </li>
          ))}
        </ul>
      )}
    </address>
  );
}

/**
 * Useful links and user guides from the footer links (our own pages are the useful links, the help
 * centre's pages the guides); on home the latest blog posts, elsewhere the contact block.
 */
export function Footer({ isHome, now = new Date() }: { isHome: boolean; now?: Date }) {
  const { footerLinks, lastBlogPosts } = usePageData();
  const useful = footerLinks.filter((l) => l.href.startsWith("/"));
  const guides = footerLinks.filter((l) => !l.href.startsWith("/"));
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a named contentinfo landmark (axe accepts it)
    <footer className="footer" aria-label={m.landmarks.footer}>
      <div className="container footer__grid">
        <section className="footer__about">
          <h2 className="footer__brand">{m.siteName}</h2>
          <p>{m.footer.about}</p>
        </section>
        <section>
          <h2 className="footer__heading">{m.footer.usefulLinks}</h2>
          <LinkList items={useful} />
        </section>
        <section>
          <h2 className="footer__heading">{m.footer.guides}</h2>
          <LinkList items={guides} />
        </section>
        {isHome ? (
          <section>
            <h2 className="footer__heading">{m.footer.latestPosts}</h2>
            <LinkList items={lastBlogPosts.map((p) => ({ title: p.post_title, href: blogPostUrl(p.post_name) }))} />
          </section>
        ) : (
          <section>
            <h2 className="footer__heading">{m.footer.contact}</h2>
            <ContactBlock />
          </section>
        )}
      </div>
      <div className="footer__bottom">
        <div className="container">{m.footer.copyright(jalaliYear(now))}</div>
      </div>
    </footer>
  );
}
