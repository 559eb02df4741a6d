import { and, asc, desc, eq, gt, inArray, isNull, max, or, sql, type SQL } from "drizzle-orm";
import { homeProcess } from "@content/home";
import type {
  Milestone,
  MilestoneInput,
  MilestoneStatus,
  ProjectDetail,
  ProjectStatus,
  ProjectSummary,
} from "@shared/schemas/projects";
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
  type ProjectUpdate as ProjectUpdateRow,
  type User,
  type Website as WebsiteRow,
} from "../db/schema";
import { startProposalPlans } from "../billing/billing";
import { invoicePaymentPlanPart, type BillingSettings } from "../billing/invoices";
import { enqueueEmails } from "../mail/outbox";
import {
  approvalRequestEmail,
  milestoneAnswerEmail,
  projectUpdateEmail,
} from "../mail/templates/projects";
import { milestoneHash } from "../documents/content-hash";
import { displayName } from "../auth/display-name";
import { createWebsite } from "../websites/websites";

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

/* ---------------------------------------------------------------------------------------------
 * Reading projects: a summary for lists, the detail with milestones, approvals and updates.
 * ------------------------------------------------------------------------------------------- */

const iso = (date: Date) => date.toISOString();

function summarise(
  project: Project,
  company: Pick<Company, "name">,
  steps: Pick<ProjectMilestone, "name" | "status" | "position">[],
): ProjectSummary {
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
  return rows.map(({ project, company }) =>
    summarise(
      project,
      company,
      steps.filter((step) => step.projectId === project.id),
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
  return {
    ...summarise(found.project, found.company, steps),
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

/** The project's row, or undefined. */
export async function findProjectRow(db: DbExecutor, id: string) {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row;
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
async function awaitsAnswer(db: DbExecutor, milestone: ProjectMilestone): Promise<boolean> {
  if (!milestone.approvalRequestedAt) return false;
  const [latest] = await db
    .select({ createdAt: milestoneApprovals.createdAt })
    .from(milestoneApprovals)
    .where(eq(milestoneApprovals.milestoneId, milestone.id))
    .orderBy(desc(milestoneApprovals.createdAt))
    .limit(1);
  return !latest || latest.createdAt < milestone.approvalRequestedAt;
}

/* ---------------------------------------------------------------------------------------------
 * Staff writes. Each answers undefined when the project (or its milestone) is not there.
 * ------------------------------------------------------------------------------------------- */

/** What a project's notices and the invoices of its payment plan need of the settings. */
export type ProjectNotice = BillingSettings;

/**
 * A milestone that carries a part of the payment plan invoices it once it is done (once for
 * good: the part's invoice is unique per proposal).
 */
async function invoiceWhenDone(
  tx: DbExecutor,
  milestone: ProjectMilestone,
  settings: BillingSettings,
) {
  if (milestone.status !== "done" || !milestone.invoiceStage) return;
  const [project] = await tx.select().from(projects).where(eq(projects.id, milestone.projectId));
  if (project?.proposalId) {
    await invoicePaymentPlanPart(tx, project.proposalId, milestone.invoiceStage, settings);
  }
}

/**
 * A milestone just done hands over to the next upcoming one, which starts: the work moves on,
 * so the client never reads "Upcoming" on the step the project is at.
 */
async function startNext(tx: DbExecutor, done: ProjectMilestone, now: Date) {
  const [next] = await tx
    .select({ id: projectMilestones.id })
    .from(projectMilestones)
    .where(
      and(
        eq(projectMilestones.projectId, done.projectId),
        eq(projectMilestones.status, "upcoming"),
        gt(projectMilestones.position, done.position),
      ),
    )
    .orderBy(asc(projectMilestones.position))
    .limit(1);
  if (next) {
    await tx
      .update(projectMilestones)
      .set({ status: "in-progress", updatedAt: now })
      .where(eq(projectMilestones.id, next.id));
  }
}

/** Appends a milestone after the project's last one. */
export async function addMilestone(db: DbExecutor, projectId: string, input: MilestoneInput) {
  return db.transaction(async (tx) => {
    const [project] = await tx
      .select()
      .from(projects)
      .where(eq(projects.id, projectId))
      .for("update");
    if (!project) return undefined;
    const [last] = await tx
      .select({ position: max(projectMilestones.position) })
      .from(projectMilestones)
      .where(eq(projectMilestones.projectId, projectId));
    const [row] = await tx
      .insert(projectMilestones)
      .values({
        projectId,
        position: (last?.position ?? -1) + 1,
        name: input.name,
        status: input.status,
        dueDate: input.dueDate ?? null,
        notes: input.notes,
      })
      .returning();
    return row;
  });
}

/**
 * Renames a milestone or changes its status, due date or notes: the row before and after. Done
 * invoices its part of the payment plan and starts the next milestone.
 */
export async function updateMilestone(
  db: DbExecutor,
  projectId: string,
  milestoneId: string,
  input: MilestoneInput,
  settings: BillingSettings,
) {
  return db.transaction(async (tx) => {
    const before = await findMilestoneRow(tx, projectId, milestoneId);
    if (!before) return undefined;
    const [after] = await tx
      .update(projectMilestones)
      .set({
        name: input.name,
        status: input.status,
        dueDate: input.dueDate ?? null,
        notes: input.notes,
        updatedAt: new Date(),
      })
      .where(eq(projectMilestones.id, milestoneId))
      .returning();
    if (after && before.status !== "done" && after.status === "done") {
      await invoiceWhenDone(tx, after, settings);
      await startNext(tx, after, new Date());
    }
    return after && { before, after };
  });
}

/** The people of a company who follow its projects: owners and members (not billing-only). */
async function projectFollowers(db: DbExecutor, companyId: string) {
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

export type ApprovalRequest =
  | { ok: true; milestone: ProjectMilestone; project: Project }
  | { ok: false; reason: "not-found" | "waiting" };

/**
 * Asks the client to approve a milestone: it waits on the client, and the company's owners and
 * members are emailed, in one transaction with the audit event the caller records.
 */
export async function requestApproval(
  db: DbExecutor,
  projectId: string,
  milestoneId: string,
  notice: ProjectNotice,
  audit: (tx: DbExecutor, milestone: ProjectMilestone, project: Project) => Promise<void>,
): Promise<ApprovalRequest> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ milestone: projectMilestones, project: projects })
      .from(projectMilestones)
      .innerJoin(projects, eq(projects.id, projectMilestones.projectId))
      .where(and(eq(projectMilestones.id, milestoneId), eq(projectMilestones.projectId, projectId)))
      .for("update", { of: projectMilestones });
    if (!found) return { ok: false, reason: "not-found" } as const;
    if (await awaitsAnswer(tx, found.milestone)) return { ok: false, reason: "waiting" } as const;
    const [milestone] = await tx
      .update(projectMilestones)
      .set({ approvalRequestedAt: new Date(), status: "waiting-on-client", updatedAt: new Date() })
      .where(eq(projectMilestones.id, milestoneId))
      .returning();
    const followers = await projectFollowers(tx, found.project.companyId);
    await enqueueEmails(
      tx,
      followers.map((person) => approvalRequestEmail(person, found.project, milestone!, notice)),
    );
    await audit(tx, milestone!, found.project);
    return { ok: true, milestone: milestone!, project: found.project } as const;
  });
}

/** Posts an update on the project's timeline and emails the company's owners and members. */
export async function postUpdate(
  db: DbExecutor,
  projectId: string,
  author: User,
  input: ProjectUpdateInputParsed,
  notice: ProjectNotice,
  audit: (tx: DbExecutor, update: ProjectUpdateRow, project: Project) => Promise<void>,
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
      followers.map((person) => projectUpdateEmail(person, project, update!, notice)),
    );
    await audit(tx, update!, project);
    return { project, update: update! };
  });
}

export type LaunchResult =
  | { ok: true; project: Project; website: WebsiteRow }
  | { ok: false; reason: "not-found" | "has-website" };

/**
 * At launch: the client's website row, active, so hosting follows the build; the project
 * points at it and is launched. Refused when the project already has its website.
 */
export async function launchWebsite(
  db: DbExecutor,
  projectId: string,
  input: { domain: string; plan: string },
  audit: (tx: DbExecutor, project: Project, website: WebsiteRow) => Promise<void>,
): Promise<LaunchResult> {
  return db.transaction(async (tx) => {
    const [project] = await tx
      .select()
      .from(projects)
      .where(eq(projects.id, projectId))
      .for("update");
    if (!project) return { ok: false, reason: "not-found" } as const;
    if (project.websiteId) return { ok: false, reason: "has-website" } as const;
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
    return { ok: true, project: launched!, website } as const;
  });
}

/* ---------------------------------------------------------------------------------------------
 * The client's answer to an approval request.
 * ------------------------------------------------------------------------------------------- */

export type MilestoneAnswerRecord = {
  decision: "approved" | "changes-requested";
  contentHash: string;
  comment: string | null;
  ipAddress: string | null;
  userAgent: string | null;
};

export type AnswerResult =
  | { ok: true; milestone: ProjectMilestone; project: Project }
  | { ok: false; reason: "not-found" | "not-awaited" | "stale" };

/**
 * Records a client's answer like an acceptance (who, when, from where, the hash of what they
 * read). Approved: the milestone is done and the next upcoming one starts; changes requested:
 * it goes back in progress. The agency is emailed, in the same transaction.
 */
export async function answerMilestone(
  db: DbExecutor,
  user: User,
  companyId: string,
  projectId: string,
  milestoneId: string,
  answer: MilestoneAnswerRecord,
  notice: ProjectNotice,
  audit: (tx: DbExecutor, milestone: ProjectMilestone, project: Project) => Promise<void>,
): Promise<AnswerResult> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ milestone: projectMilestones, project: projects, company: companies })
      .from(projectMilestones)
      .innerJoin(projects, eq(projects.id, projectMilestones.projectId))
      .innerJoin(companies, eq(companies.id, projects.companyId))
      .where(
        and(
          eq(projectMilestones.id, milestoneId),
          eq(projectMilestones.projectId, projectId),
          eq(projects.companyId, companyId),
        ),
      )
      .for("update", { of: projectMilestones });
    if (!found) return { ok: false, reason: "not-found" } as const;
    if (!(await awaitsAnswer(tx, found.milestone))) {
      return { ok: false, reason: "not-awaited" } as const;
    }
    if (milestoneHash(found.milestone) !== answer.contentHash) {
      return { ok: false, reason: "stale" } as const;
    }
    const now = new Date();
    await tx.insert(milestoneApprovals).values({
      milestoneId,
      decision: answer.decision,
      comment: answer.comment,
      userId: user.id,
      userEmail: user.email,
      ipAddress: answer.ipAddress?.slice(0, 64) ?? null,
      userAgent: answer.userAgent?.slice(0, 500) ?? null,
      contentHash: answer.contentHash,
      createdAt: now,
    });
    const approved = answer.decision === "approved";
    const [milestone] = await tx
      .update(projectMilestones)
      .set({ status: approved ? "done" : "in-progress", updatedAt: now })
      .where(eq(projectMilestones.id, milestoneId))
      .returning();
    if (approved) {
      await invoiceWhenDone(tx, milestone!, notice);
      await startNext(tx, milestone!, now);
    }
    await enqueueEmails(tx, [
      milestoneAnswerEmail(
        { name: displayName(user), email: user.email },
        { ...found.project, companyName: found.company.name },
        found.milestone,
        answer,
        notice,
      ),
    ]);
    await audit(tx, milestone!, found.project);
    return { ok: true, milestone: milestone!, project: found.project } as const;
  });
}
