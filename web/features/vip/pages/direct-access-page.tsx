import { useSuspenseQuery } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { useState } from "react";
import { formatJalaliDate, formatNumber, formatToman, pricePerDay } from "../../../../lib/format";
import { PageHeading } from "../../../components/shell/page-heading";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ExternalLink, ExternalLinkButton, LinkButton } from "../../../components/ui/link";
import { QueryBoundary } from "../../../components/ui/query-state";
import { Select } from "../../../components/ui/select";
import { toast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api";
import { usePageData } from "../../../lib/page-data-context";
import { useUiState } from "../../../lib/ui-state";
import { basketCart } from "../../wallet/checkout";
import { BuyDialog } from "../../wallet/buy-dialog";
import { vipUi } from "../messages";
import { periodsOf } from "../periods";
import { accessQuery } from "../queries";
import "../vip.css";

const t = vipUi.access;

function Secret({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className="vip-secret-row">
        <bdi dir="ltr" className="vip-secret">
          {value}
        </bdi>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`${t.copy} ${label}`}
          onPress={() =>
            void navigator.clipboard?.writeText(value).then(
              () => toast.success(t.copied),
              () => undefined,
            )
          }
        >
          {t.copy}
        </Button>
      </dd>
    </div>
  );
}

/** /directaccess/{id}/{d?}: how the buyer uses the site for the bought period; renewal when it has ended. Its route's loader reads the site and the buyer's access. */
export default function DirectAccessPage() {
  const params = useParams({ strict: false });
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return (
    <QueryBoundary renderError={(error) => <NotFound error={error} />}>
      <Access id={id} d={params.d} />
    </QueryBoundary>
  );
}

/** An unknown site (or the server's message for another failure), with the way back to the site list. */
function NotFound({ error }: { error?: Error }) {
  return (
    <div className="container page vip-page">
      <PageHeading title={t.title} />
      <Alert
        tone="error"
        action={
          <LinkButton variant="outline" to="/" hash="direct">
            {t.back}
          </LinkButton>
        }
      >
        {!error || (error instanceof ApiError && error.status === 404) ? t.notFound : error.message}
      </Alert>
    </div>
  );
}

function Access({ id, d }: { id: number; d: string | undefined }) {
  const { isGuest } = usePageData();
  const { openDialog } = useUiState();
  const { data } = useSuspenseQuery(accessQuery(id));
  const [days, setDays] = useState<number | null>(d ? Number(d) : null);
  const [buying, setBuying] = useState(false);

  const site = data.site;
  const periods = periodsOf(site);
  const chosen = periods.find((p) => p.days === days) ?? periods[0];
  const daysLeft = Math.floor(data.seconds_left / 86_400);
  const hoursLeft = Math.floor((data.seconds_left % 86_400) / 3_600);

  const buyBox = chosen && (
    <div className="card vip-renew">
      <Select
        label={t.choosePeriod}
        value={String(chosen.days)}
        options={periods.map(
          (p) =>
            [
              String(p.days),
              vipUi.table.periodOption(formatNumber(p.days), formatToman(p.price), formatToman(pricePerDay(p.price, p.days))),
              String(p.days),
            ] as const,
        )}
        onChange={(k) => setDays(Number(k))}
      />
      <Button variant="primary" onPress={() => (isGuest ? openDialog("login") : setBuying(true))}>
        {data.status === "none" ? t.buy : t.renew}
      </Button>
    </div>
  );

  return (
    <div className="container page vip-page">
      <PageHeading title={`${t.title}: ${site.name}`} />
      <section className="card vip-access">
        <p>{site.description}</p>
        {site.url && (
          <p>
            <ExternalLink href={site.url}>{vipUi.table.moreInfo}</ExternalLink>
          </p>
        )}
        <p className="vip-muted">{site.expire}</p>
      </section>

      {data.status === "active" ? (
        <section className="card vip-access" aria-labelledby="vip-howto">
          <h2 id="vip-howto">{t.howTo}</h2>
          <dl className="vip-facts">
            <div>
              <dt>{t.timeLeft}</dt>
              <dd data-testid="time-left">{t.left(formatNumber(daysLeft), formatNumber(hoursLeft))}</dd>
            </div>
            {data.expires_at && (
              <div>
                <dt>{t.ends}</dt>
                <dd>{t.until(formatJalaliDate(data.expires_at, { withTime: true }))}</dd>
              </div>
            )}
          </dl>
          <p>{data.credential ? t.steps : site.type === 2 ? t.noCredential : t.sharedSteps}</p>
          {data.credential && (
            <dl className="vip-facts" aria-label={t.credential}>
              <Secret label={vipUi.profile.username} value={data.credential.username} />
              <Secret label={vipUi.profile.password} value={data.credential.password} />
            </dl>
          )}
          <div className="vip-card__actions">
            {(site.link ?? site.url) && (
              <ExternalLinkButton variant="primary" href={(site.link ?? site.url)!}>
                {vipUi.table.enter}
              </ExternalLinkButton>
            )}
            {site.link2 && (
              <ExternalLinkButton variant="outline" href={site.link2}>
                {vipUi.table.enter2}
              </ExternalLinkButton>
            )}
          </div>
        </section>
      ) : (
        <>
          <Alert tone={data.status === "expired" ? "warning" : "info"}>{isGuest ? t.guest : data.status === "expired" ? t.expired : t.none}</Alert>
          {buyBox}
        </>
      )}
      {data.status === "active" && buyBox}
      {buying && chosen && (
        <BuyDialog
          cart={basketCart([{ id: site.id, period: chosen.days, name: site.name }], site.name)}
          title={`${site.name} — ${vipUi.basket.days(formatNumber(chosen.days))}`}
          price={chosen.price}
          basket
          isOpen
          onOpenChange={(o) => !o && setBuying(false)}
        />
      )}
    </div>
  );
}
