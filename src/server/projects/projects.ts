import { eq } from "drizzle-orm";
import { homeProcess } from "@content/home";
import { startProposalPlans } from "../billing/billing";
import type { DbExecutor } from "../db/client";
import {
  projectMilestones,
  projects,
  projectUpdates,
  type Project,
  type ProjectUpdate as ProjectUpdateRow,
  type User,
  type Website as WebsiteRow,
} from "../db/schema";
import { conflict, notFound, ok, type Outcome } from "../domain-failure";
import { enqueueEmails } from "../mail/outbox";
import { projectUpdateEmail } from "../mail/templates/projects";
import { createWebsite } from "../websites/websites";
import { projectFollowers, projectMessages } from "./project-reading";

/*
 * A client's project: opened from an accepted proposal, its timeline of updates, and its launch
 * (the website it built). Its milestones are in milestones.ts.
 */

type ProjectUpdateInputParsed = { body: string; previewUrl: string | null };

const invoiceStageAt: Record<number, "midpoint" | "completion"> = {
  1: "midpoint",
  2: "completion",
};

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
      // The payment plan: the deposit was invoiced on acceptance, the mid-point is when the
      // second step is done, the completion when the third is.
      invoiceStage: input.proposalId ? invoiceStageAt[position] : undefined,
    })),
  );
  return project;
}

/** Posts an update on the project's timeline and emails the company's owners and members. */
export async function postUpdate(
  db: DbExecutor,
  projectId: string,
  author: User,
  input: ProjectUpdateInputParsed,
  {
    settings,
    audit,
  }: {
    settings: { agencyInbox: string; publicUrl: string };
    audit: (tx: DbExecutor, update: ProjectUpdateRow, project: Project) => Promise<void>;
  },
) {
  return db.transaction(async (tx) => {
    const [project] = await tx.select().from(projects).where(eq(projects.id, projectId));
    if (!project) return undefined;
    const [update] = await tx
      .insert(projectUpdates)
      .values({ projectId, authorId: author.id, body: input.body, previewUrl: input.previewUrl })
      .returning();
    const followers = await projectFollowers(tx, project.companyId);
    await enqueueEmails(
      tx,
      followers.map((person) => projectUpdateEmail(person, project, update!, settings)),
    );
    await audit(tx, update!, project);
    return { project, update: update! };
  });
}

/**
 * At launch: the client's website row, active, so hosting follows the build; the project
 * points at it and is launched. Refused when the project already has its website.
 */
export async function launchWebsite(
  db: DbExecutor,
  projectId: string,
  input: { domain: string; plan: string },
  audit: (tx: DbExecutor, project: Project, website: WebsiteRow) => Promise<void>,
): Promise<Outcome<{ project: Project; website: WebsiteRow }>> {
  return db.transaction(async (tx) => {
    const [project] = await tx
      .select()
      .from(projects)
      .where(eq(projects.id, projectId))
      .for("update");
    if (!project) return notFound(projectMessages.projectNotFound);
    if (project.websiteId) return conflict(projectMessages.hasWebsite);
    const website = await createWebsite(tx, project.companyId, {
      domain: input.domain,
      plan: input.plan,
      status: "active",
      checkUrl: null,
      checkKeyword: null,
      checkKeywordMustBe: "present",
    });
    if (!website) throw new Error("the website was not created");
    // Hosting and maintenance are billed from launch.
    if (project.proposalId) await startProposalPlans(tx, project.proposalId, project.companyId);
    const [launched] = await tx
      .update(projects)
      .set({ websiteId: website.id, status: "launched", updatedAt: new Date() })
      .where(eq(projects.id, projectId))
      .returning();
    await audit(tx, launched!, website);
    return ok({ project: launched!, website });
  });
}
