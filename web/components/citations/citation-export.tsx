/**
 * BibTeX, RIS and a formatted (APA-like) reference of one document, written in the browser from
 * metadata the page already holds (lib/citations' writers, the same as the reading-list export):
 * no request per export. Shared by the result dialog, the library and the article search results. A react-aria menu: arrow keys, Enter, Escape; copy to the clipboard or
 * download a file.
 */
import { emptyCitation, type Citation } from "../../../lib/citations/entry";
import { EXPORT_TYPES, formatCitation, writeCitations, type ExportFormat } from "../../../lib/citations";
import { Button } from "../ui/button";
import { Icon } from "../ui/icon";
import { Menu, MenuItem, MenuSection, MenuTrigger } from "../ui/menu";
import { toast } from "../ui/toast";

export const citeUi = {
  trigger: "استناد",
  menu: (title: string) => `استناد به «${title}»`,
  copy: "کپی در حافظه",
  download: "دریافت فایل",
  copyBibtex: "کپی BibTeX",
  copyRis: "کپی RIS",
  copyApa: "کپی استناد (APA)",
  fileBibtex: "فایل BibTeX (.bib)",
  fileRis: "فایل RIS (.ris)",
  copied: "در حافظه کپی شد.",
  copyFailed: "کپی ممکن نشد؛ مرورگر اجازهٔ دسترسی به حافظه را نداد.",
};

/** What a document list holds about a work, as a citation. */
export function citationOf(work: {
  doi?: string | null;
  title?: string | null;
  year?: number | string | null;
  authors?: readonly string[] | null;
  container?: string | null;
  volume?: string | null;
  issue?: string | null;
  publisher?: string | null;
  type?: Citation["type"];
}): Citation {
  return {
    ...emptyCitation(),
    type: work.type ?? "article",
    doi: work.doi ?? null,
    title: work.title ?? null,
    year: work.year == null ? null : String(work.year),
    authors: [...(work.authors ?? [])],
    container: work.container ?? null,
    volume: work.volume ?? null,
    issue: work.issue ?? null,
    publisher: work.publisher ?? null,
  };
}

function fileStem(c: Citation): string {
  return (c.doi ?? c.title ?? "citation").replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 60) || "citation";
}

function download(c: Citation, format: ExportFormat) {
  const type = EXPORT_TYPES[format];
  const url = URL.createObjectURL(new Blob([writeCitations([c], format)], { type: type.mime }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `${fileStem(c)}.${type.ext}`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(citeUi.copied);
  } catch {
    toast.error(citeUi.copyFailed);
  }
}

type Action = "bibtex" | "ris" | "apa" | "file-bibtex" | "file-ris";

export function runCitationAction(c: Citation, action: Action) {
  if (action === "bibtex") return copy(writeCitations([c], "bibtex"));
  if (action === "ris") return copy(writeCitations([c], "ris"));
  if (action === "apa") return copy(formatCitation(c));
  download(c, action === "file-bibtex" ? "bibtex" : "ris");
}

export function CitationExportMenu({ citation, size = "sm" }: { citation: Citation; size?: "sm" | "md" }) {
  const name = citation.title ?? citation.doi ?? "";
  return (
    <MenuTrigger>
      <Button variant="outline" size={size} aria-label={citeUi.menu(name)}>
        <Icon name="download" size={16} />
        {citeUi.trigger}
      </Button>
      <Menu aria-label={citeUi.menu(name)} onAction={(key) => void runCitationAction(citation, key as Action)}>
        <MenuSection title={citeUi.copy} aria-label={citeUi.copy}>
          <MenuItem id="apa">{citeUi.copyApa}</MenuItem>
          <MenuItem id="bibtex">{citeUi.copyBibtex}</MenuItem>
          <MenuItem id="ris">{citeUi.copyRis}</MenuItem>
        </MenuSection>
        <MenuSection title={citeUi.download} aria-label={citeUi.download}>
          <MenuItem id="file-bibtex">{citeUi.fileBibtex}</MenuItem>
          <MenuItem id="file-ris">{citeUi.fileRis}</MenuItem>
        </MenuSection>
      </Menu>
    </MenuTrigger>
  );
}
