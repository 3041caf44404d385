import type { UserInfo } from "../../../contract/user-info";
import { formatJalaliDate, formatNumber, formatToman } from "../../../lib/format";
import { Icon } from "../ui/icon";
import { LinkButton } from "../ui/link";
import { shellMessages as m } from "./messages";

function limitedText(limited: UserInfo["limited_vip_credits"], now: Date): string {
  const { count, expiration } = limited;
  if (!expiration || count <= 0) return formatNumber(Math.max(0, count));
  const expires = new Date(expiration);
  if (!Number.isNaN(expires.getTime()) && expires.getTime() < now.getTime()) return m.credits.expired;
  return `${formatNumber(count)} (${m.credits.until(formatJalaliDate(expiration))})`;
}

/**
 * Credits of a signed-in user (accounts spec §1): cash balance in toman, special credits limited
 * (count and Solar Hijri expiry, valid one month) and unlimited, offline request credit and
 * standard download credit, with a link to top up the wallet.
 */
export function CreditBar({ user, now = new Date() }: { user: UserInfo; now?: Date }) {
  return (
    <section className="credit-bar" aria-label={m.landmarks.credits}>
      <div className="container credit-bar__inner">
        <dl className="credit-bar__list">
          <div className="credit-bar__item credit-bar__item--balance">
            <dt>
              <Icon name="wallet" size={18} />
              {m.credits.balance}
            </dt>
            <dd data-testid="credit-balance">{formatToman(user.balance)}</dd>
          </div>
          <div className="credit-bar__item">
            <dt>
              {m.credits.special} ({m.credits.limited})
            </dt>
            <dd data-testid="credit-limited">{limitedText(user.limited_vip_credits, now)}</dd>
          </div>
          <div className="credit-bar__item">
            <dt>
              {m.credits.special} ({m.credits.unlimited})
            </dt>
            <dd data-testid="credit-unlimited">{formatNumber(user.unlimited_vip_credits)}</dd>
          </div>
          <div className="credit-bar__item">
            <dt>{m.credits.offline}</dt>
            <dd data-testid="credit-offline">{formatNumber(user.offline_article_credit)}</dd>
          </div>
          <div className="credit-bar__item">
            <dt>{m.credits.standard}</dt>
            <dd data-testid="credit-standard">{formatNumber(user.standard_credit)}</dd>
          </div>
        </dl>
        <LinkButton to="/profile/financial" variant="secondary" size="sm" className="credit-bar__topup">
          <Icon name="wallet" size={18} />
          <span className="credit-bar__topup-text">{m.credits.topUp}</span>
        </LinkButton>
      </div>
    </section>
  );
}
