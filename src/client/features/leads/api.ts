import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type {
  LeadDetail,
  LeadFilter,
  LeadList,
  LeadListQuery,
  LeadStatus,
} from "@shared/schemas/leads";
import { getJson, sendJson } from "@/lib/api";
import { live, staffKey, toSearch, useWrite } from "@/lib/queries";

/* The back office's leads inbox. (The public forms send their leads with useLeadForm.) */

/** The inbox's filters and page. */
export type LeadsQuery = LeadFilter & Pick<LeadListQuery, "page">;

const LEADS_PAGE_SIZE = 25;

const leadKeys = {
  all: [...staffKey, "leads"] as const,
  list: (query: LeadsQuery) => [...staffKey, "leads", "list", query] as const,
  detail: (kind: string, id: string) => [...staffKey, "leads", "detail", kind, id] as const,
};

/** The CSV export of the leads the filters select (all pages). */
export const leadsExportUrl = (filters: LeadFilter) =>
  `/api/admin/leads/export.csv${toSearch({ kind: filters.kind, status: filters.status, q: filters.q })}`;

export function useLeads(query: LeadsQuery) {
  return useQuery({
    ...live,
    queryKey: leadKeys.list(query),
    queryFn: ({ signal }) =>
      getJson<LeadList>(
        `/api/admin/leads${toSearch({ ...query, pageSize: LEADS_PAGE_SIZE })}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useLead(kind: string, id: string) {
  return useQuery({
    ...live,
    queryKey: leadKeys.detail(kind, id),
    queryFn: ({ signal }) =>
      getJson<LeadDetail>(
        `/api/admin/leads/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`,
        signal,
      ),
  });
}

export function useSetLeadStatus(kind: string, id: string) {
  return useWrite(
    (status: LeadStatus) =>
      sendJson<LeadDetail>("PATCH", `/api/admin/leads/${kind}/${id}`, { status }),
    leadKeys.detail(kind, id),
    leadKeys.all,
  );
}

export function useAddLeadNote(kind: string, id: string) {
  return useWrite(
    (body: string) =>
      sendJson<LeadDetail>("POST", `/api/admin/leads/${kind}/${id}/notes`, { body }),
    leadKeys.detail(kind, id),
    leadKeys.all,
  );
}
