import {
  hashKey,
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from "@tanstack/react-query";
import type { Billing } from "@shared/schemas/billing";
import type { ClientSummary } from "@shared/schemas/clients";
import type { Domain } from "@shared/schemas/domains";
import type { LeadDetail, LeadKind, LeadList, LeadStatus } from "@shared/schemas/leads";
import type { Website } from "@shared/schemas/websites";
import type { Ticket, TicketDetail, TicketPriority, TicketStatus } from "@shared/schemas/tickets";
import { apiRequest, throwIfResNotOk } from "@/lib/api";

/*
 * The back office's reads and writes. Every read is fetched afresh when a view opens (staff work
 * on live data); every write puts the server's answer in the cache and refreshes the lists.
 */

export interface LeadFilters {
  kind?: LeadKind;
  status?: LeadStatus;
  q?: string;
  page?: number;
}

export interface TicketFilters {
  status?: TicketStatus;
  priority?: TicketPriority;
}

export type QueueTicket = Ticket & { clientName: string; clientEmail: string; messages: number };

export interface ClientDetail {
  user: {
    id: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    profileImageUrl: string | null;
    isAdmin: boolean;
    createdAt: string;
  };
  websites: Website[];
  domains: Domain[];
  billing: Billing | null;
  tickets: Ticket[];
}

export interface OutboxEmail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export const LEADS_PAGE_SIZE = 25;

/** A query string of the set values only, "" when there is none. */
export function toSearch(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

export const leadsExportUrl = (filters: LeadFilters) =>
  `/api/admin/leads/export.csv${toSearch({ kind: filters.kind, status: filters.status, q: filters.q })}`;

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: "include", signal });
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

async function sendJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  return (res.status === 204 ? null : await res.json()) as T;
}

export const adminKeys = {
  all: ["admin"] as const,
  leads: ["admin", "leads"] as const,
  leadList: (filters: LeadFilters) => ["admin", "leads", "list", filters] as const,
  lead: (kind: string, id: string) => ["admin", "leads", "detail", kind, id] as const,
  clients: ["admin", "clients"] as const,
  clientList: (q: string) => ["admin", "clients", "list", q] as const,
  client: (id: string) => ["admin", "clients", "detail", id] as const,
  tickets: ["admin", "tickets"] as const,
  ticketList: (filters: TicketFilters) => ["admin", "tickets", "list", filters] as const,
  ticket: (id: string) => ["admin", "tickets", "detail", id] as const,
  outbox: ["admin", "outbox"] as const,
};

/** Reads are fresh whenever a view mounts; nothing polls. */
const live = { staleTime: 0 } as const;

export function useLeads(filters: LeadFilters) {
  return useQuery({
    ...live,
    queryKey: adminKeys.leadList(filters),
    queryFn: ({ signal }) =>
      getJson<LeadList>(
        `/api/admin/leads${toSearch({ ...filters, pageSize: LEADS_PAGE_SIZE })}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useLead(kind: string, id: string) {
  return useQuery({
    ...live,
    queryKey: adminKeys.lead(kind, id),
    queryFn: ({ signal }) =>
      getJson<LeadDetail>(
        `/api/admin/leads/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`,
        signal,
      ),
  });
}

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
function useWrite<TInput, TResult>(
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

export function useSetLeadStatus(kind: string, id: string) {
  return useWrite(
    (status: LeadStatus) =>
      sendJson<LeadDetail>("PATCH", `/api/admin/leads/${kind}/${id}`, { status }),
    adminKeys.lead(kind, id),
    adminKeys.leads,
  );
}

export function useAddLeadNote(kind: string, id: string) {
  return useWrite(
    (body: string) =>
      sendJson<LeadDetail>("POST", `/api/admin/leads/${kind}/${id}/notes`, { body }),
    adminKeys.lead(kind, id),
    adminKeys.leads,
  );
}

export function useClients(q: string, enabled = true) {
  return useQuery({
    ...live,
    enabled,
    queryKey: adminKeys.clientList(q),
    queryFn: ({ signal }) =>
      getJson<ClientSummary[]>(`/api/admin/clients${toSearch({ q })}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInviteClient() {
  return useWrite(
    (input: { email: string; firstName?: string; lastName?: string }) =>
      sendJson<{ id: string; email: string; emailed: boolean }>(
        "POST",
        "/api/admin/clients",
        input,
      ),
    undefined,
    adminKeys.clients,
  );
}

export function useClient(id: string) {
  return useQuery({
    ...live,
    queryKey: adminKeys.client(id),
    queryFn: ({ signal }) =>
      getJson<ClientDetail>(`/api/admin/clients/${encodeURIComponent(id)}`, signal),
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
      if (data) queryClient.setQueryData(adminKeys.client(clientId), data);
      else await queryClient.invalidateQueries({ queryKey: adminKeys.client(clientId) });
      refreshLists(queryClient, adminKeys.clients, adminKeys.client(clientId));
    },
  });
}

export const clientWrites = {
  addWebsite: (clientId: string) => (input: unknown) =>
    sendJson<ClientDetail>("POST", `/api/admin/clients/${clientId}/websites`, input),
  updateWebsite: (websiteId: string) => (input: unknown) =>
    sendJson<ClientDetail>("PUT", `/api/admin/websites/${websiteId}`, input),
  deleteWebsite: (websiteId: string) => () =>
    sendJson<null>("DELETE", `/api/admin/websites/${websiteId}`),
  addDomain: (clientId: string) => (input: unknown) =>
    sendJson<ClientDetail>("POST", `/api/admin/clients/${clientId}/domains`, input),
  updateDomain: (domainId: string) => (input: unknown) =>
    sendJson<ClientDetail>("PUT", `/api/admin/domains/${domainId}`, input),
  deleteDomain: (domainId: string) => () =>
    sendJson<null>("DELETE", `/api/admin/domains/${domainId}`),
  saveBilling: (clientId: string) => (input: unknown) =>
    sendJson<ClientDetail>("PUT", `/api/admin/clients/${clientId}/billing`, input),
};

export function useTicketQueue(filters: TicketFilters) {
  return useQuery({
    ...live,
    queryKey: adminKeys.ticketList(filters),
    queryFn: ({ signal }) =>
      getJson<QueueTicket[]>(`/api/admin/tickets${toSearch({ ...filters })}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(id: string) {
  return useQuery({
    ...live,
    queryKey: adminKeys.ticket(id),
    queryFn: ({ signal }) =>
      getJson<TicketDetail>(`/api/admin/tickets/${encodeURIComponent(id)}`, signal),
  });
}

export function useUpdateTicket(id: string) {
  return useWrite(
    (change: { status?: TicketStatus; priority?: TicketPriority }) =>
      sendJson<TicketDetail>("PATCH", `/api/admin/tickets/${id}`, change),
    adminKeys.ticket(id),
    adminKeys.all,
  );
}

export function useReplyToTicket(id: string) {
  return useWrite(
    (body: string) => sendJson<TicketDetail>("POST", `/api/admin/tickets/${id}/messages`, { body }),
    adminKeys.ticket(id),
    adminKeys.all,
  );
}

export function useOutbox() {
  return useQuery({
    ...live,
    queryKey: adminKeys.outbox,
    queryFn: ({ signal }) => getJson<OutboxEmail[]>("/api/admin/outbox", signal),
  });
}

/** The HTTP status of a failed request ("403: ..." -> 403), if it has one. */
export function errorStatus(error: unknown): number | undefined {
  const match = error instanceof Error ? /^(\d{3}):/.exec(error.message) : null;
  return match ? Number(match[1]) : undefined;
}

/** The body of an error answer ({ message, errors? }), when it is JSON. */
export function errorBody(error: unknown): { message?: string; errors?: Record<string, string> } {
  if (!(error instanceof Error)) return {};
  const text = error.message.replace(/^\d{3}:\s*/, "");
  try {
    const body = JSON.parse(text) as unknown;
    return body && typeof body === "object" ? (body as { message?: string }) : {};
  } catch {
    return { message: text };
  }
}

/** Words for a failed request that a member of staff can act on. */
export function errorMessage(error: unknown): string {
  const status = errorStatus(error);
  if (status === undefined) return "The server could not be reached. Check your connection.";
  if (status === 401) return "You are signed out. Log in again to continue.";
  if (status === 403) return errorBody(error).message || "This area is for agency staff only.";
  return errorBody(error).message || "Something went wrong. Please try again.";
}
