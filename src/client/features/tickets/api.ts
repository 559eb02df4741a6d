import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  NewTicket,
  QueueTicket,
  StaffTicketDetail,
  Ticket,
  TicketChoices,
  TicketDetail,
  TicketNoteInput,
  TicketQueueFilter,
  TicketQueuePage,
  TicketReplyInput,
  TicketUpdate,
} from "@shared/schemas/tickets";
import type { SavedReply, SavedReplyInput } from "@shared/schemas/saved-replies";
import type { Website } from "@shared/schemas/websites";
import { apiRequest, getJson, sendJson } from "@/lib/api";
import { toSearch } from "@shared/deep-links";
import { live, staffKey, useWrite } from "@/lib/queries";

/*
 * The client portal's tickets: reads use the default query function (the key parts joined with
 * "/" are the URL); writes go through apiRequest and refresh what they change.
 */

const ticketsKey = ["/api/tickets"] as const;
const ticketKey = (id: string) => ["/api/tickets", id] as const;

/** The client's tickets, newest first. */
export const useTickets = () => useQuery<Ticket[]>({ queryKey: ticketsKey });

/**
 * One ticket with its thread (GET /api/tickets/:id). Read afresh each time it is opened, so a
 * reply from the team that came in meanwhile is there.
 */
export const useTicket = (id: string) =>
  useQuery<TicketDetail>({ queryKey: ticketKey(id), refetchOnMount: "always" });

/** The time the team logged on one of the client's tickets (GET /api/tickets/:id/time). */
export const useTicketTime = (id: string) =>
  useQuery<{ minutes: number }>({ queryKey: [...ticketKey(id), "time"], refetchOnMount: "always" });

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
    mutationFn: async (reply: TicketReplyInput) => {
      const res = await apiRequest("POST", `/api/tickets/${id}/messages`, reply);
      return (await res.json()) as TicketDetail;
    },
    onSuccess: async (ticket) => {
      queryClient.setQueryData(ticketKey(id), ticket);
      await queryClient.invalidateQueries({ queryKey: ticketsKey, exact: true });
    },
  });
}

/**
 * POST /api/tickets/:id/resolve: the client marks their ticket resolved (a reply opens it again).
 */
export function useResolveTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const res = await apiRequest("POST", `/api/tickets/${id}/resolve`);
      return (await res.json()) as TicketDetail;
    },
    onSuccess: async (ticket) => {
      queryClient.setQueryData(ticketKey(id), ticket);
      await queryClient.invalidateQueries({ queryKey: ticketsKey, exact: true });
    },
  });
}

/**
 * The client's websites a new ticket may be about: the websites tab's read (same key, so one
 * request serves both).
 */
export const useTicketWebsites = () => useQuery<Website[]>({ queryKey: ["/api/websites"] });

/*
 * The back office's ticket queue: live reads; a change or a reply is the ticket's new state, and
 * every back-office list is refreshed (a client's page lists their tickets too).
 */

const queueKeys = {
  list: (query: QueueRead) => [...staffKey, "tickets", "list", query] as const,
  detail: (id: string) => [...staffKey, "tickets", "detail", id] as const,
  entry: (id: string) => [...staffKey, "tickets", "entry", id] as const,
  choices: (id: string) => [...staffKey, "tickets", "choices", id] as const,
  savedReplies: [...staffKey, "saved-replies"] as const,
};

/** The queue's filters and the page to read (the server's default size). */
type QueueRead = TicketQueueFilter & { page?: number };

export function useTicketQueue(query: QueueRead) {
  return useQuery({
    ...live,
    queryKey: queueKeys.list(query),
    queryFn: ({ signal }) =>
      getJson<TicketQueuePage>(`/api/admin/tickets${toSearch({ ...query })}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** One ticket as the queue lists it: the client's plan, the first-response clock, who opened it. */
export function useQueueEntry(id: string) {
  return useQuery({
    ...live,
    queryKey: queueKeys.entry(id),
    queryFn: ({ signal }) =>
      getJson<QueueTicket>(`/api/admin/tickets/${encodeURIComponent(id)}/queue-entry`, signal),
  });
}

/** A ticket with its thread, as staff read it. */
export function useStaffTicket(id: string) {
  return useQuery({
    ...live,
    queryKey: queueKeys.detail(id),
    queryFn: ({ signal }) =>
      getJson<StaffTicketDetail>(`/api/admin/tickets/${encodeURIComponent(id)}`, signal),
  });
}

/** What staff may set on a ticket: the client's websites and who can take it. */
export function useTicketChoices(id: string) {
  return useQuery({
    ...live,
    queryKey: queueKeys.choices(id),
    queryFn: ({ signal }) =>
      getJson<TicketChoices>(`/api/admin/tickets/${encodeURIComponent(id)}/choices`, signal),
  });
}

export function useUpdateTicket(id: string) {
  return useWrite(
    (change: TicketUpdate) =>
      sendJson<StaffTicketDetail>("PATCH", `/api/admin/tickets/${id}`, change),
    queueKeys.detail(id),
    staffKey,
  );
}

/** A staff reply: the client sees it in their portal and gets an email. */
export function useStaffReply(id: string) {
  return useWrite(
    (reply: TicketReplyInput) =>
      sendJson<StaffTicketDetail>("POST", `/api/admin/tickets/${id}/messages`, reply),
    queueKeys.detail(id),
    staffKey,
  );
}

/** An internal note: staff read it in the thread; the client never does. */
export function useStaffNote(id: string) {
  return useWrite(
    (note: TicketNoteInput) =>
      sendJson<StaffTicketDetail>("POST", `/api/admin/tickets/${id}/notes`, note),
    queueKeys.detail(id),
    staffKey,
  );
}

/** Staff's saved replies, by title. */
export function useSavedReplies() {
  return useQuery({
    ...live,
    queryKey: queueKeys.savedReplies,
    queryFn: ({ signal }) => getJson<SavedReply[]>("/api/admin/saved-replies", signal),
  });
}

/** Saves a new reply (no id) or changes one; the list is read again. */
export function useSaveSavedReply() {
  return useWrite(
    ({ id, ...input }: SavedReplyInput & { id?: string }) =>
      id
        ? sendJson<SavedReply>("PUT", `/api/admin/saved-replies/${id}`, input)
        : sendJson<SavedReply>("POST", "/api/admin/saved-replies", input),
    undefined,
    queueKeys.savedReplies,
  );
}

export function useDeleteSavedReply() {
  return useWrite(
    (id: string) => sendJson<null>("DELETE", `/api/admin/saved-replies/${id}`),
    undefined,
    queueKeys.savedReplies,
  );
}
