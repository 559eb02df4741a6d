import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClientDetail } from "@shared/schemas/clients";
import type { AutoRenewUpdate, Domain, DomainInput } from "@shared/schemas/domains";
import { apiRequest, sendJson } from "@/lib/api";

/*
 * The portal's reads use the default query function: the key parts joined with "/" are the URL.
 * Writes go through apiRequest and refresh what they change.
 */

const domainsKey = ["/api/domains"] as const;

/** The client's domains. */
export const useDomains = () => useQuery<Domain[]>({ queryKey: domainsKey });

/** PATCH /api/domains/:id { autoRenew }: the answer replaces the row, then the list refreshes. */
export function useSetAutoRenew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, autoRenew }: { id: string } & AutoRenewUpdate) => {
      const res = await apiRequest("PATCH", `/api/domains/${id}`, { autoRenew });
      return (await res.json()) as Domain;
    },
    onSuccess: async (domain) => {
      queryClient.setQueryData<Domain[]>(domainsKey, (list) =>
        list?.map((row) => (row.id === domain.id ? domain : row)),
      );
      await queryClient.invalidateQueries({ queryKey: domainsKey });
    },
  });
}

/** Staff writes; each answers with the client's whole page (see useClientWrite). */
export const domainWrites = {
  add: (clientId: string) => (input: DomainInput) =>
    sendJson<ClientDetail>("POST", `/api/admin/clients/${clientId}/domains`, input),
  update: (domainId: string) => (input: DomainInput) =>
    sendJson<ClientDetail>("PUT", `/api/admin/domains/${domainId}`, input),
  remove: (domainId: string) => sendJson<null>("DELETE", `/api/admin/domains/${domainId}`),
};
