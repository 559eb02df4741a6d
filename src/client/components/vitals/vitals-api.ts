import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SiteVitals } from "@shared/schemas/vitals";
import type { SiteRangePreset } from "@shared/site-range";
import { sendJson } from "@/lib/api";

/** The panel's own ranges (the API also answers a month, as the report reads it). */
export type VitalsRange = SiteRangePreset;

/** A site's real-user speed: the client's own site in the portal, any site for staff. */
export const useSiteVitals = (websiteId: string, range: VitalsRange, staff = false) =>
  useQuery<SiteVitals>({
    queryKey: [`/api${staff ? "/admin" : ""}/websites/${websiteId}/vitals?range=${range}`],
    placeholderData: keepPreviousData,
  });

/** Staff turn real-user speed on or off; the answer is the site's vitals. */
export function useVitalsSetting(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      sendJson<SiteVitals>("PUT", `/api/admin/websites/${websiteId}/vitals`, { enabled }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
