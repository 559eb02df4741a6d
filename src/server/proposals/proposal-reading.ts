import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { proposalTerms } from "@content/terms";
import {
  MAX_PRICE_CENTS,
  type ProposalDetail,
  type ProposalResponse,
  type ProposalStatus,
  type ProposalSummary,
  type ProposalVersion,
} from "@shared/schemas/proposals";
import type { Db, DbExecutor } from "../db/client";
import {
  companies,
  leads,
  projects,
  proposalResponses,
  proposals,
  proposalVersions,
  type Proposal,
  type ProposalVersion as VersionRow,
} from "../db/schema";
import { formatCalendarDate, formatMoney } from "@shared/format";
import { notFound } from "../domain-failure";
import { proposalVersionHash } from "../documents/content-hash";
import { renderMarkdown } from "./markdown";
import { billingAddressOf } from "../billing/bill-to";
import { proposalPdf } from "./pdf";

/*
 * Reading proposals as staff and clients see them: lists, one with its versions and answer, its
 * PDF; and finding one locked, with its versions, for the writes.
 */

export const proposalMessages = {
  leadOrClient: "Choose a lead or a client for the proposal, not both",
  leadNotFound: "Lead not found",
  clientNotFound: "Client not found",
  tooLarge: `A proposal's total must be at most ${formatMoney(MAX_PRICE_CENTS)}`,
  frozen: (version: number) =>
    `Version ${version} was sent and is frozen: make a new version to change it`,
  draftExists: (version: number) => `Version ${version} is still a draft: edit it`,
  acceptedFinal: "An accepted proposal cannot change",
  noDraft: "There is no draft to send: make a new version first",
  noClient: "Convert the lead to a client before sending the proposal",
  validUntilPast: "The valid-until date is in the past: change it before sending",
  ownersOnly: "Only the account owner or a billing member can accept or decline a proposal",
  stale: "A newer version of this proposal was sent: read it before answering",
  answered: (decision: string) => `This proposal was already ${decision}`,
  expired: (validUntil: string) => `This proposal expired on ${formatCalendarDate(validUntil)}`,
} as const;

export const proposalNotFound = () => notFound("Proposal not found");

/** Who sees a proposal: staff see every version; a client sees their company's sent ones. */
export type Viewer = { staff: true } | { staff: false; companyId: string };

/** The day (YYYY-MM-DD, UTC) a time falls on: a proposal is valid through its valid-until day. */
const dayOf = (now: Date) => now.toISOString().slice(0, 10);
export const isExpired = (validUntil: string, now: Date) => validUntil < dayOf(now);

/**
 * A stored version as both sides read it, with its scope rendered and its content's hash. A sent
 * version has the terms it was sent with; a draft shows the agency's terms of today.
 */
export function toVersion(row: VersionRow): ProposalVersion {
  const terms = row.sentAt ? (row.terms ?? []) : proposalTerms;
  const lines = row.lines.map((line) => ({
    description: line.description,
    detail: line.detail ?? null,
    planId: line.planId ?? null,
    billing: line.billing,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    amountCents: line.quantity * line.unitPriceCents,
  }));
  const shown = {
    proposalId: row.proposalId,
    version: row.version,
    title: row.title,
    scope: row.scope,
    lines,
    oneOffCents: row.oneOffCents,
    monthlyCents: row.monthlyCents,
    depositCents: row.depositCents,
    midpointCents: row.midpointCents,
    completionCents: row.completionCents,
    validUntil: row.validUntil,
    terms,
  };
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    scope: row.scope,
    scopeHtml: renderMarkdown(row.scope),
    lines,
    oneOffCents: row.oneOffCents,
    monthlyCents: row.monthlyCents,
    depositCents: row.depositCents,
    midpointCents: row.midpointCents,
    completionCents: row.completionCents,
    validUntil: row.validUntil,
    terms,
    sentAt: row.sentAt?.toISOString() ?? null,
    contentHash: proposalVersionHash(shown),
  };
}

/** The versions a viewer may read, newest first. */
async function visibleVersions(db: DbExecutor, proposalIds: string[], viewer: Viewer) {
  if (proposalIds.length === 0) return [];
  return db
    .select()
    .from(proposalVersions)
    .where(
      and(
        inArray(proposalVersions.proposalId, proposalIds),
        viewer.staff ? undefined : isNotNull(proposalVersions.sentAt),
      ),
    )
    .orderBy(desc(proposalVersions.version));
}

function toSummary(proposal: Proposal, versions: VersionRow[]): ProposalSummary {
  const latest = versions[0]!;
  const sent = versions.find((version) => version.sentAt);
  return {
    id: proposal.id,
    title: latest.title,
    status: proposal.status as ProposalStatus,
    leadId: proposal.leadId,
    companyId: proposal.companyId,
    version: latest.version,
    oneOffCents: latest.oneOffCents,
    monthlyCents: latest.monthlyCents,
    validUntil: latest.validUntil,
    sentAt: sent?.sentAt?.toISOString() ?? null,
    createdAt: proposal.createdAt.toISOString(),
  };
}

/**
 * A lead's or a client's proposals (staff), or a client's sent proposals (the portal), newest
 * first, each with its latest version's number and totals.
 */
export async function listProposals(
  db: Db,
  filter: { leadId?: string; companyId?: string },
  viewer: Viewer,
): Promise<ProposalSummary[]> {
  const companyId = viewer.staff ? filter.companyId : viewer.companyId;
  const rows = await db
    .select()
    .from(proposals)
    .where(
      and(
        filter.leadId ? eq(proposals.leadId, filter.leadId) : undefined,
        companyId ? eq(proposals.companyId, companyId) : undefined,
      ),
    )
    .orderBy(desc(proposals.createdAt), desc(proposals.id));
  const versions = await visibleVersions(
    db,
    rows.map((row) => row.id),
    viewer,
  );
  return rows.flatMap((row) => {
    const own = versions.filter((version) => version.proposalId === row.id);
    return own.length > 0 ? [toSummary(row, own)] : [];
  });
}

function toResponse(row: typeof proposalResponses.$inferSelect): ProposalResponse {
  return {
    decision: row.decision,
    versionId: row.versionId,
    signedName: row.signedName,
    reason: row.reason,
    userEmail: row.userEmail,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    contentHash: row.contentHash,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A proposal with the versions the viewer may read; undefined when it is not theirs to see. */
export async function findProposal(
  db: DbExecutor,
  id: string,
  viewer: Viewer,
): Promise<ProposalDetail | undefined> {
  const [row] = await db
    .select({ proposal: proposals, companyName: companies.name, leadName: leads.name })
    .from(proposals)
    .leftJoin(companies, eq(companies.id, proposals.companyId))
    .leftJoin(leads, eq(leads.id, proposals.leadId))
    .where(eq(proposals.id, id));
  if (!row) return undefined;
  if (!viewer.staff && row.proposal.companyId !== viewer.companyId) return undefined;
  const versions = await visibleVersions(db, [id], viewer);
  if (versions.length === 0) return undefined;
  const latestSent = versions.find((version) => version.sentAt);
  const [response] = latestSent
    ? await db
        .select()
        .from(proposalResponses)
        .where(eq(proposalResponses.versionId, latestSent.id))
    : [];
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.proposalId, id));
  return {
    ...toSummary(row.proposal, versions),
    companyName: row.companyName,
    leadName: row.leadName,
    versions: versions.map(toVersion),
    response: response ? toResponse(response) : null,
    projectId: project?.id ?? null,
  };
}

/** Locks a proposal row for the rest of the caller's transaction. */
export async function lockProposal(tx: DbExecutor, id: string) {
  const [row] = await tx.select().from(proposals).where(eq(proposals.id, id)).for("update");
  return row;
}

/** A proposal's versions, newest first. */
export async function versionsOf(tx: DbExecutor, id: string) {
  return tx
    .select()
    .from(proposalVersions)
    .where(eq(proposalVersions.proposalId, id))
    .orderBy(desc(proposalVersions.version));
}

/** A file name made of the title: "proposal-a-new-website-v2.pdf". */
function fileName(detail: ProposalDetail, version: ProposalVersion) {
  const slug = version.title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `proposal-${slug || detail.id.slice(0, 8)}-v${version.version}.pdf`;
}

/**
 * A proposal as PDF: the asked version (staff), else the accepted one with its acceptance
 * record, else the latest the viewer may read. Undefined when not theirs or no such version.
 */
export async function proposalDocument(
  db: Db,
  id: string,
  viewer: Viewer,
  versionId?: string,
): Promise<{ fileName: string; bytes: Buffer } | undefined> {
  const detail = await findProposal(db, id, viewer);
  if (!detail) return undefined;
  const [accepted] = await db
    .select()
    .from(proposalResponses)
    .innerJoin(proposalVersions, eq(proposalVersions.id, proposalResponses.versionId))
    .where(and(eq(proposalVersions.proposalId, id), eq(proposalResponses.decision, "accepted")));
  const wanted = versionId ?? accepted?.proposal_versions.id;
  const version = wanted
    ? detail.versions.find((candidate) => candidate.id === wanted)
    : detail.versions[0];
  if (!version) return undefined;
  const record =
    accepted && accepted.proposal_versions.id === version.id
      ? toResponse(accepted.proposal_responses)
      : null;
  const address = await billingAddressOf(db, detail.companyId);
  return {
    fileName: fileName(detail, version),
    bytes: await proposalPdf(detail, version, record, address),
  };
}
