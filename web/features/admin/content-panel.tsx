/** News items and blog posts: add, edit, publish or unpublish, delete. */
import { useMutation, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { useState, type FormEvent, type ReactNode } from "react";
import type { BlogPost, NewsItem, Paged } from "../../../contract/admin";
import { formatJalaliDate, formatNumber } from "../../../lib/format";
import { Button } from "../../components/ui/button";
import { DataCell, DataRow, DataTable, HeaderCell } from "../../components/ui/data-table";
import { Pagination } from "../../components/ui/pagination";
import { QueryState } from "../../components/ui/query-state";
import { Tab, TabList, TabPanel, Tabs } from "../../components/ui/tabs";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { adminUi as t } from "./messages";
import { ConfirmButton, FormActions, FormError, fieldErrorProps, useOnSaved } from "./parts";
import { adminKeys, blogQuery, newsActionMutation, newsQuery, postActionMutation, saveNewsMutation, savePostMutation } from "./queries";

function Status({ published }: { published: boolean }) {
  return <span className={published ? "admin-badge" : "admin-badge admin-badge--muted"}>{published ? t.news.published : t.news.draft}</span>;
}

function NewsForm({ item, onDone }: { item?: NewsItem; onDone(): void }) {
  const [title, setTitle] = useState(item?.title ?? "");
  const onSuccess = useOnSaved([...adminKeys.all, "news"], () => {
    setTitle("");
    onDone();
  });
  const save = useMutation({ ...saveNewsMutation(item?.id), onSuccess });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ title, published: item?.published ?? true });
  };
  return (
    <form className="admin-form" onSubmit={submit}>
      <TextField label={t.news.title} value={title} onChange={setTitle} isRequired {...fieldErrorProps(save.error, "title")} />
      <FormActions isPending={save.isPending} submitLabel={item ? t.common.save : t.news.add} onCancel={item && onDone} />
      <FormError error={save.error} shown={["title"]} />
    </form>
  );
}

function PostForm({ item, onDone }: { item?: BlogPost; onDone(): void }) {
  const [title, setTitle] = useState(item?.post_title ?? "");
  const [name, setName] = useState(item?.post_name ?? "");
  const onSuccess = useOnSaved([...adminKeys.all, "blog"], () => {
    setTitle("");
    setName("");
    onDone();
  });
  const save = useMutation({ ...savePostMutation(item?.id), onSuccess });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ post_title: title, post_name: name, published: item?.published ?? true });
  };
  return (
    <form className="admin-form" onSubmit={submit}>
      <TextField label={t.blog.title} value={title} onChange={setTitle} isRequired {...fieldErrorProps(save.error, "post_title")} />
      <TextField
        label={t.blog.name}
        description={t.blog.nameHint}
        value={name}
        onChange={setName}
        ltr
        isRequired
        {...fieldErrorProps(save.error, "post_name")}
      />
      <FormActions isPending={save.isPending} submitLabel={item ? t.common.save : t.blog.add} onCancel={item && onDone} />
      <FormError error={save.error} shown={["post_title", "post_name"]} />
    </form>
  );
}

/** What a tab of the panel lists: its rows, form and action, and the row's two text cells. */
type ContentTabProps<T extends { id: number; published: boolean }, K extends QueryKey> = {
  kind: "news" | "blog";
  caption: string;
  query(page: number): UseQueryOptions<Paged<T>, Error, Paged<T>, K>;
  action: typeof newsActionMutation;
  Form(props: { item?: T; onDone(): void }): ReactNode;
  /** The title column (the row's edit form takes its place while editing), then the second column. */
  title: { heading: string; of(row: T): string };
  second: { heading: string; cell(row: T): ReactNode };
  confirmDelete(title: string): string;
};

/** A tab of news items or blog posts: the add form, then each row with edit, publish or unpublish, and delete. */
function ContentTab<T extends { id: number; published: boolean }, K extends QueryKey>({
  kind,
  caption,
  query: queryOf,
  action,
  Form,
  second,
  title,
  confirmDelete,
}: ContentTabProps<T, K>) {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null>(null);
  const query = useQuery(queryOf(page));
  const act = useMutation({
    ...action(),
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...adminKeys.all, kind] }),
    onError: (e) => toast.error(e.message),
  });
  return (
    <div className="admin-form--stack">
      <Form onDone={() => setPage(1)} />
      <QueryState query={query} />
      {query.data && (
        <>
          <DataTable caption={caption}>
            <thead>
              <tr>
                <HeaderCell>{title.heading}</HeaderCell>
                <HeaderCell className="admin-hide-xs">{second.heading}</HeaderCell>
                <HeaderCell>{t.users.status}</HeaderCell>
                <HeaderCell>{t.common.actions}</HeaderCell>
              </tr>
            </thead>
            <tbody>
              {query.data.data.map((row) => (
                <DataRow key={row.id}>
                  <DataCell className="admin-cell-title">{editing === row.id ? <Form item={row} onDone={() => setEditing(null)} /> : title.of(row)}</DataCell>
                  <DataCell className="admin-hide-xs">{second.cell(row)}</DataCell>
                  <DataCell>
                    <Status published={row.published} />
                  </DataCell>
                  <DataCell>
                    <div className="admin-actions">
                      <Button size="sm" variant="outline" onPress={() => setEditing(row.id)}>
                        {t.common.edit}
                      </Button>
                      <Button size="sm" variant="outline" onPress={() => act.mutate({ id: row.id, action: "publish", published: !row.published })}>
                        {row.published ? t.news.unpublish : t.news.publish}
                      </Button>
                      <ConfirmButton
                        label={t.common.delete}
                        question={confirmDelete(title.of(row))}
                        onConfirm={() => act.mutate({ id: row.id, action: "delete" })}
                      />
                    </div>
                  </DataCell>
                </DataRow>
              ))}
            </tbody>
          </DataTable>
          <Pagination page={page} pages={query.data.total_pages} summary={t.common.total(formatNumber(query.data.total))} onChange={setPage} label={caption} />
        </>
      )}
    </div>
  );
}

export function ContentPanel() {
  return (
    <section className="card admin-card" aria-labelledby="admin-content">
      <h2 id="admin-content">{t.dashboard.content}</h2>
      <Tabs>
        <TabList aria-label={t.dashboard.content}>
          <Tab id="news">{t.news.tab}</Tab>
          <Tab id="blog">{t.blog.tab}</Tab>
        </TabList>
        <TabPanel id="news">
          <ContentTab
            kind="news"
            caption={t.news.tab}
            query={newsQuery}
            action={newsActionMutation}
            Form={NewsForm}
            second={{ heading: t.common.date, cell: (n) => formatJalaliDate(n.created_at) }}
            title={{ heading: t.news.title, of: (n) => n.title }}
            confirmDelete={t.news.confirmDelete}
          />
        </TabPanel>
        <TabPanel id="blog">
          <ContentTab
            kind="blog"
            caption={t.blog.tab}
            query={blogQuery}
            action={postActionMutation}
            Form={PostForm}
            second={{ heading: t.blog.name, cell: (p) => <bdi dir="ltr">{p.post_name}</bdi> }}
            title={{ heading: t.blog.title, of: (p) => p.post_title }}
            confirmDelete={t.blog.confirmDelete}
          />
        </TabPanel>
      </Tabs>
    </section>
  );
}
