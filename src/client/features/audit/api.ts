import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AuditPage } from "@shared/schemas/audit";
import { getJson } from "@/lib/api";
import { toSearch } from "@shared/deep-links";
import { live, staffKey } from "@/lib/queries";

export type AuditFilters = { actorId?: string; companyId?: string; page: number };

/** The audit log as staff read it: newest first, one page at a time, filtered. */
export function useAuditLog(filters: AuditFilters) {
  return useQuery({
    ...live,
    queryKey: [...staffKey, "audit", filters],
    queryFn: ({ signal }) => getJson<AuditPage>(`/api/admin/audit${toSearch(filters)}`, signal),
    placeholderData: keepPreviousData,
  });
}
