import { and, eq, isNull, max } from "drizzle-orm";
import { lineTotals, splitPaymentPlan } from "@shared/payment-plan";
import {
  MAX_PRICE_CENTS,
  type NewProposal,
  type ProposalDetail,
  type ProposalDraft,
} from "@shared/schemas/proposals";
import { recordAudit, type AuditContext } from "../audit/audit";
import type { Db, DbExecutor } from "../db/client";
import { companies, leads, proposals, proposalVersions, type ProposalLine } from "../db/schema";
import {
  conflict,
  invalid,
  notFound,
  ok,
  type DomainFailure,
  type Outcome,
} from "../domain-failure";
import {
  findProposal,
  lockProposal,
  proposalMessages,
  proposalNotFound,
  versionsOf,
} from "./proposal-reading";

/*
 * Staff write a proposal as versions: a new proposal (version 1, a draft) for a lead or a client,
 * changes to the draft, and a new draft version once the last was sent. A converted lead's
 * proposals follow it to its client.
 */

/** A draft's content as stored: the lines as written, totals and plan worked out here. */
function versionContent(draft: ProposalDraft) {
  const lines: ProposalLine[] = draft.lines.map((line) => ({
    description: line.description,
    detail: line.detail,
    planId: line.planId,
    billing: line.billing,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
  }));
  const totals = lineTotals(lines);
  return {
    title: draft.title,
    scope: draft.scope,
    lines,
    ...totals,
    ...splitPaymentPlan(totals.oneOffCents),
    validUntil: draft.validUntil,
  };
}

/** Refuses totals over the most a proposal may ask; undefined when it is fine. */
function tooLarge(content: ReturnType<typeof versionContent>): DomainFailure | undefined {
  const biggestLine = Math.max(...content.lines.map((line) => line.quantity * line.unitPriceCents));
  return content.oneOffCents > MAX_PRICE_CENTS ||
    content.monthlyCents > MAX_PRICE_CENTS ||
    biggestLine > MAX_PRICE_CENTS
    ? invalid(proposalMessages.tooLarge, "lines")
    : undefined;
}

/** What an audit event keeps of a version's content. */
function auditedContent(content: ReturnType<typeof versionContent>) {
  return {
    title: content.title,
    scope: content.scope,
    lines: content.lines,
    oneOffCents: content.oneOffCents,
    monthlyCents: content.monthlyCents,
    validUntil: content.validUntil,
  };
}

/**
 * A new proposal for a lead (its client too, once the lead is converted) or a client, with
 * version 1 as a draft.
 */
export async function createProposal(
  db: Db,
  input: NewProposal,
  audit: AuditContext,
): Promise<Outcome<ProposalDetail>> {
  if (Boolean(input.leadId) === Boolean(input.companyId)) {
    return invalid(proposalMessages.leadOrClient, input.leadId ? "companyId" : "leadId");
  }
  const content = versionContent(input);
  const refused = tooLarge(content);
  if (refused) return refused;
  return db.transaction(async (tx) => {
    let companyId = input.companyId ?? null;
    if (input.leadId) {
      const [lead] = await tx.select().from(leads).where(eq(leads.id, input.leadId));
      if (!lead) return notFound(proposalMessages.leadNotFound);
      companyId = lead.companyId;
    } else if (companyId) {
      const [company] = await tx.select().from(companies).where(eq(companies.id, companyId));
      if (!company) return notFound(proposalMessages.clientNotFound);
    }
    const [proposal] = await tx
      .insert(proposals)
      .values({ leadId: input.leadId ?? null, companyId, createdBy: audit.actor?.id ?? null })
      .returning();
    await tx.insert(proposalVersions).values({ proposalId: proposal!.id, version: 1, ...content });
    await recordAudit(tx, audit, {
      action: "proposal.created",
      targetType: "proposal",
      targetId: proposal!.id,
      companyId,
      changes: {
        after: { leadId: input.leadId ?? null, companyId, version: 1, ...auditedContent(content) },
      },
    });
    return ok((await findProposal(tx, proposal!.id, { staff: true }))!);
  });
}

/** Changes a draft version; a sent version is frozen. */
export async function updateDraft(
  db: Db,
  id: string,
  versionId: string,
  draft: ProposalDraft,
  audit: AuditContext,
): Promise<Outcome<ProposalDetail>> {
  const content = versionContent(draft);
  const refused = tooLarge(content);
  if (refused) return refused;
  return db.transaction(async (tx) => {
    const proposal = await lockProposal(tx, id);
    if (!proposal) return proposalNotFound();
    const [version] = await tx
      .select()
      .from(proposalVersions)
      .where(and(eq(proposalVersions.id, versionId), eq(proposalVersions.proposalId, id)));
    if (!version) return notFound("Version not found");
    if (version.sentAt) return conflict(proposalMessages.frozen(version.version));
    await tx.update(proposalVersions).set(content).where(eq(proposalVersions.id, versionId));
    const before = auditedContent({ ...version, lines: version.lines });
    const after = auditedContent(content);
    const changed = Object.keys(after).filter(
      (key) =>
        JSON.stringify(before[key as keyof typeof before]) !==
        JSON.stringify(after[key as keyof typeof after]),
    );
    const pick = (record: Record<string, unknown>) =>
      Object.fromEntries(changed.map((key) => [key, record[key]]));
    await recordAudit(tx, audit, {
      action: "proposal.updated",
      targetType: "proposal",
      targetId: id,
      companyId: proposal.companyId,
      changes: { before: { version: version.version, ...pick(before) }, after: pick(after) },
    });
    return ok((await findProposal(tx, id, { staff: true }))!);
  });
}

/** A new draft version (the last number plus one), when the proposal has no draft and is open. */
export async function createVersion(
  db: Db,
  id: string,
  draft: ProposalDraft,
  audit: AuditContext,
): Promise<Outcome<ProposalDetail>> {
  const content = versionContent(draft);
  const refused = tooLarge(content);
  if (refused) return refused;
  return db.transaction(async (tx) => {
    const proposal = await lockProposal(tx, id);
    if (!proposal) return proposalNotFound();
    if (proposal.status === "accepted") return conflict(proposalMessages.acceptedFinal);
    const versions = await versionsOf(tx, id);
    const draftVersion = versions.find((version) => !version.sentAt);
    if (draftVersion) return conflict(proposalMessages.draftExists(draftVersion.version));
    const [top] = await tx
      .select({ n: max(proposalVersions.version) })
      .from(proposalVersions)
      .where(eq(proposalVersions.proposalId, id));
    const number = (top?.n ?? 0) + 1;
    await tx.insert(proposalVersions).values({ proposalId: id, version: number, ...content });
    await recordAudit(tx, audit, {
      action: "proposal.version-created",
      targetType: "proposal",
      targetId: id,
      companyId: proposal.companyId,
      changes: { after: { version: number, ...auditedContent(content) } },
    });
    return ok((await findProposal(tx, id, { staff: true }))!);
  });
}

/** Gives a converted lead's proposals its new client. */
export async function attachLeadProposals(tx: DbExecutor, leadId: string, companyId: string) {
  await tx
    .update(proposals)
    .set({ companyId })
    .where(and(eq(proposals.leadId, leadId), isNull(proposals.companyId)));
}
