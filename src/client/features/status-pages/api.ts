import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  IncidentUpdateInput,
  IncidentWithUpdates,
  ManualIncidentInput,
  StaffStatusPageInput,
  StatusPageSettings,
} from "@shared/schemas/status-pages";
import { getJson, sendJson } from "@/lib/api";
import { live, staffKey } from "@/lib/queries";

/* A client's status page: its settings (the owner's in the portal, staff's on the client page)
 * and staff's incidents with their updates. */

/** Where a company's settings are read and written: the owner's own, or staff's for a client. */
const settingsUrl = (companyId?: string) =>
  companyId
    ? `/api/admin/clients/${encodeURIComponent(companyId)}/status-page`
    : "/api/status-page";
const settingsKey = (companyId?: string) =>
  companyId ? [...staffKey, "status-page", companyId] : ["status-page"];

export function useStatusPageSettings(companyId?: string) {
  return useQuery({
    ...live,
    queryKey: settingsKey(companyId),
    queryFn: ({ signal }) => getJson<StatusPageSettings>(settingsUrl(companyId), signal),
  });
}

export function useSaveStatusPage(companyId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffStatusPageInput) =>
      sendJson<StatusPageSettings>("PUT", settingsUrl(companyId), input),
    onSuccess: (data) => queryClient.setQueryData(settingsKey(companyId), data),
  });
}

const incidentsKey = [...staffKey, "incidents"] as const;

export function useIncidents() {
  return useQuery({
    ...live,
    queryKey: incidentsKey,
    queryFn: ({ signal }) => getJson<IncidentWithUpdates[]>("/api/admin/incidents", signal),
  });
}

/** Staff's writes on incidents refresh every back-office view (the monitoring overview too). */
function useIncidentWrite<T>(write: (input: T) => Promise<{ id: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

export const usePostIncidentUpdate = (incidentId: string) =>
  useIncidentWrite((input: IncidentUpdateInput) =>
    sendJson<{ id: string }>(
      "POST",
      `/api/admin/incidents/${encodeURIComponent(incidentId)}/updates`,
      input,
    ),
  );

export const useOpenIncident = () =>
  useIncidentWrite((input: ManualIncidentInput) =>
    sendJson<{ id: string }>("POST", "/api/admin/incidents", input),
  );
