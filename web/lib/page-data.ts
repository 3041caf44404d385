import { PageData } from "../../contract/page-data";

/** Reads the shared state the Worker injected into the page, once. */
export function readPageData(): PageData | null {
  const el = document.getElementById("page-data");
  if (!el?.textContent) return null;
  const parsed = PageData.safeParse(JSON.parse(el.textContent));
  return parsed.success ? parsed.data : null;
}

export function readCsrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? "";
}
