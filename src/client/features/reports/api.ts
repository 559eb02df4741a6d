import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PortalReports, ReportSettingsInput } from "@shared/schemas/reports";
import { getJson, sendJson } from "@/lib/api";
import { live } from "@/lib/queries";

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
