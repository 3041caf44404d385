import { useEffect } from "react";

const SITE_NAME = "دریافت";

/** "Page | دریافت", or the site's own title on home. */
function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} | دانلود آنی مقاله و کتاب`;
}

/** Sets document.title while the page is shown. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
