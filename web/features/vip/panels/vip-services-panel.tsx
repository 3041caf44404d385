import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { UploadKind, VipServiceCard } from "../../../../contract/vip";
import { formatNumber, formatToman } from "../../../../lib/format";
import { Button } from "../../../components/ui/button";
import { Icon } from "../../../components/ui/icon";
import { QueryState } from "../../../components/ui/query-state";
import type { ApiError } from "../../../lib/api";
import { usePageData } from "../../../lib/page-data-context";
import { useUiState } from "../../../lib/ui-state";
import { BuyDialog } from "../../wallet/buy-dialog";
import { vipUi } from "../messages";
import { servicesQuery } from "../queries";
import { UploadDialog } from "../upload-dialog";
import "../vip.css";

const t = vipUi.vip;
const ICONS = { ithenticate: "plagiarism", grammarly: "edit", scifinder: "flask", ai: "star" } as const;

/** Type 7: a card per service with its price; buy (wallet or card) and, for checks, the upload dialog. */
export default function VipServicesPanel(_props: Record<string, never>) {
  const query = useQuery(servicesQuery());
  const { isGuest } = usePageData();
  const { openDialog } = useUiState();
  const [buying, setBuying] = useState<VipServiceCard | null>(null);
  const [uploading, setUploading] = useState<VipServiceCard | null>(null);

  if (!query.isSuccess) return <QueryState query={query} label={t.loading} errorText={(e) => vipUi.table.error((e as ApiError).status ?? 0)} />;

  const guard = (then: () => void) => (isGuest ? openDialog("login") : then());

  return (
    <section className="vip-cards" aria-label={t.heading}>
      {query.data.services.map((s) => {
        const canUpload = s.accepts.length > 0 && (s.by_contract || s.awaiting_upload > 0);
        return (
          <article key={s.key} className="card vip-card">
            <div className="vip-card__head">
              <Icon name={ICONS[s.key]} size={28} />
              <h3>{s.title}</h3>
            </div>
            <p className="vip-card__text">{s.description}</p>
            {s.accepts.length > 0 && <p className="vip-muted">{t.accepts(s.accepts.join("، "))}</p>}
            <p className="vip-card__price">{s.by_contract ? t.byContract : formatToman(s.price)}</p>
            {s.awaiting_upload > 0 && <p className="vip-badge">{t.awaiting(formatNumber(s.awaiting_upload))}</p>}
            <div className="vip-card__actions">
              {!s.by_contract && (
                <Button variant={canUpload ? "outline" : "primary"} onPress={() => guard(() => setBuying(s))}>
                  {t.buy}
                </Button>
              )}
              {canUpload && (
                <Button variant="primary" onPress={() => guard(() => setUploading(s))}>
                  {t.upload}
                </Button>
              )}
            </div>
          </article>
        );
      })}
      {buying && (
        <BuyDialog
          cart={{ name: buying.key, title: buying.title }}
          title={buying.title}
          price={buying.price}
          isOpen
          onOpenChange={(o) => !o && setBuying(null)}
        />
      )}
      {uploading && <UploadDialog kind={uploading.key as UploadKind} title={uploading.title} isOpen onOpenChange={(o) => !o && setUploading(null)} />}
    </section>
  );
}
