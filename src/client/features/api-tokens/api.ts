import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiToken, ApiTokenInput, CreatedApiToken } from "@shared/schemas/api-tokens";
import { getJson, sendJson } from "@/lib/api";
import { live, staffKey } from "@/lib/queries";

const tokensKey = [...staffKey, "api-tokens"] as const;

/** Every API token (never the tokens themselves), newest first. */
export const useApiTokens = () =>
  useQuery({
    ...live,
    queryKey: tokensKey,
    queryFn: ({ signal }) => getJson<ApiToken[]>("/api/admin/api-tokens", signal),
  });

/** Creates a token: the answer is the only time its secret is seen. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiTokenInput) =>
      sendJson<CreatedApiToken>("POST", "/api/admin/api-tokens", input),
    onSuccess: ({ token: _secret, ...created }) =>
      // The list keeps the token's name and dates, never its secret.
      queryClient.setQueryData<ApiToken[]>(tokensKey, (list) => [created, ...(list ?? [])]),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) =>
      sendJson<ApiToken>("POST", `/api/admin/api-tokens/${tokenId}/revoke`),
    onSuccess: (revoked) =>
      queryClient.setQueryData<ApiToken[]>(tokensKey, (list) =>
        (list ?? []).map((token) => (token.id === revoked.id ? revoked : token)),
      ),
  });
}
