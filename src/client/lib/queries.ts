import {
  hashKey,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from "@tanstack/react-query";
import type { ClientDetail } from "@shared/schemas/clients";

/*
 * The back office's query helpers. Every read is fetched afresh when a view opens (staff work
 * on live data); every write puts the server's answer in the cache and refreshes the lists.
 */

/** Reads are fresh whenever a view mounts; nothing polls. */
export const live = { staleTime: 0 } as const;

/** Every back-office query key starts with this, so a write can refresh them all. */
export const staffKey = ["admin"] as const;

/**
 * The clients' keys. Several nouns write to a client's page (websites, domains, billing), so
 * they are known here rather than in one feature.
 */
export const clientKeys = {
  all: [...staffKey, "clients"] as const,
  list: (q: string) => [...staffKey, "clients", "list", q] as const,
  detail: (id: string) => [...staffKey, "clients", "detail", id] as const,
};

/**
 * Marks the lists under `listKey` stale and fetches again those on screen (the invitation form
 * sits above the clients list), except the object at `detailKey`: the write's answer is it.
 */
function refreshLists(queryClient: QueryClient, listKey: QueryKey, detailKey?: QueryKey) {
  const detailHash = detailKey && hashKey(detailKey);
  void queryClient.invalidateQueries({
    queryKey: listKey,
    predicate: (query) => query.queryHash !== detailHash,
  });
}

/** A write whose answer is the new state of one cached object; the lists are refreshed. */
export function useWrite<TInput, TResult>(
  write: (input: TInput) => Promise<TResult>,
  detailKey: QueryKey | undefined,
  listKey: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (data) => {
      if (detailKey && data !== null) queryClient.setQueryData(detailKey, data);
      refreshLists(queryClient, listKey, detailKey);
    },
  });
}

/**
 * Every client write answers with the client's whole page: it becomes the cached page.
 * A delete answers 204, so the page is fetched again.
 */
export function useClientWrite<TInput>(
  clientId: string,
  write: (input: TInput) => Promise<ClientDetail | null>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (data) => {
      if (data) queryClient.setQueryData(clientKeys.detail(clientId), data);
      else await queryClient.invalidateQueries({ queryKey: clientKeys.detail(clientId) });
      refreshLists(queryClient, clientKeys.all, clientKeys.detail(clientId));
    },
  });
}
