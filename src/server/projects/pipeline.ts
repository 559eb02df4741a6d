import { and, desc, eq, gt, inArray, isNotNull, min, ne } from "drizzle-orm";
import type { LeadStatus } from "@shared/schemas/leads";
import {
  PIPELINE_STAGE_LEADS,
  pipelineStages,
  type Pipeline,
  type PipelineStage,
} from "@shared/schemas/projects";
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
 * The back office's pipeline: every lead but spam counted by stage, with each stage's sum of
 * latest proposal values, its newest leads (PIPELINE_STAGE_LEADS at most: a year of leads would
 * be a board of tens of thousands of cards) and each shown lead's next Discovery Call; and every
 * active or launched project with its current milestone. Where each lead stands is read whole
 * (its status and client, every proposal's status and value, the calls to come: four queries
 * however many leads there are, as a list of every lead's id would outgrow what one query can
 * carry) and matched in memory; then the shown leads' cards, in one more.
 */
export async function loadPipeline(db: DbExecutor, now = new Date()): Promise<Pipeline> {
  const [leadRows, proposalRows, versionRows, callRows] = await Promise.all([
    // Only what places a lead: the cards' own fields are read for the leads shown.
    db
      .select({ id: leads.id, status: leads.status, companyId: leads.companyId })
      .from(leads)
      .where(ne(leads.status, "spam"))
      .orderBy(desc(leads.createdAt), desc(leads.id)),
    db
      .select({
        id: proposals.id,
        leadId: proposals.leadId,
        companyId: proposals.companyId,
        status: proposals.status,
      })
      .from(proposals)
      .orderBy(desc(proposals.createdAt), desc(proposals.id)),
    db
      .select({
        proposalId: proposalVersions.proposalId,
        version: proposalVersions.version,
        oneOffCents: proposalVersions.oneOffCents,
        monthlyCents: proposalVersions.monthlyCents,
      })
      .from(proposalVersions),
    db
      .select({ leadId: bookings.leadId, next: min(bookings.startsAt) })
      .from(bookings)
      .where(
        and(
          isNotNull(bookings.leadId),
          eq(bookings.status, "confirmed"),
          gt(bookings.startsAt, now),
        ),
      )
      .groupBy(bookings.leadId),
  ]);
  const nextCallOf = new Map(callRows.map((row) => [row.leadId, row.next]));
  /** Each proposal's latest version's value. */
  const valueOf = new Map<string, { version: number; cents: number }>();
  for (const row of versionRows) {
    const seen = valueOf.get(row.proposalId);
    if (!seen || row.version > seen.version) {
      valueOf.set(row.proposalId, { version: row.version, cents: proposalValue(row) });
    }
  }
  // Proposals are newest first: the first of a lead's (or a client's) is its latest, and its
  // place in this list says which of the two is newer.
  type Latest = { rank: number; proposal: (typeof proposalRows)[number] };
  const latestOfLead = new Map<string, Latest>();
  const latestOfCompany = new Map<string, Latest>();
  proposalRows.forEach((proposal, rank) => {
    if (proposal.leadId && !latestOfLead.has(proposal.leadId)) {
      latestOfLead.set(proposal.leadId, { rank, proposal });
    }
    if (proposal.companyId && !latestOfCompany.has(proposal.companyId)) {
      latestOfCompany.set(proposal.companyId, { rank, proposal });
    }
  });

  const stages = new Map(
    pipelineStages.map((stage) => [
      stage,
      { stage, shown: [] as { id: string; cents: number }[], leadCount: 0, proposalValueCents: 0 },
    ]),
  );
  for (const lead of leadRows) {
    const ofLead = latestOfLead.get(lead.id);
    const ofCompany = lead.companyId ? latestOfCompany.get(lead.companyId) : undefined;
    const latest =
      ofLead && ofCompany
        ? (ofLead.rank < ofCompany.rank ? ofLead : ofCompany).proposal
        : (ofLead ?? ofCompany)?.proposal;
    const cents = latest ? (valueOf.get(latest.id)?.cents ?? 0) : 0;
    const column = stages.get(pipelineStage(lead.status, latest?.status))!;
    column.leadCount += 1;
    column.proposalValueCents += cents;
    // Leads are newest first, so each column keeps its newest.
    if (column.shown.length < PIPELINE_STAGE_LEADS) column.shown.push({ id: lead.id, cents });
  }

  const shownIds = [...stages.values()].flatMap((column) => column.shown.map((card) => card.id));
  const cards = new Map(
    (shownIds.length === 0
      ? []
      : await db
          .select({
            id: leads.id,
            kind: leads.kind,
            name: leads.name,
            company: leads.company,
            reference: leads.reference,
            companyId: leads.companyId,
            createdAt: leads.createdAt,
          })
          .from(leads)
          .where(inArray(leads.id, shownIds))
    ).map((card) => [card.id, card]),
  );
  const columns: Pipeline["stages"] = [...stages.values()].map(({ shown, ...column }) => ({
    ...column,
    // A lead erased between the two reads is left out.
    leads: shown.flatMap(({ id, cents }) => {
      const card = cards.get(id);
      if (!card) return [];
      const { createdAt, ...fields } = card;
      return [
        {
          ...fields,
          proposalValueCents: cents,
          createdAt: createdAt.toISOString(),
          nextCallAt: nextCallOf.get(id)?.toISOString() ?? null,
        },
      ];
    }),
  }));

  return {
    stages: columns,
    projects: await listProjects(db, { statuses: ["active", "launched"] }),
  };
}
