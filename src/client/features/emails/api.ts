import { useQuery } from "@tanstack/react-query";
import type { InboundEmailView, OutboxEmail } from "@shared/schemas/emails";
import { getJson } from "@/lib/api";
import { live, staffKey } from "@/lib/queries";

/** The outbox as staff see it: the latest emails, sent, waiting or failed. */
export function useOutbox() {
  return useQuery({
    ...live,
    queryKey: [...staffKey, "outbox"],
    queryFn: ({ signal }) => getJson<OutboxEmail[]>("/api/admin/outbox", signal),
  });
}

/** Received emails as staff see them: taken into a ticket, or refused and why. */
export function useInboundEmails() {
  return useQuery({
    ...live,
    queryKey: [...staffKey, "inbound-emails"],
    queryFn: ({ signal }) => getJson<InboundEmailView[]>("/api/admin/inbound-emails", signal),
  });
}
