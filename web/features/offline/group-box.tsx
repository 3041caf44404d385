import type { DeskDetail } from "../../../contract/offline";
import { formatJalaliDate, formatToman } from "../../../lib/format";
import { Button } from "../../components/ui/button";
import { offlineUi } from "./messages";
import { Latin, StatusBadge } from "./request-parts";
import { useDeskMutation, type Say } from "./use-desk-mutation";

const t = offlineUi.desk;
const WEAK = new Set(["title_no_edition", "standard_no_year"]);

/**
 * One document, one piece of work: the other requests of this request's group (why each is in it),
 * with "not the same" to split this one off and "confirm" where the edition was not given; and
 * requests that may be the same, each with "same as this".
 */
export function GroupBox({ detail, onNotice }: { detail: DeskDetail; onNotice: Say }) {
  const r = detail.request;
  const split = useDeskMutation(r.id, "split", t.splitDone, onNotice);
  const confirm = useDeskMutation(r.id, "confirm_group", t.confirmDone, onNotice);
  const sameAs = useDeskMutation(r.id, "same_as", t.sameAsDone, onNotice);
  const weak = r.group_basis !== null && WEAK.has(r.group_basis);
  if (!detail.group.length && !detail.suggestions.length) return null;
  return (
    <section className="desk-group" aria-label={t.group}>
      {detail.group.length > 0 && (
        <>
          <h3>{t.group}</h3>
          {r.group_basis && <p className={weak ? "desk-group__why desk-group__why--weak" : "desk-group__why"}>{t.inGroupBecause(t.basis[r.group_basis])}</p>}
          <ul className="offline-group">
            {detail.group.map((g) => (
              <li key={g.id}>
                <StatusBadge status={g.status} /> {g.user_name} <small>{formatJalaliDate(g.created_at, { withTime: true })}</small>
                {g.price !== null && <small> — {formatToman(g.price)}</small>}
                {g.has_file && <small className="desk-group__file"> — {t.hasFile}</small>}
                <small className="offline-group__as">
                  <Latin text={(g.title ?? g.url).length > 90 ? `${(g.title ?? g.url).slice(0, 87)}…` : (g.title ?? g.url)} />
                  {g.basis && <> · {t.basis[g.basis]}</>}
                </small>
              </li>
            ))}
          </ul>
          <div className="desk-group__actions">
            {weak && (
              <Button variant="outline" size="sm" onPress={() => confirm.mutate({ body: {} })} isDisabled={confirm.isPending}>
                {t.confirmSame}
              </Button>
            )}
            <Button variant="ghost" size="sm" onPress={() => split.mutate({ body: {} })} isDisabled={split.isPending}>
              {t.notSame}
            </Button>
          </div>
        </>
      )}
      {detail.suggestions.length > 0 && (
        <>
          <h3>{t.maybeSame}</h3>
          <ul className="offline-group">
            {detail.suggestions.map((s) => (
              <li key={s.id}>
                <StatusBadge status={s.status} /> {s.user_name}
                {s.price !== null && <small> — {formatToman(s.price)}</small>}
                <small className="offline-group__as">
                  <Latin text={(s.title ?? s.url).length > 90 ? `${(s.title ?? s.url).slice(0, 87)}…` : (s.title ?? s.url)} />
                </small>
                <Button
                  variant="outline"
                  size="sm"
                  onPress={() => sameAs.mutate({ body: { target: s.id } })}
                  isDisabled={sameAs.isPending}
                  aria-label={`${t.sameAsThis}: ${s.title ?? s.url}`}
                >
                  {t.sameAsThis}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      {split.confirm}
      {confirm.confirm}
      {sameAs.confirm}
    </section>
  );
}
