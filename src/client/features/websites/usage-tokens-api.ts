import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatedUsageToken, UsageToken } from "@shared/schemas/usage";
import { getJson, sendJson } from "@/lib/api";
import { live, staffKey } from "@/lib/queries";

const tokensKey = (websiteId: string) => [...staffKey, "usage-tokens", websiteId] as const;

/** A website's usage tokens (never the tokens themselves), read when the dialog opens. */
export const useUsageTokens = (websiteId: string, enabled: boolean) =>
  useQuery({
    ...live,
    queryKey: tokensKey(websiteId),
    queryFn: ({ signal }) =>
      getJson<UsageToken[]>(`/api/admin/websites/${websiteId}/usage-tokens`, signal),
    enabled,
  });

/** Creates a token: the answer is the only time its secret is seen. */
export function useCreateUsageToken(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      sendJson<CreatedUsageToken>("POST", `/api/admin/websites/${websiteId}/usage-tokens`, {
        name,
      }),
    onSuccess: ({ token: _secret, ...created }) =>
      // The list keeps the token's name and dates, never its secret.
      queryClient.setQueryData<UsageToken[]>(tokensKey(websiteId), (list) => [
        ...(list ?? []),
        created,
      ]),
  });
}

export function useRevokeUsageToken(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) =>
      sendJson<UsageToken>("POST", `/api/admin/usage-tokens/${tokenId}/revoke`),
    onSuccess: (revoked) =>
      queryClient.setQueryData<UsageToken[]>(tokensKey(websiteId), (list) =>
        (list ?? []).map((token) => (token.id === revoked.id ? revoked : token)),
      ),
  });
}
