import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatJalaliDate, formatNumber } from "../../../lib/format";
import { Button } from "../../components/ui/button";
import { DataCell, DataRow, DataTable, HeaderCell } from "../../components/ui/data-table";
import { QueryState } from "../../components/ui/query-state";
import { toast } from "../../components/ui/toast";
import { vipUi } from "./messages";
import { adminGrantsQuery, grantActionMutation, vipKeys } from "./queries";

const t = vipUi.admin;

/** Grants tab: who bought which site until when, with which account; end a grant or lend it an account. */
export function AdminGrants() {
  const qc = useQueryClient();
  const query = useQuery(adminGrantsQuery(null));
  const act = useMutation({
    ...grantActionMutation(),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: vipKeys.all });
      toast.success(t.saved);
    },
    onError: (e) => toast.error(e.message),
  });
  return (
    <QueryState query={query} errorTitle={vipUi.profile.loadError}>
      {() =>
        query.data!.grants.length === 0 ? (
          <p className="vip-muted">{t.empty}</p>
        ) : (
          <DataTable caption={t.tabs.grants}>
            <thead>
              <tr>
                <HeaderCell>{t.user}</HeaderCell>
                <HeaderCell>{t.site}</HeaderCell>
                <HeaderCell>{t.dates}</HeaderCell>
                <HeaderCell>{t.credential}</HeaderCell>
                <HeaderCell>{vipUi.table.actions}</HeaderCell>
              </tr>
            </thead>
            <tbody>
              {query.data!.grants.map((g) => (
                <DataRow key={g.id}>
                  <DataCell>
                    {g.user_name}
                    <div className="vip-muted">
                      <bdi dir="ltr">{g.user_email}</bdi>
                    </div>
                  </DataCell>
                  <DataCell>
                    <bdi dir="ltr">{g.site_name}</bdi> — {vipUi.basket.days(formatNumber(g.days))}
                  </DataCell>
                  <DataCell>
                    {formatJalaliDate(g.starts_at)} — {formatJalaliDate(g.expires_at)}
                    <div className="vip-muted">{g.active ? vipUi.profile.grantActive : vipUi.profile.grantExpired}</div>
                  </DataCell>
                  <DataCell>{g.credential_username ? <bdi dir="ltr">{g.credential_username}</bdi> : t.noCredential}</DataCell>
                  <DataCell>
                    {g.active && (
                      <div className="vip-table__buttons">
                        {!g.credential_username && (
                          <Button size="sm" variant="outline" onPress={() => act.mutate({ id: g.id, action: "assign" })}>
                            {t.assign}
                          </Button>
                        )}
                        <Button size="sm" variant="danger" onPress={() => act.mutate({ id: g.id, action: "revoke" })}>
                          {t.revoke}
                        </Button>
                      </div>
                    )}
                  </DataCell>
                </DataRow>
              ))}
            </tbody>
          </DataTable>
        )
      }
    </QueryState>
  );
}
