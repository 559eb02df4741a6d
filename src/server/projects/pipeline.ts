import { and, desc, eq, gt, inArray, min, ne, or } from "drizzle-orm";
import type { LeadStatus } from "@shared/schemas/leads";
import { pipelineStages, type Pipeline, type PipelineStage } from "@shared/schemas/projects";
import type { DbExecutor } from "../db/client";
import { bookings, leads, proposals, proposalVersions } from "../db/schema";
import { listProjects } from "./project-reading";

/**
 * Where a lead stands in the pipeline. Won and lost are the lead's own word; otherwise a latest
 * proposal that is sent and unanswered puts it in "proposal sent" (no lead status says so), an
 * accepted one in "won"; qualified leads have been talked to, so they count as contacted.
 */
export function pipelineStage(status: string, latestProposal: string | undefined): PipelineStage {
  if (status === "won" || status === "lost") return status;
  if (latestProposal === "sent") return "proposal-sent";
  if (latestProposal === "accepted") return "won";
  const byStatus: Partial<Record<LeadStatus, PipelineStage>> = {
    new: "new",
    contacted: "contacted",
    qualified: "contacted",
  };
  return byStatus[status as LeadStatus] ?? "new";
}

/** A version's value: the one-off build plus twelve months of its monthly lines, in cents. */
export const proposalValue = (version: { oneOffCents: number; monthlyCents: number }) =>
  version.oneOffCents + 12 * version.monthlyCents;

/**
 * The back office's pipeline: every lead but spam by stage, with its latest proposal's value and
 * each stage's sum and its next Discovery Call, and every active or launched project with its
 * current milestone. Four queries for the leads, their proposals and calls, two for the projects,
 * however many leads there are.
 */
export async function loadPipeline(db: DbExecutor, now = new Date()): Promise<Pipeline> {
  const leadRows = await db
    .select()
    .from(leads)
    .where(ne(leads.status, "spam"))
    .orderBy(desc(leads.createdAt), desc(leads.id));

  const leadIds = leadRows.map((lead) => lead.id);
  const companyIds = [
    ...new Set(leadRows.flatMap((lead) => (lead.companyId ? [lead.companyId] : []))),
  ];
  const proposalRows =
    leadIds.length === 0
      ? []
      : await db
          .select()
          .from(proposals)
          .where(
            or(
              inArray(proposals.leadId, leadIds),
              ...(companyIds.length ? [inArray(proposals.companyId, companyIds)] : []),
            ),
          )
          .orderBy(desc(proposals.createdAt), desc(proposals.id));
  const versionRows =
    proposalRows.length === 0
      ? []
      : await db
          .select({
            proposalId: proposalVersions.proposalId,
            version: proposalVersions.version,
            oneOffCents: proposalVersions.oneOffCents,
            monthlyCents: proposalVersions.monthlyCents,
          })
          .from(proposalVersions)
          .where(
            inArray(
              proposalVersions.proposalId,
              proposalRows.map((proposal) => proposal.id),
            ),
          );
  const callRows =
    leadIds.length === 0
      ? []
      : await db
          .select({ leadId: bookings.leadId, next: min(bookings.startsAt) })
          .from(bookings)
          .where(
            and(
              inArray(bookings.leadId, leadIds),
              eq(bookings.status, "confirmed"),
              gt(bookings.startsAt, now),
            ),
          )
          .groupBy(bookings.leadId);
  const nextCallOf = new Map(callRows.map((row) => [row.leadId, row.next]));
  /** Each proposal's latest version's value. */
  const valueOf = new Map<string, { version: number; cents: number }>();
  for (const row of versionRows) {
    const seen = valueOf.get(row.proposalId);
    if (!seen || row.version > seen.version) {
      valueOf.set(row.proposalId, { version: row.version, cents: proposalValue(row) });
    }
  }

  const stages = new Map<PipelineStage, Pipeline["stages"][number]>(
    pipelineStages.map((stage) => [stage, { stage, leads: [], proposalValueCents: 0 }]),
  );
  for (const lead of leadRows) {
    // Proposals are newest first: the first that is the lead's (or its client's) is the latest.
    const latest = proposalRows.find(
      (proposal) =>
        proposal.leadId === lead.id ||
        (lead.companyId !== null && proposal.companyId === lead.companyId),
    );
    const cents = latest ? (valueOf.get(latest.id)?.cents ?? 0) : 0;
    const column = stages.get(pipelineStage(lead.status, latest?.status))!;
    column.leads.push({
      id: lead.id,
      kind: lead.kind,
      name: lead.name,
      company: lead.company,
      reference: lead.reference,
      companyId: lead.companyId,
      proposalValueCents: cents,
      createdAt: lead.createdAt.toISOString(),
      nextCallAt: nextCallOf.get(lead.id)?.toISOString() ?? null,
    });
    column.proposalValueCents += cents;
  }

  return {
    stages: [...stages.values()],
    projects: await listProjects(db, { statuses: ["active", "launched"] }),
  };
}
