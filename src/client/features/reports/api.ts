import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  PortalReports,
  ReportNote,
  ReportSettingsInput,
  SentReport,
  StaffReport,
} from "@shared/schemas/reports";
import { ApiError, getJson, sendJson } from "@/lib/api";
import { live, staffKey } from "@/lib/queries";

/* Monthly care reports: the company's archive, and an owner's choice about their email. */

const reportsKey = ["reports"] as const;

export const usePortalReports = () =>
  useQuery({
    ...live,
    queryKey: reportsKey,
    queryFn: ({ signal }) => getJson<PortalReports>("/api/reports", signal),
  });

export function useReportEmailSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportSettingsInput) =>
      sendJson<ReportSettingsInput>("PUT", "/api/reports/settings", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKey }),
  });
}

/** Where a report's PDF opens. */
export const reportPdfHref = (month: string) => `/api/reports/${month}/pdf`;

/* Staff: any client's report of any ended month, its PDF, and sending it again with a note. */

const staffReportsKey = [...staffKey, "reports"] as const;
const staffReportKey = (clientId: string, month: string) =>
  [...staffReportsKey, clientId, month] as const;
const staffReportPath = (clientId: string, month: string) =>
  `/api/admin/clients/${encodeURIComponent(clientId)}/reports/${encodeURIComponent(month)}`;

export const useStaffReport = (clientId: string, month: string) =>
  useQuery({
    ...live,
    queryKey: staffReportKey(clientId, month),
    queryFn: ({ signal }) => getJson<StaffReport>(staffReportPath(clientId, month), signal),
    // A refused month (400) or a client with no plan (409) is the answer: asking again won't change it.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

/** The PDF as the client gets it, with the note last sent. */
export const staffReportPdfHref = (clientId: string, month: string) =>
  `${staffReportPath(clientId, month)}/pdf`;

/** Sends the month's report again with a note; answers whether the owners were emailed. */
export function useSendReport(clientId: string, month: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportNote) =>
      sendJson<SentReport>("POST", `${staffReportPath(clientId, month)}/send`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffReportKey(clientId, month) }),
  });
}
