import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AcceptProposalInput,
  DeclineProposalInput,
  ProposalDetail,
  ProposalDraftInput,
  ProposalSummary,
} from "@shared/schemas/proposals";
import { getJson, sendJson } from "@/lib/api";
import { toSearch, type ProposalOwner } from "@shared/deep-links";
import { live, staffKey, useWrite } from "@/lib/queries";

/*
 * The client's proposals: reads use the default query function (the key parts joined with "/"
 * are the URL). An answer is the proposal's new state; an acceptance opens a project.
 */

const proposalsKey = ["/api/proposals"] as const;
const proposalKey = (id: string) => ["/api/proposals", id] as const;

/** The client's sent proposals, newest first. */
export const useProposals = () => useQuery<ProposalSummary[]>({ queryKey: proposalsKey });

/** One proposal with its sent versions; read afresh each time it is shown. */
export const useProposal = (id: string) =>
  useQuery<ProposalDetail>({ queryKey: proposalKey(id), refetchOnMount: "always" });

/** Where the client downloads the PDF of a proposal (the accepted version with its record). */
export const proposalPdfUrl = (id: string) => `/api/proposals/${encodeURIComponent(id)}/pdf`;

function useAnswer<TInput>(id: string, action: "accept" | "decline") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) =>
      sendJson<ProposalDetail>("POST", `/api/proposals/${id}/${action}`, input),
    onSuccess: async (proposal) => {
      queryClient.setQueryData(proposalKey(id), proposal);
      await queryClient.invalidateQueries({ queryKey: proposalsKey, exact: true });
      // An acceptance opens the project: the Projects tab and the dashboard's card show it.
      if (action === "accept") await queryClient.invalidateQueries({ queryKey: ["/api/projects"] });
    },
  });
}

/** POST .../accept with the version shown and its hash, the full name and the terms ticked. */
export const useAcceptProposal = (id: string) => useAnswer<AcceptProposalInput>(id, "accept");

/** POST .../decline with the version shown and its hash, and the reason. */
export const useDeclineProposal = (id: string) => useAnswer<DeclineProposalInput>(id, "decline");

/*
 * The back office's proposals: live reads; every write answers with the proposal's new state and
 * refreshes the lists, the pipeline (proposal values by stage) and the leads (a sent proposal or
 * a conversion moves a lead along).
 */

export const staffProposalKeys = {
  all: [...staffKey, "proposals"] as const,
  forLead: (leadId: string) => [...staffKey, "proposals", "list", "lead", leadId] as const,
  forClient: (companyId: string) =>
    [...staffKey, "proposals", "list", "client", companyId] as const,
  detail: (id: string) => [...staffKey, "proposals", "detail", id] as const,
};
const pipelineKey = [...staffKey, "pipeline"] as const;
const leadsKey = [...staffKey, "leads"] as const;
const staffProjectsKey = [...staffKey, "projects"] as const;

/** A lead's or a client's proposals, newest first. */
export function useStaffProposals(owner: ProposalOwner) {
  const key =
    "leadId" in owner
      ? staffProposalKeys.forLead(owner.leadId)
      : staffProposalKeys.forClient(owner.companyId);
  return useQuery({
    ...live,
    queryKey: key,
    queryFn: ({ signal }) =>
      getJson<ProposalSummary[]>(`/api/admin/proposals${toSearch({ ...owner })}`, signal),
  });
}

export function useStaffProposal(id: string) {
  return useQuery({
    ...live,
    queryKey: staffProposalKeys.detail(id),
    queryFn: ({ signal }) =>
      getJson<ProposalDetail>(`/api/admin/proposals/${encodeURIComponent(id)}`, signal),
  });
}

/** Where staff download a version's PDF (the latest sent one without `versionId`). */
export const staffProposalPdfUrl = (id: string, versionId?: string) =>
  `/api/admin/proposals/${encodeURIComponent(id)}/pdf${toSearch({ version: versionId })}`;

/** Refreshes what a proposal's state shows in: the pipeline, the leads, the projects. */
function useRefreshAround() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: pipelineKey });
    void queryClient.invalidateQueries({ queryKey: leadsKey });
    void queryClient.invalidateQueries({ queryKey: staffProjectsKey });
  };
}

/** A staff write whose answer is the proposal: cached, with the lists and pipeline refreshed. */
function useProposalWrite<TInput>(
  detailId: string | undefined,
  write: (input: TInput) => Promise<ProposalDetail>,
) {
  const queryClient = useQueryClient();
  const refreshAround = useRefreshAround();
  const mutation = useWrite(
    write,
    detailId ? staffProposalKeys.detail(detailId) : undefined,
    staffProposalKeys.all,
  );
  return {
    ...mutation,
    mutateAsync: async (input: TInput) => {
      const proposal = await mutation.mutateAsync(input);
      if (!detailId) queryClient.setQueryData(staffProposalKeys.detail(proposal.id), proposal);
      refreshAround();
      return proposal;
    },
  };
}

/** POST: a new proposal for a lead or a client, its version 1 a draft. */
export function useCreateProposal() {
  return useProposalWrite(undefined, (input: ProposalDraftInput & ProposalOwner) =>
    sendJson<ProposalDetail>("POST", "/api/admin/proposals", input),
  );
}

/** PUT: saves the draft version (409 once it is sent: sent versions are frozen). */
export function useSaveDraft(id: string) {
  return useProposalWrite(
    id,
    ({ versionId, draft }: { versionId: string; draft: ProposalDraftInput }) =>
      sendJson<ProposalDetail>("PUT", `/api/admin/proposals/${id}/versions/${versionId}`, draft),
  );
}

/** POST: a new draft version after a sent one. */
export function useNewVersion(id: string) {
  return useProposalWrite(id, (draft: ProposalDraftInput) =>
    sendJson<ProposalDetail>("POST", `/api/admin/proposals/${id}/versions`, draft),
  );
}

/** POST: sends the latest version; the client is emailed a link that signs them in once. */
export function useSendProposal(id: string) {
  return useProposalWrite(id, () =>
    sendJson<ProposalDetail>("POST", `/api/admin/proposals/${id}/send`),
  );
}
