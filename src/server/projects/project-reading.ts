import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type {
  Milestone,
  MilestoneStatus,
  ProjectDetail,
  ProjectStatus,
  ProjectSummary,
} from "@shared/schemas/projects";
import { displayName } from "../auth/display-name";
import type { DbExecutor } from "../db/client";
import { prepared } from "../db/prepared";
import {
  companies,
  companyMembers,
  milestoneApprovals,
  projectMilestones,
  projects,
  projectUpdates,
  users,
  type Company,
  type MilestoneApproval,
  type Project,
  type ProjectMilestone,
} from "../db/schema";
import { milestoneHash } from "../documents/content-hash";
import { proposalEstimates } from "../hours/estimates";
import { minutesBy } from "../hours/reading";

/*
 * Reading projects: a summary for lists, the detail with milestones, approvals and updates; and
 * what the writes check (a milestone of the project, whether it awaits an answer, who follows).
 */

export const projectMessages = {
  projectNotFound: "Project not found",
  milestoneNotFound: "Milestone not found",
  staleMilestone: "This milestone changed since you read it: read it again before answering",
  notAwaited: "No approval is awaited on this milestone",
  alreadyWaiting: "This milestone already waits for the client's approval",
  hasWebsite: "This project already has its website",
};

const iso = (date: Date) => date.toISOString();

function summarise(
  project: Project,
  company: Pick<Company, "name">,
  steps: Pick<ProjectMilestone, "name" | "status" | "position">[],
): Omit<ProjectSummary, "loggedMinutes" | "estimatedMinutes"> {
  const ordered = [...steps].sort((a, b) => a.position - b.position);
  return {
    id: project.id,
    name: project.name,
    status: project.status as ProjectStatus,
    companyId: project.companyId,
    companyName: company.name,
    proposalId: project.proposalId,
    websiteId: project.websiteId,
    currentMilestone: ordered.find((step) => step.status !== "done")?.name ?? null,
    milestonesDone: ordered.filter((step) => step.status === "done").length,
    milestonesTotal: ordered.length,
    createdAt: iso(project.createdAt),
  };
}

/** Adds each project's logged time and its proposal's estimate (server/hours/estimates.ts). */
async function withHours<T extends Omit<ProjectSummary, "loggedMinutes" | "estimatedMinutes">>(
  db: DbExecutor,
  summaries: T[],
): Promise<(T & Pick<ProjectSummary, "loggedMinutes" | "estimatedMinutes">)[]> {
  const proposalIds = summaries.flatMap((each) => (each.proposalId ? [each.proposalId] : []));
  const [logged, estimates] = await Promise.all([
    minutesBy(
      db,
      "projectId",
      summaries.map((each) => each.id),
    ),
    proposalEstimates(db, proposalIds),
  ]);
  return summaries.map((each) => ({
    ...each,
    loggedMinutes: logged.get(each.id) ?? 0,
    estimatedMinutes: each.proposalId ? (estimates.get(each.proposalId) ?? null) : null,
  }));
}

/** Projects (newest first) with their current milestone: one query for projects, one for steps. */
export async function listProjects(
  db: DbExecutor,
  filter: { companyId?: string; statuses?: ProjectStatus[] },
): Promise<ProjectSummary[]> {
  // An unset filter is a null placeholder, so one prepared statement serves every filter.
  const companyId = sql.placeholder("companyId");
  const statuses = sql.placeholder("statuses");
  const rows = await prepared(db, "projects", (db) =>
    db
      .select({ project: projects, company: companies })
      .from(projects)
      .innerJoin(companies, eq(companies.id, projects.companyId))
      .where(
        and(
          or(isNull(sql`${companyId}::uuid`), eq(projects.companyId, companyId)),
          or(isNull(sql`${statuses}::text[]`), sql`${projects.status} = any(${statuses}::text[])`),
        ),
      )
      .orderBy(desc(projects.createdAt), desc(projects.id)),
  ).execute({ companyId: filter.companyId ?? null, statuses: filter.statuses ?? null });
  if (rows.length === 0) return [];
  const steps = await prepared(db, "milestones_of_projects", (db) =>
    db
      .select({
        projectId: projectMilestones.projectId,
        name: projectMilestones.name,
        status: projectMilestones.status,
        position: projectMilestones.position,
      })
      .from(projectMilestones)
      .where(sql`${projectMilestones.projectId} = any(${sql.placeholder("ids")}::uuid[])`),
  ).execute({ ids: rows.map(({ project }) => project.id) });
  return withHours(
    db,
    rows.map(({ project, company }) =>
      summarise(
        project,
        company,
        steps.filter((step) => step.projectId === project.id),
      ),
    ),
  );
}

/** A milestone as both sides read it, with the hash an approval records. */
function toMilestone(row: ProjectMilestone, answers: MilestoneApproval[]): Milestone {
  return {
    id: row.id,
    position: row.position,
    name: row.name,
    status: row.status as MilestoneStatus,
    dueDate: row.dueDate,
    notes: row.notes,
    approvalRequestedAt: row.approvalRequestedAt ? iso(row.approvalRequestedAt) : null,
    approvals: answers.map((answer) => ({
      decision: answer.decision,
      comment: answer.comment,
      userEmail: answer.userEmail,
      ipAddress: answer.ipAddress,
      userAgent: answer.userAgent,
      contentHash: answer.contentHash,
      createdAt: iso(answer.createdAt),
    })),
    contentHash: milestoneHash(row),
  };
}

/**
 * One project with its milestones (in position order; each with its answers, newest first) and
 * its updates (newest first): one of the company's when companyId is given, or any (staff).
 */
export async function findProject(
  db: DbExecutor,
  id: string,
  companyId?: string,
): Promise<ProjectDetail | undefined> {
  const owned: SQL[] = companyId ? [eq(projects.companyId, companyId)] : [];
  const [found] = await db
    .select({ project: projects, company: companies })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(and(eq(projects.id, id), ...owned));
  if (!found) return undefined;
  const steps = await db
    .select()
    .from(projectMilestones)
    .where(eq(projectMilestones.projectId, id))
    .orderBy(asc(projectMilestones.position), asc(projectMilestones.createdAt));
  const answers =
    steps.length === 0
      ? []
      : await db
          .select()
          .from(milestoneApprovals)
          .where(
            inArray(
              milestoneApprovals.milestoneId,
              steps.map((step) => step.id),
            ),
          )
          .orderBy(desc(milestoneApprovals.createdAt));
  const updates = await db
    .select({ update: projectUpdates, author: users })
    .from(projectUpdates)
    .leftJoin(users, eq(users.id, projectUpdates.authorId))
    .where(eq(projectUpdates.projectId, id))
    .orderBy(desc(projectUpdates.createdAt), desc(projectUpdates.id));
  const [summary] = await withHours(db, [summarise(found.project, found.company, steps)]);
  return {
    ...summary!,
    milestones: steps.map((step) =>
      toMilestone(
        step,
        answers.filter((answer) => answer.milestoneId === step.id),
      ),
    ),
    updates: updates.map(({ update, author }) => ({
      id: update.id,
      body: update.body,
      previewUrl: update.previewUrl,
      authorName: author ? displayName(author) : null,
      createdAt: iso(update.createdAt),
    })),
  };
}

/** One milestone of a project, or undefined (also when it belongs to another project). */
export async function findMilestoneRow(db: DbExecutor, projectId: string, milestoneId: string) {
  const [row] = await db
    .select()
    .from(projectMilestones)
    .where(and(eq(projectMilestones.id, milestoneId), eq(projectMilestones.projectId, projectId)));
  return row;
}

/** Approval is asked and no answer came after the request (as the portal reads it). */
export async function awaitsAnswer(db: DbExecutor, milestone: ProjectMilestone): Promise<boolean> {
  if (!milestone.approvalRequestedAt) return false;
  const [latest] = await db
    .select({ createdAt: milestoneApprovals.createdAt })
    .from(milestoneApprovals)
    .where(eq(milestoneApprovals.milestoneId, milestone.id))
    .orderBy(desc(milestoneApprovals.createdAt))
    .limit(1);
  return !latest || latest.createdAt < milestone.approvalRequestedAt;
}

/** The people of a company who follow its projects: owners and members (not billing-only). */
export async function projectFollowers(db: DbExecutor, companyId: string) {
  const rows = await db
    .select({ user: users })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        inArray(companyMembers.role, ["owner", "member"]),
      ),
    );
  return rows.map(({ user }) => ({ name: displayName(user), email: user.email }));
}
