import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClientSummary } from "@shared/schemas/clients";
import type { ConvertedLead } from "@shared/schemas/proposals";
import type {
  LeadDetail,
  LeadFilter,
  LeadList,
  LeadListQuery,
  LeadStatus,
} from "@shared/schemas/leads";
import { getJson, sendJson } from "@/lib/api";
import { toSearch } from "@shared/deep-links";
import { clientKeys, live, staffKey, useWrite } from "@/lib/queries";

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

/** What converting a lead answers: the client it became or was linked to, and the invitation. */
export type ConversionResult = ConvertedLead;

/**
 * POST .../convert: the lead becomes a new client from its own fields, or is linked to an
 * existing one; the lead keeps its stage until a proposal is accepted. The lead, the clients and
 * the pipeline refresh.
 */
export function useConvertLead(kind: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { companyId?: string; invite: boolean }) =>
      sendJson<ConversionResult>("POST", `/api/admin/leads/${id}/convert`, input),
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: clientKeys.all });
      void queryClient.invalidateQueries({ queryKey: [...staffKey, "pipeline"] });
      await queryClient.invalidateQueries({ queryKey: leadKeys.all });
      await queryClient.refetchQueries({ queryKey: leadKeys.detail(kind, id) });
    },
  });
}

/** Every client, for the picker of "Link to an existing client". */
export function useClientChoices() {
  return useQuery({
    ...live,
    queryKey: clientKeys.list(""),
    queryFn: ({ signal }) => getJson<ClientSummary[]>("/api/admin/clients", signal),
  });
}
