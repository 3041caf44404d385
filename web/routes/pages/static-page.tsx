import type { ReactNode } from "react";
import { PageHeading } from "../../components/shell/page-heading";
import "./pages.css";

/** The frame of a site page: its title (also the document title), a lead paragraph and the body. */
export function StaticPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className="container page site-page">
      <PageHeading title={title}>{lead && <p className="site-page__lead">{lead}</p>}</PageHeading>
      {children}
    </div>
  );
}

/** A titled card of a site page. */
export function PageSection({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section className="card site-page__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
