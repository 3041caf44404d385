/**
 * What every offline verb is given: the request's services it uses (OfflineDeps) and, on the desk, who
 * acts (Actor). Shared by the user's side (requests.ts), its changes (changes.ts) and the desk (desk*.ts).
 */
import type { Services } from "../../services";
import type { UserRow } from "../../lib/roles";
import type { MetadataSources } from "./request-metadata";

/**
 * The request's services the offline verbs use as they are (the signing secret signs download links;
 * `defer` holds staff alerts past the answer), and where a request's document is resolved.
 */
export type OfflineDeps = Pick<Services, "db" | "log" | "now" | "notifier" | "signingSecret" | "files" | "origin" | "defer"> & {
  /** Where a request's document is resolved at registration (request-metadata.ts). */
  metadata: MetadataSources;
};

/** Who acts on the desk. */
export type Actor = { id: string; isAdmin: boolean; isSolver: boolean };

export const actorOf = (user: UserRow): Actor => ({ id: user.id, isAdmin: user.isAdmin, isSolver: user.isSolver });

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
export const PAGE_OF = { article: "/profile/offilneArticles", book: "/profile/offlineBooksStandards", standard: "/profile/offlineBooksStandards" } as const;
