import { and, asc, eq, gt, max } from "drizzle-orm";
import type { MilestoneInput } from "@shared/schemas/projects";
import { displayName } from "../auth/display-name";
import { invoicePaymentPlanPart } from "../billing/invoice-issuing";
import type { BillingSettings } from "../billing/settings";
import type { DbExecutor } from "../db/client";
import {
  companies,
  milestoneApprovals,
  projectMilestones,
  projects,
  type Project,
  type ProjectMilestone,
  type User,
} from "../db/schema";
import { conflict, notFound, ok, type Outcome } from "../domain-failure";
import { enqueueEmails } from "../mail/outbox";
import { approvalRequestEmail, milestoneAnswerEmail } from "../mail/templates/projects";
import { milestoneHash } from "../documents/content-hash";
import {
  awaitsAnswer,
  findMilestoneRow,
  projectFollowers,
  projectMessages,
} from "./project-reading";

/*
 * A project's milestones: staff add and change them and ask the client to approve one; the
 * client answers. A milestone done invoices its part of the payment plan and starts the next.
 */

type MailSettings = { agencyInbox: string; publicUrl: string };

/** Appends a milestone write's audit event, in its transaction (the route words it). */
type MilestoneAudit = (
  tx: DbExecutor,
  milestone: ProjectMilestone,
  project: Project,
) => Promise<void>;

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
    await invoicePaymentPlanPart(tx, project.proposalId, milestone.invoiceStage, { settings });
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
  { settings }: { settings: BillingSettings },
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

/**
 * Asks the client to approve a milestone: it waits on the client, and the company's owners and
 * members are emailed, in one transaction with the audit event the caller records.
 */
export async function requestApproval(
  db: DbExecutor,
  projectId: string,
  milestoneId: string,
  { settings, audit }: { settings: MailSettings; audit: MilestoneAudit },
): Promise<Outcome<{ milestone: ProjectMilestone; project: Project }>> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ milestone: projectMilestones, project: projects })
      .from(projectMilestones)
      .innerJoin(projects, eq(projects.id, projectMilestones.projectId))
      .where(and(eq(projectMilestones.id, milestoneId), eq(projectMilestones.projectId, projectId)))
      .for("update", { of: projectMilestones });
    if (!found) return notFound(projectMessages.milestoneNotFound);
    if (await awaitsAnswer(tx, found.milestone)) return conflict(projectMessages.alreadyWaiting);
    const [milestone] = await tx
      .update(projectMilestones)
      .set({ approvalRequestedAt: new Date(), status: "waiting-on-client", updatedAt: new Date() })
      .where(eq(projectMilestones.id, milestoneId))
      .returning();
    const followers = await projectFollowers(tx, found.project.companyId);
    await enqueueEmails(
      tx,
      followers.map((person) => approvalRequestEmail(person, found.project, milestone!, settings)),
    );
    await audit(tx, milestone!, found.project);
    return ok({ milestone: milestone!, project: found.project });
  });
}

export type MilestoneAnswerRecord = {
  decision: "approved" | "changes-requested";
  contentHash: string;
  comment: string | null;
  ipAddress: string | null;
  userAgent: string | null;
};

/**
 * Records a client's answer like an acceptance (who, when, from where, the hash of what they
 * read). Approved: the milestone is done and the next upcoming one starts; changes requested:
 * it goes back in progress. The agency is emailed, in the same transaction.
 */
export async function answerMilestone(
  db: DbExecutor,
  projectId: string,
  milestoneId: string,
  answer: MilestoneAnswerRecord,
  { user, companyId }: { user: User; companyId: string },
  { settings, audit }: { settings: BillingSettings; audit: MilestoneAudit },
): Promise<Outcome<{ milestone: ProjectMilestone; project: Project }>> {
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
    if (!found) return notFound(projectMessages.milestoneNotFound);
    if (!(await awaitsAnswer(tx, found.milestone))) return conflict(projectMessages.notAwaited);
    if (milestoneHash(found.milestone) !== answer.contentHash) {
      return conflict(projectMessages.staleMilestone);
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
      await invoiceWhenDone(tx, milestone!, settings);
      await startNext(tx, milestone!, now);
    }
    await enqueueEmails(tx, [
      milestoneAnswerEmail(
        { name: displayName(user), email: user.email },
        { ...found.project, companyName: found.company.name },
        found.milestone,
        answer,
        settings,
      ),
    ]);
    await audit(tx, milestone!, found.project);
    return ok({ milestone: milestone!, project: found.project });
  });
}
