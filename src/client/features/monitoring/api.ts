import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MaintenanceWindowInput, MaintenanceWindowList } from "@shared/schemas/maintenance";
import type { LiveSite, MonitoringOverview } from "@shared/schemas/monitoring-overview";
import { toSearch } from "@shared/deep-links";
import { getJson, sendJson } from "@/lib/api";
import { live, staffKey } from "@/lib/queries";

/**
 * The monitoring view's data with one page of the live sites, fetched when it opens and again
 * every minute while it is open; the page before stays shown while the next one loads.
 */
export const useMonitoringOverview = (page: number) =>
  useQuery({
    ...live,
    queryKey: [...staffKey, "monitoring", page],
    queryFn: ({ signal }) =>
      getJson<MonitoringOverview>(`/api/admin/monitoring${toSearch({ page })}`, signal),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

/** Every live site's name, for the real-user speed picker. */
export const useLiveSites = () =>
  useQuery({
    ...live,
    queryKey: [...staffKey, "monitoring", "sites"],
    queryFn: ({ signal }) => getJson<LiveSite[]>("/api/admin/monitoring/sites", signal),
  });

const windowsKey = (clientId: string) => [...staffKey, "maintenance-windows", clientId] as const;
const windowsUrl = (clientId: string) => `/api/admin/clients/${clientId}/maintenance-windows`;

/** A client's maintenance windows: coming, ongoing and those of the last 30 days. */
export const useMaintenanceWindows = (clientId: string) =>
  useQuery({
    ...live,
    queryKey: windowsKey(clientId),
    queryFn: ({ signal }) => getJson<MaintenanceWindowList>(windowsUrl(clientId), signal),
  });

/** Schedules a window; the answer is the client's new list. */
export function useScheduleMaintenance(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MaintenanceWindowInput) =>
      sendJson<MaintenanceWindowList>("POST", windowsUrl(clientId), input),
    onSuccess: (list) => queryClient.setQueryData(windowsKey(clientId), list),
  });
}

/** Cancels a window (204), then reads the list again. */
export function useCancelMaintenance(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (windowId: string) =>
      sendJson<null>("DELETE", `/api/admin/maintenance-windows/${windowId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: windowsKey(clientId) }),
  });
}
