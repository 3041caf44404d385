import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { PanelGroup, PanelMember } from "../../../../contract/panel";
import { PageHeading } from "../../../components/shell/page-heading";
import { Button } from "../../../components/ui/button";
import { Icon } from "../../../components/ui/icon";
import { QueryBoundary } from "../../../components/ui/query-state";
import { Select } from "../../../components/ui/select";
import { TextField } from "../../../components/ui/text-field";
import { toast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api";
import { panelMessages as m } from "../messages";
import { PanelNav } from "../panel-nav";
import { changeMemberMutation, createGroupMutation, deleteGroupMutation, groupsQuery, panelKeys, usersQuery } from "../queries";
import "../panel.css";

function GroupCard({ group, candidates }: { group: PanelGroup; candidates: PanelMember[] }) {
  const qc = useQueryClient();
  const [chosen, setChosen] = useState<string | null>(null);
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: panelKeys.groups }), qc.invalidateQueries({ queryKey: [...panelKeys.all, "users"] })]);
  const member = useMutation({
    ...changeMemberMutation(group.id),
    onSuccess: async () => {
      setChosen(null);
      await refresh();
    },
    onError: (e) => toast.error(e.message),
  });
  const remove = useMutation({
    ...deleteGroupMutation(group.id),
    onSuccess: async () => {
      toast.success(m.groups.removed);
      await refresh();
    },
    onError: (e) => toast.error(e.message),
  });
  const inGroup = new Set(group.members.map((x) => x.id));
  const options = candidates.filter((c) => !inGroup.has(c.id));
  return (
    <section className="card panel-group" aria-labelledby={`group-${group.id}`}>
      <header className="panel-group__head">
        <h2 id={`group-${group.id}`}>{group.name}</h2>
        <span className="panel-muted">{m.groups.membersCount(group.members.length)}</span>
        <Button variant="ghost" size="sm" onPress={() => remove.mutate()} isDisabled={remove.isPending}>
          <Icon name="close" size={16} />
          {m.groups.remove}
        </Button>
      </header>
      {group.members.length === 0 ? (
        <p className="panel-muted">{m.groups.noMembers}</p>
      ) : (
        <ul className="panel-group__members">
          {group.members.map((u) => (
            <li key={u.id}>
              {u.name}
              <Button
                variant="ghost"
                size="sm"
                iconOnly
                aria-label={m.groups.removeMember(u.name)}
                onPress={() => member.mutate({ userId: u.id, action: "remove" })}
              >
                <Icon name="close" size={14} />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {options.length > 0 && (
        <div className="panel-group__add">
          <Select
            label={m.groups.addMember}
            placeholder={m.groups.chooseMember}
            value={chosen}
            options={options.map((u) => [u.id, u.name] as const)}
            onChange={setChosen}
          />
          <Button variant="outline" isDisabled={!chosen || member.isPending} onPress={() => chosen && member.mutate({ userId: chosen, action: "add" })}>
            {m.groups.add}
          </Button>
        </div>
      )}
    </section>
  );
}

/** /panel2/userGroup: the partner groups its institution's members. Its route's loader reads the groups and the members. */
export default function Panel2UserGroup() {
  const qc = useQueryClient();
  const [name, setName] = useState("");
  const create = useMutation({
    ...createGroupMutation(),
    onSuccess: async () => {
      setName("");
      toast.success(m.groups.created);
      await qc.invalidateQueries({ queryKey: panelKeys.groups });
    },
  });
  const nameError = create.error instanceof ApiError ? create.error.message : undefined;
  function submit(e: FormEvent) {
    e.preventDefault();
    if (name.trim()) create.mutate(name.trim());
  }
  return (
    <div className="container stack panel-page">
      <PageHeading title={m.groups.title} />
      <PanelNav />
      <form className="card panel-toolbar panel-section" onSubmit={submit}>
        <TextField label={m.groups.newGroup} value={name} onChange={setName} isInvalid={!!nameError} errorMessage={nameError} maxLength={80} />
        <Button type="submit" isDisabled={!name.trim() || create.isPending}>
          {m.groups.create}
        </Button>
      </form>
      <QueryBoundary label={m.groups.title}>
        <Groups />
      </QueryBoundary>
    </div>
  );
}

function Groups() {
  const { data } = useSuspenseQuery(groupsQuery());
  // The members to add are a help, not the page: the groups are shown without waiting for them.
  const members = useQuery(usersQuery(1, ""));
  return data.groups.length === 0 ? (
    <p className="panel-muted">{m.groups.empty}</p>
  ) : (
    <div className="panel-groups">
      {data.groups.map((group) => (
        <GroupCard key={group.id} group={group} candidates={members.data?.data ?? []} />
      ))}
    </div>
  );
}
