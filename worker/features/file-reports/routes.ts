import type { Context } from "hono";
import { Hono } from "hono";
import type { AppEnv } from "../../lib/context";
import { bindEndpoint } from "../../lib/endpoint";
import { services } from "../../services";
import { readOwner } from "../batch/owner";
import { confirmReports, dismissFileReports, fileReportDesk, reportFile, type FileReportDeps } from "./service";
import { fileReportsApi } from "../../../contract/endpoints/file-reports";

/** Reporting a wrong, broken or other-version file, and the staff desk's section for the reports. */
export const fileReportRoutes = new Hono<AppEnv>();

function deps(c: Context<AppEnv>): FileReportDeps {
  return services(c);
}

const noStore = (c: Context<AppEnv>) => c.header("Cache-Control", "no-store");

bindEndpoint(fileReportRoutes, fileReportsApi.report, async (c, { body, user }) => {
  noStore(c);
  const who = { user, batchOwner: readOwner(c), address: services(c).address };
  return c.json(await reportFile(deps(c), who, body));
});

bindEndpoint(fileReportRoutes, fileReportsApi.desk, async (c, { query, user }) => {
  noStore(c);
  return c.json(await fileReportDesk(deps(c), user.id, query));
});

bindEndpoint(fileReportRoutes, fileReportsApi.confirm, async (c, { body, user }) => c.json(await confirmReports(deps(c), body.file_key, user.id)));

bindEndpoint(fileReportRoutes, fileReportsApi.dismiss, async (c, { body, user }) => c.json(await dismissFileReports(deps(c), body.file_key, user.id)));
