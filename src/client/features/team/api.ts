import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClientDetail } from "@shared/schemas/clients";
import type { InviteMember, Member, MemberRole, Membership } from "@shared/schemas/team";
import { sendJson } from "@/lib/api";
import { useClientWrite } from "@/lib/queries";

/*
 * A client company's team. The portal's reads use the default query function (the key is the
 * URL); staff's writes answer with the client's whole page (see useClientWrite).
 */

const membersKey = ["/api/team/members"] as const;

/** The signed-in person's company and role; null when they belong to none (404). */
export const useMembership = () =>
  useQuery<Membership | null>({
    queryKey: ["/api/team"],
    queryFn: async ({ signal }) => {
      const response = await fetch("/api/team", { credentials: "include", signal });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
      return (await response.json()) as Membership;
    },
  });

/** The company's members (owners only). */
export const useMembers = (enabled = true) => useQuery<Member[]>({ queryKey: membersKey, enabled });

function useTeamWrite<TInput>(write: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}

export type TeamWrites = {
  invite: (input: InviteMember) => Promise<unknown>;
  changeRole: (input: { id: string; role: MemberRole }) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
  resend: (id: string) => Promise<unknown>;
};

/** An owner's writes to their own company's team. */
export function usePortalTeamWrites() {
  return {
    invite: useTeamWrite((input: InviteMember) =>
      sendJson<Member>("POST", "/api/team/members", input),
    ),
    changeRole: useTeamWrite(({ id, role }: { id: string; role: MemberRole }) =>
      sendJson<Member>("PATCH", `/api/team/members/${id}`, { role }),
    ),
    remove: useTeamWrite((id: string) => sendJson<null>("DELETE", `/api/team/members/${id}`)),
    resend: useTeamWrite((id: string) =>
      sendJson<Member>("POST", `/api/team/members/${id}/invitation`),
    ),
  };
}

/** Staff's writes to a client company's team. */
export function useStaffTeamWrites(companyId: string) {
  const base = `/api/admin/clients/${companyId}/members`;
  return {
    invite: useClientWrite(companyId, (input: InviteMember) =>
      sendJson<ClientDetail>("POST", base, input),
    ),
    changeRole: useClientWrite(companyId, ({ id, role }: { id: string; role: MemberRole }) =>
      sendJson<ClientDetail>("PATCH", `${base}/${id}`, { role }),
    ),
    remove: useClientWrite(companyId, (id: string) =>
      sendJson<ClientDetail>("DELETE", `${base}/${id}`),
    ),
    resend: useClientWrite(companyId, (id: string) =>
      sendJson<ClientDetail>("POST", `${base}/${id}/invitation`),
    ),
  };
}
