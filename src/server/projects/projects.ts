import { homeProcess } from "@content/home";
import type { DbExecutor } from "../db/client";
import { projectMilestones, projects, type Project } from "../db/schema";

/**
 * Opens a client's project from an accepted proposal, in the caller's transaction: its
 * milestones follow the agency's process (Discovery Call, Design & Development, Launch &
 * Optimize), the first in progress and the rest upcoming.
 */
export async function openProject(
  tx: DbExecutor,
  input: { companyId: string; proposalId: string | null; name: string },
): Promise<Project> {
  const [project] = await tx
    .insert(projects)
    .values({ companyId: input.companyId, proposalId: input.proposalId, name: input.name })
    .returning();
  if (!project) throw new Error("the project was not created");
  await tx.insert(projectMilestones).values(
    homeProcess.map((step, position) => ({
      projectId: project.id,
      position,
      name: step.title,
      status: position === 0 ? "in-progress" : "upcoming",
    })),
  );
  return project;
}
