import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatedHeartbeat, Heartbeat, HeartbeatInput } from "@shared/schemas/heartbeats";
import { getJson, sendJson } from "@/lib/api";
import { live, staffKey } from "@/lib/queries";

const heartbeatsKey = (websiteId: string) => [...staffKey, "heartbeats", websiteId] as const;

/** A website's heartbeats (never their URLs), read when the dialog opens. */
export const useHeartbeats = (websiteId: string, enabled: boolean) =>
  useQuery({
    ...live,
    queryKey: heartbeatsKey(websiteId),
    queryFn: ({ signal }) =>
      getJson<Heartbeat[]>(`/api/admin/websites/${websiteId}/heartbeats`, signal),
    enabled,
  });

/** Adds a heartbeat: the answer is the only time its URL is seen. */
export function useCreateHeartbeat(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HeartbeatInput) =>
      sendJson<CreatedHeartbeat>("POST", `/api/admin/websites/${websiteId}/heartbeats`, input),
    onSuccess: ({ url: _secret, ...created }) => {
      // The list keeps the heartbeat's name and times, never its URL.
      queryClient.setQueryData<Heartbeat[]>(heartbeatsKey(websiteId), (list) => [
        ...(list ?? []),
        created,
      ]);
      void queryClient.invalidateQueries({ queryKey: [...staffKey, "monitoring"] });
    },
  });
}

export function useDeleteHeartbeat(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson<null>("DELETE", `/api/admin/heartbeats/${id}`),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<Heartbeat[]>(heartbeatsKey(websiteId), (list) =>
        (list ?? []).filter((heartbeat) => heartbeat.id !== id),
      ),
  });
}
