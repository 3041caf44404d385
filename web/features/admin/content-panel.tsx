/** News items and blog posts: add, edit, publish or unpublish, delete. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { BlogPost, NewsItem } from "../../../contract/admin";
import { formatJalaliDate, formatNumber } from "../../../lib/format";
import { Button } from "../../components/ui/button";
import { DataCell, DataRow, DataTable, HeaderCell } from "../../components/ui/data-table";
import { Pagination } from "../../components/ui/pagination";
import { QueryState } from "../../components/ui/query-state";
import { Tab, TabList, TabPanel, Tabs } from "../../components/ui/tabs";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { adminUi as t } from "./messages";
import { ConfirmButton, FormError, fieldError } from "./parts";
import { adminKeys, blogQuery, newsActionMutation, newsQuery, postActionMutation, saveNewsMutation, savePostMutation } from "./queries";

function Status({ published }: { published: boolean }) {
  return <span className={published ? "admin-badge" : "admin-badge admin-badge--muted"}>{published ? t.news.published : t.news.draft}</span>;
}

function NewsForm({ item, onDone }: { item?: NewsItem; onDone(): void }) {
  const qc = useQueryClient();
  const [title, setTitle] = useState(item?.title ?? "");
  const save = useMutation({
    ...saveNewsMutation(item?.id),
    onSuccess: () => {
      toast.success(t.common.saved);
      setTitle("");
      void qc.invalidateQueries({ queryKey: [...adminKeys.all, "news"] });
      onDone();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ title, published: item?.published ?? true });
  };
  return (
    <form className="admin-form" onSubmit={submit}>
      <TextField label={t.news.title} value={title} onChange={setTitle} isRequired isInvalid={!!fieldError(save.error, "title")} errorMessage={fieldError(save.error, "title")} />
      <div className="admin-actions">
        <Button type="submit" isPending={save.isPending}>
          {item ? t.common.save : t.news.add}
        </Button>
        {item && (
          <Button variant="outline" onPress={onDone}>
            {t.common.cancel}
          </Button>
        )}
      </div>
      <FormError error={save.error} shown={["title"]} />
    </form>
  );
}

function NewsTab() {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null>(null);
  const query = useQuery(newsQuery(page));
  const act = useMutation({
    ...newsActionMutation(),
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...adminKeys.all, "news"] }),
    onError: (e) => toast.error(e.message),
  });
  return (
    <div className="admin-form--stack">
      <NewsForm onDone={() => setPage(1)} />
      <QueryState query={query} />
      {query.data && (
        <>
          <DataTable caption={t.news.tab}>
            <thead>
              <tr>
                <HeaderCell>{t.news.title}</HeaderCell>
                <HeaderCell className="admin-hide-xs">{t.common.date}</HeaderCell>
                <HeaderCell>{t.users.status}</HeaderCell>
                <HeaderCell>{t.common.actions}</HeaderCell>
              </tr>
            </thead>
            <tbody>
              {query.data.data.map((n) => (
                <DataRow key={n.id}>
                  <DataCell className="admin-cell-title">{editing === n.id ? <NewsForm item={n} onDone={() => setEditing(null)} /> : n.title}</DataCell>
                  <DataCell className="admin-hide-xs">{formatJalaliDate(n.created_at)}</DataCell>
                  <DataCell>
                    <Status published={n.published} />
                  </DataCell>
                  <DataCell>
                    <div className="admin-actions">
                      <Button size="sm" variant="outline" onPress={() => setEditing(n.id)}>
                        {t.common.edit}
                      </Button>
                      <Button size="sm" variant="outline" onPress={() => act.mutate({ id: n.id, action: "publish", published: !n.published })}>
                        {n.published ? t.news.unpublish : t.news.publish}
                      </Button>
                      <ConfirmButton label={t.common.delete} question={t.news.confirmDelete(n.title)} onConfirm={() => act.mutate({ id: n.id, action: "delete" })} />
                    </div>
                  </DataCell>
                </DataRow>
              ))}
            </tbody>
          </DataTable>
          <Pagination page={page} pages={query.data.total_pages} summary={t.common.total(formatNumber(query.data.total))} onChange={setPage} label={t.news.tab} />
        </>
      )}
    </div>
  );
}

function PostForm({ item, onDone }: { item?: BlogPost; onDone(): void }) {
  const qc = useQueryClient();
  const [title, setTitle] = useState(item?.post_title ?? "");
  const [name, setName] = useState(item?.post_name ?? "");
  const save = useMutation({
    ...savePostMutation(item?.id),
    onSuccess: () => {
      toast.success(t.common.saved);
      setTitle("");
      setName("");
      void qc.invalidateQueries({ queryKey: [...adminKeys.all, "blog"] });
      onDone();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ post_title: title, post_name: name, published: item?.published ?? true });
  };
  return (
    <form className="admin-form" onSubmit={submit}>
      <TextField label={t.blog.title} value={title} onChange={setTitle} isRequired isInvalid={!!fieldError(save.error, "post_title")} errorMessage={fieldError(save.error, "post_title")} />
      <TextField label={t.blog.name} description={t.blog.nameHint} value={name} onChange={setName} ltr isRequired isInvalid={!!fieldError(save.error, "post_name")} errorMessage={fieldError(save.error, "post_name")} />
      <div className="admin-actions">
        <Button type="submit" isPending={save.isPending}>
          {item ? t.common.save : t.blog.add}
        </Button>
        {item && (
          <Button variant="outline" onPress={onDone}>
            {t.common.cancel}
          </Button>
        )}
      </div>
      <FormError error={save.error} shown={["post_title", "post_name"]} />
    </form>
  );
}

function BlogTab() {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null>(null);
  const query = useQuery(blogQuery(page));
  const act = useMutation({
    ...postActionMutation(),
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...adminKeys.all, "blog"] }),
    onError: (e) => toast.error(e.message),
  });
  return (
    <div className="admin-form--stack">
      <PostForm onDone={() => setPage(1)} />
      <QueryState query={query} />
      {query.data && (
        <>
          <DataTable caption={t.blog.tab}>
            <thead>
              <tr>
                <HeaderCell>{t.blog.title}</HeaderCell>
                <HeaderCell className="admin-hide-xs">{t.blog.name}</HeaderCell>
                <HeaderCell>{t.users.status}</HeaderCell>
                <HeaderCell>{t.common.actions}</HeaderCell>
              </tr>
            </thead>
            <tbody>
              {query.data.data.map((p) => (
                <DataRow key={p.id}>
                  <DataCell className="admin-cell-title">{editing === p.id ? <PostForm item={p} onDone={() => setEditing(null)} /> : p.post_title}</DataCell>
                  <DataCell className="admin-hide-xs">
                    <bdi dir="ltr">{p.post_name}</bdi>
                  </DataCell>
                  <DataCell>
                    <Status published={p.published} />
                  </DataCell>
                  <DataCell>
                    <div className="admin-actions">
                      <Button size="sm" variant="outline" onPress={() => setEditing(p.id)}>
                        {t.common.edit}
                      </Button>
                      <Button size="sm" variant="outline" onPress={() => act.mutate({ id: p.id, action: "publish", published: !p.published })}>
                        {p.published ? t.news.unpublish : t.news.publish}
                      </Button>
                      <ConfirmButton label={t.common.delete} question={t.blog.confirmDelete(p.post_title)} onConfirm={() => act.mutate({ id: p.id, action: "delete" })} />
                    </div>
                  </DataCell>
                </DataRow>
              ))}
            </tbody>
          </DataTable>
          <Pagination page={page} pages={query.data.total_pages} summary={t.common.total(formatNumber(query.data.total))} onChange={setPage} label={t.blog.tab} />
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
          <NewsTab />
        </TabPanel>
        <TabPanel id="blog">
          <BlogTab />
        </TabPanel>
      </Tabs>
    </section>
  );
}
