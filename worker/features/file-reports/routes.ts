import type { Context } from "hono";
import { Hono } from "hono";
import {
  FileReportDecisionInput,
  FileReportDecisionResult,
  FileReportDesk,
  FileReportDeskQuery,
  FileReportInput,
  FileReportResult,
} from "../../../contract/file-reports";
import type { AppEnv } from "../../lib/context";
import { defineEndpoint } from "../../lib/endpoint";
import { anyone, staff } from "../../lib/roles";
import { services } from "../../services";
import { readOwner } from "../batch/owner";
import { confirmReports, dismissFileReports, fileReportDesk, reportFile, type FileReportDeps } from "./service";

/** Reporting a wrong, broken or other-version file, and the staff desk's section for the reports. */
export const fileReportRoutes = new Hono<AppEnv>();

function deps(c: Context<AppEnv>): FileReportDeps {
  const s = services(c);
  return { db: s.db, env: s.bindings, files: s.files, now: s.now, origin: s.origin, notifier: s.notifier, log: s.log, defer: s.defer, secret: s.signingSecret };
}

const noStore = (c: Context<AppEnv>) => c.header("Cache-Control", "no-store");

defineEndpoint(
  fileReportRoutes,
  {
    method: "post",
    path: "/file-reports",
    summary:
      "Report a received file as wrong, broken or another version: one receipt (the result's ticket, a library row, or a reading-list entry), once per reporter and file",
    roles: anyone,
    body: FileReportInput,
    response: FileReportResult,
    tag: "file-reports",
  },
  async (c, { body, user }) => {
    noStore(c);
    const who = { user, batchOwner: readOwner(c), address: c.req.header("cf-connecting-ip") ?? null };
    return c.json(await reportFile(deps(c), who, body));
  },
);

defineEndpoint(
  fileReportRoutes,
  {
    method: "get",
    path: "/admin/file-reports",
    summary: "The desk's reported files (pending, withdrawn or dismissed) with provenance, the fetch job's evidence and every report",
    roles: staff,
    query: FileReportDeskQuery,
    response: FileReportDesk,
    tag: "file-reports",
  },
  async (c, { query, user }) => {
    noStore(c);
    return c.json(await fileReportDesk(deps(c), user.id, query));
  },
);

defineEndpoint(
  fileReportRoutes,
  {
    method: "post",
    path: "/admin/file-reports/confirm",
    summary: "The file is wrong: withdraw it for everyone, fetch its document again without it, tell the reporters",
    roles: staff,
    body: FileReportDecisionInput,
    response: FileReportDecisionResult,
    tag: "file-reports",
  },
  async (c, { body, user }) => c.json(await confirmReports(deps(c), body.file_key, user.id)),
);

defineEndpoint(
  fileReportRoutes,
  {
    method: "post",
    path: "/admin/file-reports/dismiss",
    summary: "The file is right: close its pending reports and tell the reporters",
    roles: staff,
    body: FileReportDecisionInput,
    response: FileReportDecisionResult,
    tag: "file-reports",
  },
  async (c, { body, user }) => c.json(await dismissFileReports(deps(c), body.file_key, user.id)),
);
