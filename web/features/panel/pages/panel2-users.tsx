import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, useTransition } from "react";
import { formatJalaliDate, formatNumber } from "../../../../lib/format";
import { PageHeading } from "../../../components/shell/page-heading";
import { DataCell, DataRow, HeaderCell } from "../../../components/ui/data-table";
import { TextField } from "../../../components/ui/text-field";
import { panelMessages as m } from "../messages";
import { PanelNav } from "../panel-nav";
import { PanelTable } from "../panel-table";
import { groupsQuery, usersQuery } from "../queries";
import "../panel.css";

/** /panel2/users: the institution's members with their downloads, requests and groups. Its route's loader reads the first page and the groups. */
export default function Panel2Users() {
  const [page, setPage] = useState(1);
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  // Another search or page replaces the list when it arrives (no loading state in between).
  const [changing, startChange] = useTransition();
  // Re-query 600 ms after typing stops (search spec §9), from page 1.
  useEffect(() => {
    const t = setTimeout(
      () =>
        startChange(() => {
          setQ(text.trim());
          setPage(1);
        }),
      600,
    );
    return () => clearTimeout(t);
  }, [text]);
  // The list's own read (PanelTable) is the one that suspends; the total beside the search and the
  // groups' names are read from the same cache without holding the page.
  const total = useQuery(usersQuery(page, q)).data?.total;
  const groups = useQuery(groupsQuery());
  const groupName = (id: string) => groups.data?.groups.find((g) => g.id === id)?.name ?? "";
  return (
    <div className="container stack panel-page" aria-busy={changing}>
      <PageHeading title={m.users.title} />
      <PanelNav />
      <div className="panel-toolbar">
        <TextField label={m.users.search} value={text} onChange={setText} type="search" />
        {total !== undefined && <span className="panel-muted">{m.users.total(total)}</span>}
      </div>
      <PanelTable
        query={usersQuery(page, q)}
        title={m.users.title}
        empty={m.users.empty}
        onPage={(p) => startChange(() => setPage(p))}
        head={
          <>
            <HeaderCell>{m.users.name}</HeaderCell>
            <HeaderCell className="panel-hide-xs">{m.users.email}</HeaderCell>
            <HeaderCell className="panel-hide-xs">{m.users.verified}</HeaderCell>
            <HeaderCell>{m.users.downloads}</HeaderCell>
            <HeaderCell>{m.users.requests}</HeaderCell>
            <HeaderCell className="panel-hide-xs">{m.users.lastActivity}</HeaderCell>
            <HeaderCell className="panel-hide-xs">{m.users.groups}</HeaderCell>
          </>
        }
        row={(u) => (
          <DataRow key={u.id}>
            <DataCell>{u.name}</DataCell>
            <DataCell className="panel-hide-xs">
              <bdi dir="ltr">{u.university_email ?? "—"}</bdi>
            </DataCell>
            <DataCell className="panel-hide-xs">{u.verified_at ? formatJalaliDate(u.verified_at) : m.users.notVerified}</DataCell>
            <DataCell>{formatNumber(u.downloads)}</DataCell>
            <DataCell>{formatNumber(u.offline_requests)}</DataCell>
            <DataCell className="panel-hide-xs">{u.last_activity ? formatJalaliDate(u.last_activity, { withTime: true }) : "—"}</DataCell>
            <DataCell className="panel-hide-xs">{u.groups.map(groupName).filter(Boolean).join("، ") || "—"}</DataCell>
          </DataRow>
        )}
      />
    </div>
  );
}
