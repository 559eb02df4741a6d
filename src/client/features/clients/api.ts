import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type {
  ClientDetail,
  ClientSummary,
  Invitation,
  InviteClient,
} from "@shared/schemas/clients";
import { getJson, sendJson } from "@/lib/api";
import { toSearch } from "@shared/deep-links";
import { clientKeys, live, useWrite } from "@/lib/queries";

/* The back office's clients. (Their websites, domains and billing are written by those nouns.) */

export function useClients(q: string) {
  return useQuery({
    ...live,
    queryKey: clientKeys.list(q),
    queryFn: ({ signal }) =>
      getJson<ClientSummary[]>(`/api/admin/clients${toSearch({ q })}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInviteClient() {
  return useWrite(
    (input: InviteClient) => sendJson<Invitation>("POST", "/api/admin/clients", input),
    undefined,
    clientKeys.all,
  );
}

export function useClient(id: string) {
  return useQuery({
    ...live,
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) =>
      getJson<ClientDetail>(`/api/admin/clients/${encodeURIComponent(id)}`, signal),
  });
}
