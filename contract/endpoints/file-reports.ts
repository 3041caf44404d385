import type * as fileReports from "../file-reports";
import { endpoint } from "../endpoint";

/** Wrong-file reports and their desk section (worker/features/file-reports/routes.ts). */
export const fileReportsApi = {
  report: endpoint<{ body: typeof fileReports.FileReportInput; response: typeof fileReports.FileReportResult }>()("post", "/file-reports"),
  desk: endpoint<{ query: typeof fileReports.FileReportDeskQuery; response: typeof fileReports.FileReportDesk }>()("get", "/admin/file-reports"),
  confirm: endpoint<{ body: typeof fileReports.FileReportDecisionInput; response: typeof fileReports.FileReportDecisionResult }>()(
    "post",
    "/admin/file-reports/confirm",
  ),
  dismiss: endpoint<{ body: typeof fileReports.FileReportDecisionInput; response: typeof fileReports.FileReportDecisionResult }>()(
    "post",
    "/admin/file-reports/dismiss",
  ),
};
