import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { fileReportsApi } from "../../../contract/endpoints/file-reports";
import type { FileReportReasonKey } from "../../../contract/labels";
import { call } from "../../lib/api";

/** What proves the reporter received the file: the result's ticket, a library row, or a reading-list entry. */
export type FileReceipt = { ticket: string } | { download: string } | { batch: string; position: number };

export const fileReportKeys = {
  desk: (status: string, page: number) => ["file-reports", "desk", status, page] as const,
  all: ["file-reports"] as const,
};

export const reportFileMutation = () =>
  mutationOptions({
    mutationFn: (input: FileReceipt & { reason: FileReportReasonKey; note?: string }) => call(fileReportsApi.report, input),
  });

export const fileReportDeskQuery = (status: "pending" | "withdrawn" | "dismissed", page: number) =>
  queryOptions({ queryKey: fileReportKeys.desk(status, page), queryFn: ({ signal }) => call(fileReportsApi.desk, { status, page }, { signal }) });

export const decideMutation = (decision: "confirm" | "dismiss") =>
  mutationOptions({ mutationFn: (fileKey: string) => call(decision === "confirm" ? fileReportsApi.confirm : fileReportsApi.dismiss, { file_key: fileKey }) });
