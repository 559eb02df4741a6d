import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Billing } from "@shared/schemas/billing";
import type { Domain } from "@shared/schemas/domains";
import type { Website } from "@shared/schemas/websites";
import { apiRequest } from "@/lib/api";

/*
 * The portal's reads use the default query function: the key parts joined with "/" are the URL.
 * Writes go through apiRequest and refresh what they change.
 */

export const websitesKey = ["/api/websites"] as const;
export const domainsKey = ["/api/domains"] as const;
export const billingKey = ["/api/billing"] as const;

export const useWebsites = () => useQuery<Website[]>({ queryKey: websitesKey });
export const useDomains = () => useQuery<Domain[]>({ queryKey: domainsKey });
export const useBilling = () => useQuery<Billing | null>({ queryKey: billingKey });

/** PATCH /api/domains/:id { autoRenew }: the answer replaces the row, then the list refreshes. */
export function useSetAutoRenew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, autoRenew }: { id: string; autoRenew: boolean }) => {
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

/** The HTTP status of an error thrown by the request helpers ("404: ..."), or undefined. */
export function errorStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const status = Number.parseInt(error.message, 10);
  return Number.isNaN(status) ? undefined : status;
}

/** The JSON body of an error thrown by the request helpers, when it has one. */
export function errorBody(error: unknown): { message?: string; errors?: Record<string, string> } {
  if (!(error instanceof Error)) return {};
  const text = error.message.slice(error.message.indexOf(":") + 1).trim();
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}
