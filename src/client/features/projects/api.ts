import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ProposalDetail } from "@shared/schemas/proposals";
import type {
  MilestoneAnswerInput,
  MilestoneInput,
  Pipeline,
  ProjectDetail,
  ProjectSummary,
  ProjectUpdateInput,
} from "@shared/schemas/projects";
import { getJson, sendJson } from "@/lib/api";
import { toSearch } from "@shared/deep-links";
import { clientKeys, live, staffKey, useWrite } from "@/lib/queries";

/*
 * The client's projects: reads use the default query function (the key parts joined with "/"
 * are the URL). An answer to an approval request is the project's new state.
 */

const projectsKey = ["/api/projects"] as const;
const projectKey = (id: string) => ["/api/projects", id] as const;

/** The client's projects, newest first. */
export const useProjects = () => useQuery<ProjectSummary[]>({ queryKey: projectsKey });

/** One project with its milestones and updates; read afresh each time it is shown. */
export const useProject = (id: string) =>
  useQuery<ProjectDetail>({ queryKey: projectKey(id), refetchOnMount: "always" });

/** POST .../answer: Approve, or Request changes with a comment. */
export function useAnswerMilestone(projectId: string, milestoneId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: MilestoneAnswerInput) =>
      sendJson<ProjectDetail>(
        "POST",
        `/api/projects/${projectId}/milestones/${milestoneId}/answer`,
        answer,
      ),
    onSuccess: async (project) => {
      queryClient.setQueryData(projectKey(projectId), project);
      await queryClient.invalidateQueries({ queryKey: projectsKey, exact: true });
    },
  });
}

/*
 * The back office's projects: live reads; every write answers with the project's new state and
 * refreshes the lists (a client's page and the pipeline show its progress).
 */

const staffProjectKeys = {
  all: [...staffKey, "projects"] as const,
  list: (companyId: string) => [...staffKey, "projects", "list", companyId] as const,
  detail: (id: string) => [...staffKey, "projects", "detail", id] as const,
};
const pipelineKey = [...staffKey, "pipeline"] as const;

/** A client's projects, for their page in the back office. */
export function useClientProjects(companyId: string) {
  return useQuery({
    ...live,
    queryKey: staffProjectKeys.list(companyId),
    queryFn: ({ signal }) =>
      getJson<ProjectSummary[]>(`/api/admin/projects${toSearch({ companyId })}`, signal),
  });
}

export function useStaffProject(id: string) {
  return useQuery({
    ...live,
    queryKey: staffProjectKeys.detail(id),
    queryFn: ({ signal }) =>
      getJson<ProjectDetail>(`/api/admin/projects/${encodeURIComponent(id)}`, signal),
  });
}

/** Every staff write on a project: the answer is the project; lists and the pipeline refresh. */
function useProjectWrite<TInput>(
  projectId: string,
  write: (input: TInput) => Promise<ProjectDetail>,
) {
  const queryClient = useQueryClient();
  const mutation = useWrite(write, staffProjectKeys.detail(projectId), staffProjectKeys.all);
  return {
    ...mutation,
    mutateAsync: async (input: TInput) => {
      const project = await mutation.mutateAsync(input);
      void queryClient.invalidateQueries({ queryKey: pipelineKey });
      return project;
    },
  };
}

const projectUrl = (id: string) => `/api/admin/projects/${id}`;

export function useAddMilestone(projectId: string) {
  return useProjectWrite(projectId, (input: MilestoneInput) =>
    sendJson<ProjectDetail>("POST", `${projectUrl(projectId)}/milestones`, input),
  );
}

export function useSaveMilestone(projectId: string) {
  return useProjectWrite(projectId, ({ id, ...input }: MilestoneInput & { id: string }) =>
    sendJson<ProjectDetail>("PUT", `${projectUrl(projectId)}/milestones/${id}`, input),
  );
}

/** Staff ask the client to approve a milestone; the client's members are emailed. */
export function useRequestApproval(projectId: string) {
  return useProjectWrite(projectId, (milestoneId: string) =>
    sendJson<ProjectDetail>(
      "POST",
      `${projectUrl(projectId)}/milestones/${milestoneId}/approval-request`,
    ),
  );
}

export function usePostUpdate(projectId: string) {
  return useProjectWrite(projectId, (input: ProjectUpdateInput) =>
    sendJson<ProjectDetail>("POST", `${projectUrl(projectId)}/updates`, input),
  );
}

export interface LaunchWebsiteInput {
  domain: string;
  plan: string;
}

/** At launch: the client's website row (active), so hosting follows the build. */
export function useLaunchWebsite(projectId: string, companyId: string) {
  const queryClient = useQueryClient();
  const write = useProjectWrite(projectId, (input: LaunchWebsiteInput) =>
    sendJson<ProjectDetail>("POST", `${projectUrl(projectId)}/website`, input),
  );
  return {
    ...write,
    mutateAsync: async (input: LaunchWebsiteInput) => {
      const project = await write.mutateAsync(input);
      // The client's page lists the new website in its websites panel.
      await queryClient.invalidateQueries({ queryKey: clientKeys.detail(companyId) });
      return project;
    },
  };
}

/**
 * The plan a launched website starts on: the first monthly line (hosting, maintenance) of the
 * accepted version of the project's proposal; undefined while unknown or when there is none.
 */
export function useProposedPlan(proposalId: string | null): string | undefined {
  const { data } = useQuery({
    ...live,
    queryKey: [...staffProjectKeys.all, "proposal", proposalId],
    queryFn: ({ signal }) =>
      getJson<ProposalDetail>(`/api/admin/proposals/${encodeURIComponent(proposalId!)}`, signal),
    enabled: proposalId !== null,
  });
  if (!data) return undefined;
  const version =
    data.versions.find((v) => v.id === data.response?.versionId) ??
    data.versions.find((v) => v.sentAt) ??
    data.versions[0];
  const line = version?.lines.find((l) => l.billing === "monthly");
  return line?.description.slice(0, 100);
}

/** Leads by stage with their proposal values, and every client's projects. */
export function usePipeline() {
  return useQuery({
    ...live,
    queryKey: pipelineKey,
    queryFn: ({ signal }) => getJson<Pipeline>("/api/admin/pipeline", signal),
  });
}
