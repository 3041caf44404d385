import type { ReactNode } from "react";
import { useDocumentTitle } from "../../lib/document-title";

/** A page's h1, which also sets document.title. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="page-heading">
      <h1>{title}</h1>
      {children}
    </div>
  );
}
