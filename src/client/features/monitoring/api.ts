import { useQuery } from "@tanstack/react-query";
import type { MonitoringOverview } from "@shared/schemas/monitoring-overview";
import { getJson } from "@/lib/api";
import { live, staffKey } from "@/lib/queries";

/** The monitoring view's data, fetched when it opens and again every minute while it is open. */
export const useMonitoringOverview = () =>
  useQuery({
    ...live,
    queryKey: [...staffKey, "monitoring"],
    queryFn: ({ signal }) => getJson<MonitoringOverview>("/api/admin/monitoring", signal),
    refetchInterval: 60_000,
  });
