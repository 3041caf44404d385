import { endpoints } from "../endpoint";
import { anyone, staff } from "../roles";

const api = endpoints({ tag: "file-reports", schemas: () => Promise.all([import("../file-reports")]) });

/** Wrong-file reports and their desk section (worker/features/file-reports/routes.ts). */
export const fileReportsApi = {
  report: api.post("/file-reports", {
    summary:
      "Report a received file as wrong, broken or another version: one receipt (the result's ticket, a library row, or a reading-list entry), once per reporter and file",
    roles: anyone,
    body: (s) => s.FileReportInput,
    response: (s) => s.FileReportResult,
  }),
  desk: api.get("/admin/file-reports", {
    summary: "The desk's reported files (pending, withdrawn or dismissed) with provenance, the fetch job's evidence and every report",
    roles: staff,
    query: (s) => s.FileReportDeskQuery,
    response: (s) => s.FileReportDesk,
  }),
  confirm: api.post("/admin/file-reports/confirm", {
    summary: "The file is wrong: withdraw it for everyone, fetch its document again without it, tell the reporters",
    roles: staff,
    body: (s) => s.FileReportDecisionInput,
    response: (s) => s.FileReportDecisionResult,
  }),
  dismiss: api.post("/admin/file-reports/dismiss", {
    summary: "The file is right: close its pending reports and tell the reporters",
    roles: staff,
    body: (s) => s.FileReportDecisionInput,
    response: (s) => s.FileReportDecisionResult,
  }),
};
