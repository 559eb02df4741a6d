import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreatedWebhookEndpoint,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointInput,
} from "@shared/schemas/webhooks";
import { getJson, sendJson } from "@/lib/api";
import { live, staffKey } from "@/lib/queries";

const endpointsKey = [...staffKey, "webhooks"] as const;
const deliveriesKey = (id: string) => [...staffKey, "webhooks", id, "deliveries"] as const;

/** The webhook endpoints, newest first, never their secrets. */
export const useWebhookEndpoints = () =>
  useQuery({
    ...live,
    queryKey: endpointsKey,
    queryFn: ({ signal }) => getJson<WebhookEndpoint[]>("/api/admin/webhooks", signal),
  });

/** An endpoint's latest deliveries with each attempt. */
export const useWebhookDeliveries = (endpointId: string) =>
  useQuery({
    ...live,
    queryKey: deliveriesKey(endpointId),
    queryFn: ({ signal }) =>
      getJson<WebhookDelivery[]>(`/api/admin/webhooks/${endpointId}/deliveries`, signal),
  });

/** Registers an endpoint: the answer is the only time its secret is seen. */
export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookEndpointInput) =>
      sendJson<CreatedWebhookEndpoint>("POST", "/api/admin/webhooks", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

/** Turns an endpoint off, or on again. */
export function useSetWebhookEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      sendJson<WebhookEndpoint>("PATCH", `/api/admin/webhooks/${id}`, { enabled }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson<null>("DELETE", `/api/admin/webhooks/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

/** Sends a delivery again; the log is read again to show it due. */
export function useRedeliver(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      sendJson<{ id: string }>("POST", `/api/admin/webhook-deliveries/${deliveryId}/redeliver`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
  });
}
