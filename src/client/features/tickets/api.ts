import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NewTicket, Ticket, TicketDetail, TicketReply } from "@shared/schemas/tickets";
import { apiRequest } from "@/lib/api";

export const ticketsKey = ["/api/tickets"] as const;
export const ticketKey = (id: string) => ["/api/tickets", id] as const;

/** The client's tickets, newest first. */
export const useTickets = () => useQuery<Ticket[]>({ queryKey: ticketsKey });

/**
 * One ticket with its thread (GET /api/tickets/:id). Read afresh each time it is opened, so a
 * reply from the team that came in meanwhile is there.
 */
export const useTicket = (id: string) =>
  useQuery<TicketDetail>({ queryKey: ticketKey(id), refetchOnMount: "always" });

/** POST /api/tickets: the list is refreshed before the promise settles. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewTicket) => {
      const res = await apiRequest("POST", "/api/tickets", input);
      return (await res.json()) as Ticket;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsKey, exact: true }),
  });
}

/** POST /api/tickets/:id/messages: the answer is the whole thread; the list is refreshed too. */
export function useReplyToTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reply: TicketReply) => {
      const res = await apiRequest("POST", `/api/tickets/${id}/messages`, reply);
      return (await res.json()) as TicketDetail;
    },
    onSuccess: async (ticket) => {
      queryClient.setQueryData(ticketKey(id), ticket);
      await queryClient.invalidateQueries({ queryKey: ticketsKey, exact: true });
    },
  });
}
