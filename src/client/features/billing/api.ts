import { useQuery } from "@tanstack/react-query";
import type { Billing, BillingInput } from "@shared/schemas/billing";
import type { ClientDetail } from "@shared/schemas/clients";
import { sendJson } from "@/lib/api";

/** The client's plan and card (the portal's default query function: the key is the URL). */
export const useBilling = () => useQuery<Billing | null>({ queryKey: ["/api/billing"] });

/** Staff set a client's billing; the answer is the client's whole page (see useClientWrite). */
export const saveBilling = (clientId: string) => (input: BillingInput) =>
  sendJson<ClientDetail>("PUT", `/api/admin/clients/${clientId}/billing`, input);
