/**
 * A job's shared state shown to one viewer (DESIGN.md: per-user rules apply when the result is
 * shown). Open-access copies are `ok` for everyone, guests included; a licensed copy is `ok` for
 * a signed-in user who has (or now spends) an article credit for this document, `buy` otherwise.
 */
import { bookRequestDescription, bookRequestUrl } from "../../../contract/books";
import type { DocumentNotice, FileProvenance, GetPdfResult, OtherVersion } from "../../../contract/getpdf";
import type { FoundFile, JobState } from "../../../contract/jobs/job-state";
import { getpdfMessages as m, resultAds } from "./messages";
import { progressOf } from "./progress";

/**
 * `maySpend: false` (GET /getpdf/start|check, a link any site can open with the user's cookie):
 * nothing is spent; a licensed copy not yet paid for answers `buy` asking the user to confirm.
 */
type Viewer = { userId: string | null; maySpend?: boolean };

export type PresentDeps = {
  /** spendArticleCredit for this viewer and job (idempotent per user and document); for a viewer who may not spend, only "already paid for". */
  spendCredit(userId: string, jobKey: string): Promise<boolean>;
  /** A signed /files/… link, bound to the user for licensed copies. */
  signLink(fileKey: string, userId: string | null): Promise<string>;
};

/** The document's link for the offline dialog and history: what the user gave, or the DOI's. */
export function documentUrl(state: JobState | null): string | null {
  const input = state?.input;
  if (!input) return null;
  const id = input.identified;
  if (id.url) return id.url;
  const doi = state.meta.doi ?? id.doi;
  if (doi) return `https://doi.org/${doi}`;
  if (id.pmcid) return `https://pmc.ncbi.nlm.nih.gov/articles/${id.pmcid}/`;
  if (id.pmid) return `https://pubmed.ncbi.nlm.nih.gov/${id.pmid}/`;
  return input.raw;
}

export function licenseLabel(license: string | null, access: "open" | "licensed"): string {
  if (!license) return access === "licensed" ? m.licensedLicense : m.licenseUnknown;
  const cc = /^(?:https?:\/\/creativecommons\.org\/licenses\/)?(cc[-_ ]?)?(by(?:[-_ ](?:nc|sa|nd))*)(?:\/([\d.]+))?\/?$/i.exec(license.trim());
  if (cc && (cc[1] || /creativecommons/i.test(license))) return `CC ${cc[2]!.toUpperCase().replace(/[-_]/g, " ")}${cc[3] ? ` ${cc[3]}` : ""}`;
  if (/^cc0$|publicdomain\/zero/i.test(license)) return "CC0";
  if (/^public-domain$/i.test(license)) return "مالکیت عمومی";
  return license;
}

const base = (id: string, state: JobState | null): GetPdfResult => ({
  id,
  status: "processing",
  download_link: null,
  ads1: null,
  ads2: null,
  msg: "",
  msg2: null,
  url: documentUrl(state),
  doi: state?.meta.doi ?? state?.input?.identified.doi ?? null,
  desc: null,
  can_edit: false,
  notices: noticesOf(state),
  provenance: null,
  other_version: null,
  ...(state?.meta.book ? { book: state.meta.book } : {}),
});

const VERSIONS = ["publishedVersion", "acceptedVersion", "submittedVersion"] as const;
const asVersion = (v: string | null | undefined) =>
  (VERSIONS as readonly (string | null | undefined)[]).includes(v) ? (v as FileProvenance["version"]) : null;

function noticesOf(state: JobState | null): DocumentNotice[] {
  return (state?.meta.updates ?? []).map((u) => ({
    type: u.type,
    ...(u.crossrefType && u.crossrefType !== u.type ? { crossref_type: u.crossrefType } : {}),
    doi: u.doi,
    date: u.date,
    source: u.source,
    relation: u.relation,
  }));
}

/**
 * The host a file was fetched from, as users may read it: a web host. A licensed source's copy is
 * recorded under our internal source id ("licensed:elsevier"), which is not an address and never
 * shown (its name is in the source line).
 */
export function publicHost(host: string | null | undefined): string | null {
  return host && !host.startsWith("licensed:") ? host : null;
}

/** The served file's provenance; a file stored before verification existed has `verified: null`. */
function provenanceOf(file: FoundFile): FileProvenance {
  return {
    verified: file.verification ?? null,
    version: asVersion(file.version),
    license: file.license,
    host: publicHost(file.host),
    ...(file.format && file.format !== "pdf" ? { format: file.format } : {}),
  };
}

function otherVersionOf(state: JobState): OtherVersion | null {
  const o = state.meta.otherVersion;
  const version = asVersion(o?.version);
  return o && version ? { version, url: o.url, host: o.host } : null;
}

const withNotices = (text: string, state: JobState) => [...state.meta.notices, text].join("\n");

export async function presentJob(id: string, state: JobState | null, viewer: Viewer, deps: PresentDeps): Promise<GetPdfResult> {
  const r = base(id, state);
  if (!state || state.phase === "idle") return { ...r, status: "error", msg: m.unknownTicket };
  switch (state.phase) {
    case "processing":
      return { ...r, status: "processing", msg: m.processing, msg2: progressOf(state)!.text };
    case "not_found": {
      // A book (an ISBN's job, or one Crossref or a collection called a book): the book request,
      // prefilled with the edition's ISBN and metadata, answered within 12 hours.
      const book = state.meta.book ?? null;
      const isbn = state.key.startsWith("isbn:") ? state.key.slice(5) : null;
      if ((book && book.kind === "book") || isbn) {
        const url = bookRequestUrl(book ?? { isbn, title: state.meta.title ?? "", doi: null }, documentUrl(state));
        return {
          ...r,
          status: "offline",
          msg: withNotices(book ? m.bookOffline : m.bookUnknown, state),
          url,
          desc: book ? bookRequestDescription(book) : null,
          can_edit: true,
        };
      }
      // A DOI with its title is a fully determined request: the offline dialog shows it read-only and
      // may submit it by itself (accounts-and-purchases §4); anything less is for the user to complete.
      return { ...r, status: "offline", msg: withNotices(m.offline, state), desc: state.meta.title, can_edit: !(r.doi && state.meta.title) };
    }
    case "error":
      return { ...r, status: "error", msg: state.error?.message ?? m.unknownTicket };
    case "found": {
      const file = state.file!;
      const source = m.source(file.source, licenseLabel(file.license, file.access));
      const provenance = provenanceOf(file);
      if (file.access === "licensed") {
        if (!viewer.userId) return { ...r, status: "buy", msg: m.buyGuest, msg2: source, desc: state.meta.title, provenance };
        if (!(await deps.spendCredit(viewer.userId, state.key)))
          return { ...r, status: "buy", msg: viewer.maySpend === false ? m.confirmSpend : m.buyNoCredit, msg2: source, desc: state.meta.title, provenance };
      }
      const link = await deps.signLink(file.fileKey, file.access === "licensed" ? viewer.userId : null);
      return {
        ...r,
        status: "ok",
        download_link: link,
        ...resultAds,
        msg: withNotices(file.format === "epub" ? m.okEpub : m.ok, state),
        msg2: source,
        desc: state.meta.title,
        provenance,
        other_version: otherVersionOf(state),
      };
    }
  }
}
