import { useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { userRoleFilters, type AdminUserRow } from "../../../../contract/admin";
import { formatJalaliDate, formatNumber, formatToman } from "../../../../lib/format";
import { PageHeading } from "../../../components/shell/page-heading";
import { Button } from "../../../components/ui/button";
import { DataCell, DataRow, DataTable, HeaderCell } from "../../../components/ui/data-table";
import { Pagination } from "../../../components/ui/pagination";
import { QueryBoundary } from "../../../components/ui/query-state";
import { Select } from "../../../components/ui/select";
import { TextField } from "../../../components/ui/text-field";
import { adminUi as t } from "../messages";
import { AdminPage } from "../parts";
import { usersQuery, type RoleFilter } from "../queries";
import { UserDetail } from "../user-detail";
import { useListSearch } from "../../../lib/use-list-search";

function RoleBadges({ u }: { u: AdminUserRow }) {
  return (
    <>
      {u.blocked_at && <span className="admin-badge admin-badge--danger">{t.users.blocked}</span>}
      {(["admin", "solver", "partner", "university"] as const)
        .filter((r) => u.roles[r])
        .map((r) => (
          <span key={r} className="admin-badge">
            {t.users.roles[r]}
          </span>
        ))}
    </>
  );
}

/** /admin/users: search by name, e-mail, mobile or username; one user's balances, credits, roles and activity. Its route's loader reads the first page. */
export default function AdminUsers() {
  const { draft, setDraft, filters, page, searching, search, goTo } = useListSearch<{ q: string; role: RoleFilter }>({ q: "", role: "all" });
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => {
    if (selected) document.getElementById("admin-user-title")?.focus();
  }, [selected]);
  return (
    <AdminPage heading={<PageHeading title={t.users.title} />}>
      <form className="card admin-card admin-form" onSubmit={search} role="search">
        <TextField label={t.users.searchLabel} value={draft.q} onChange={(q) => setDraft((d) => ({ ...d, q }))} />
        <Select
          label={t.users.role}
          value={draft.role}
          options={userRoleFilters.map((r) => [r, t.users.roles[r]] as const)}
          onChange={(role) => setDraft((d) => ({ ...d, role }))}
        />
        <Button type="submit" isPending={searching}>
          {t.common.search}
        </Button>
      </form>
      {selected && <UserDetail id={selected} onClose={() => setSelected(null)} />}
      <section className="card admin-card" aria-labelledby="admin-users-list" aria-busy={searching}>
        <h2 id="admin-users-list">{t.users.title}</h2>
        <QueryBoundary>
          <UsersList filters={filters} page={page} onPage={goTo} onSelect={setSelected} />
        </QueryBoundary>
      </section>
    </AdminPage>
  );
}

function UsersList({
  filters,
  page,
  onPage,
  onSelect,
}: {
  filters: { q: string; role: RoleFilter };
  page: number;
  onPage(page: number): void;
  onSelect(id: string): void;
}) {
  const { data } = useSuspenseQuery(usersQuery(filters.q, filters.role, page));
  return (
    <>
      {data.data.length === 0 ? (
        <p className="admin-muted">{t.common.empty}</p>
      ) : (
        <DataTable caption={t.users.title}>
          <thead>
            <tr>
              <HeaderCell>{t.users.name}</HeaderCell>
              <HeaderCell>{t.users.email}</HeaderCell>
              <HeaderCell className="admin-hide-xs">{t.users.mobile}</HeaderCell>
              <HeaderCell className="admin-hide-xs">{t.users.balance}</HeaderCell>
              <HeaderCell className="admin-hide-xs">{t.users.registered}</HeaderCell>
              <HeaderCell>{t.common.actions}</HeaderCell>
            </tr>
          </thead>
          <tbody>
            {data.data.map((u) => (
              <DataRow key={u.id}>
                <DataCell>
                  {u.name} <RoleBadges u={u} />
                </DataCell>
                <DataCell>
                  <bdi dir="ltr">{u.email}</bdi>
                </DataCell>
                <DataCell className="admin-hide-xs">{u.mobile ? <bdi dir="ltr">{u.mobile}</bdi> : t.common.none}</DataCell>
                <DataCell className="admin-hide-xs">{formatToman(u.balance)}</DataCell>
                <DataCell className="admin-hide-xs">{formatJalaliDate(u.created_at)}</DataCell>
                <DataCell>
                  <Button size="sm" variant="outline" onPress={() => onSelect(u.id)} aria-label={`${t.common.view} ${u.name}`}>
                    {t.common.view}
                  </Button>
                </DataCell>
              </DataRow>
            ))}
          </tbody>
        </DataTable>
      )}
      <Pagination page={page} pages={data.total_pages} summary={t.common.total(formatNumber(data.total))} onChange={onPage} label={t.users.title} />
    </>
  );
}
