import { and, desc, eq, isNotNull } from "drizzle-orm";
import { recordWebhookEvent } from "../webhooks/events";
import { staffLinks } from "@shared/deep-links";
import type { ProposalDetail } from "@shared/schemas/proposals";
import { recordAudit, type AuditContext } from "../audit/audit";
import { displayName } from "../auth/display-name";
import { invoicePaymentPlanPart } from "../billing/invoice-issuing";
import type { BillingSettings } from "../billing/settings";
import type { Db } from "../db/client";
import { companies, leads, proposalResponses, proposals, proposalVersions } from "../db/schema";
import { formatMoney } from "@shared/format";
import { conflict, ok, type Outcome } from "../domain-failure";
import { proposalAnsweredEmail } from "../mail/templates/proposals";
import { copyTo, notify, staffUsers } from "../notices/notices";
import { openProject } from "../projects/projects";
import {
  findProposal,
  isExpired,
  lockProposal,
  proposalMessages,
  proposalNotFound,
  toVersion,
} from "./proposal-reading";

export type Answer =
  | { decision: "accepted"; versionId: string; contentHash: string; signedName: string }
  | { decision: "declined"; versionId: string; contentHash: string; reason: string };

/**
 * Who answers and from where, as the record keeps it: an owner or billing member of the company
 * (the route lets no one else answer).
 */
export type Answerer = {
  user: { id: string; email: string; firstName: string | null; lastName: string | null };
  companyId: string;
  ipAddress: string | null;
  userAgent: string | null;
};

/**
 * The client accepts or declines the latest sent version, naming it by id and by the hash they
 * were shown. In one transaction: the answer with its record, the status, the project (when
 * accepted), the email to the agency and the audit event.
 */
export async function answerProposal(
  db: Db,
  id: string,
  answer: Answer,
  who: Answerer,
  {
    settings,
    audit,
    now = new Date(),
  }: { settings: BillingSettings; audit: AuditContext; now?: Date },
): Promise<Outcome<ProposalDetail>> {
  return db.transaction(async (tx) => {
    const proposal = await lockProposal(tx, id);
    if (!proposal || proposal.companyId !== who.companyId) return proposalNotFound();
    const [latest] = await tx
      .select()
      .from(proposalVersions)
      .where(and(eq(proposalVersions.proposalId, id), isNotNull(proposalVersions.sentAt)))
      .orderBy(desc(proposalVersions.version))
      .limit(1);
    if (!latest) return proposalNotFound();
    const [earlier] = await tx
      .select()
      .from(proposalResponses)
      .where(eq(proposalResponses.versionId, latest.id));
    if (earlier) return conflict(proposalMessages.answered(earlier.decision));
    if (proposal.status === "accepted") return conflict(proposalMessages.answered("accepted"));
    const shown = toVersion(latest);
    if (answer.versionId !== latest.id || answer.contentHash !== shown.contentHash) {
      return conflict(proposalMessages.stale);
    }
    if (isExpired(latest.validUntil, now))
      return conflict(proposalMessages.expired(latest.validUntil));

    await tx.insert(proposalResponses).values({
      versionId: latest.id,
      decision: answer.decision,
      signedName: answer.decision === "accepted" ? answer.signedName : null,
      reason: answer.decision === "declined" ? answer.reason : null,
      userId: who.user.id,
      userEmail: who.user.email,
      ipAddress: who.ipAddress?.slice(0, 64) ?? null,
      userAgent: who.userAgent?.slice(0, 500) ?? null,
      contentHash: shown.contentHash,
      createdAt: now,
    });
    await tx.update(proposals).set({ status: answer.decision }).where(eq(proposals.id, id));
    if (answer.decision === "accepted") {
      await openProject(tx, { companyId: who.companyId, proposalId: id, name: latest.title });
      await invoicePaymentPlanPart(tx, id, "deposit", { settings, now });
      await recordWebhookEvent(
        tx,
        "proposal.accepted",
        await findProposal(tx, id, { staff: true }),
        { companyId: who.companyId },
      );
    }
    const [company] = await tx.select().from(companies).where(eq(companies.id, who.companyId));
    // Signed work is what makes a deal won, not the conversion that came before it.
    const wonLeadId = proposal.leadId ?? company?.leadId;
    if (answer.decision === "accepted" && wonLeadId) {
      await tx.update(leads).set({ status: "won" }).where(eq(leads.id, wonLeadId));
    }
    const clientPath = staffLinks.client(who.companyId);
    const agencyEmail = proposalAnsweredEmail(
      answer.decision === "accepted"
        ? { decision: "accepted", signedName: answer.signedName }
        : { decision: "declined", reason: answer.reason },
      {
        title: latest.title,
        version: latest.version,
        companyName: company?.name ?? "",
        oneOff: formatMoney(latest.oneOffCents),
      },
      { name: displayName(who.user), email: who.user.email },
      `${settings.publicUrl}${clientPath}`,
      settings,
    );
    await notify(tx, {
      kind: "staff-proposal-answered",
      key: `proposal-answered:${latest.id}`,
      recipients: await staffUsers(tx),
      companyId: who.companyId,
      title: `${company?.name ?? "A client"} ${answer.decision} ${latest.title}`,
      body:
        answer.decision === "accepted"
          ? `Signed by ${answer.signedName}.`
          : `Declined by ${displayName(who.user)}: ${answer.reason}`,
      link: clientPath,
      agencyEmail,
      email: (user) => copyTo(agencyEmail, user),
    });
    await recordAudit(tx, audit, {
      action: answer.decision === "accepted" ? "proposal.accepted" : "proposal.declined",
      targetType: "proposal",
      targetId: id,
      companyId: who.companyId,
      changes: {
        before: { status: proposal.status },
        after: {
          status: answer.decision,
          version: latest.version,
          contentHash: shown.contentHash,
          ...(answer.decision === "accepted"
            ? { signedName: answer.signedName }
            : { reason: answer.reason }),
        },
      },
    });
    return ok((await findProposal(tx, id, { staff: false, companyId: who.companyId }))!);
  });
}
