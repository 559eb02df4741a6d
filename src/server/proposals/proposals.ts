import { and, desc, eq, inArray, isNotNull, isNull, max } from "drizzle-orm";
import { lineTotals, splitPaymentPlan } from "@shared/payment-plan";
import {
  MAX_PRICE_CENTS,
  type NewProposal,
  type ProposalDetail,
  type ProposalDraft,
  type ProposalResponse,
  type ProposalStatus,
  type ProposalSummary,
  type ProposalVersion,
} from "@shared/schemas/proposals";
import { proposalTerms } from "@content/terms";
import { recordAudit, type AuditContext } from "../audit/audit";
import { issueLoginToken } from "../auth/email-links";
import type { Db, DbExecutor } from "../db/client";
import {
  companies,
  leads,
  projects,
  proposalResponses,
  proposals,
  proposalVersions,
  type Proposal,
  type ProposalLine,
  type ProposalVersion as VersionRow,
} from "../db/schema";
import { formatDate, formatMoney } from "../documents/pdf";
import { copyTo, notify, staffUsers } from "../notices/notices";
import { proposalAnsweredEmail, proposalSentEmail } from "../mail/templates/proposals";
import { openProject } from "../projects/projects";
import { invoicePaymentPlanPart, type BillingSettings } from "../billing/invoices";
import { billingContacts } from "../team/team";
import { displayName } from "../auth/display-name";
import { proposalVersionHash } from "./content-hash";
import { renderMarkdown } from "./markdown";
import { proposalPdf } from "./pdf";
import { clientLinks, emailSignInPath, staffLinks } from "@shared/deep-links";
import {
  conflict,
  invalid,
  notFound,
  ok,
  type DomainFailure,
  type Outcome,
} from "../domain-failure";

/** How long the sign-in link in a proposal's email lasts. */
export const PROPOSAL_LINK_DAYS = 7;

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
  expired: (validUntil: string) => `This proposal expired on ${formatDate(validUntil)}`,
} as const;

const proposalNotFound = () => notFound("Proposal not found");

/** Who sees a proposal: staff see every version; a client sees their company's sent ones. */
export type Viewer = { staff: true } | { staff: false; companyId: string };

/** The day (YYYY-MM-DD, UTC) a time falls on: a proposal is valid through its valid-until day. */
const dayOf = (now: Date) => now.toISOString().slice(0, 10);
const isExpired = (validUntil: string, now: Date) => validUntil < dayOf(now);

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

async function lockProposal(tx: DbExecutor, id: string) {
  const [row] = await tx.select().from(proposals).where(eq(proposals.id, id)).for("update");
  return row;
}

async function versionsOf(tx: DbExecutor, id: string) {
  return tx
    .select()
    .from(proposalVersions)
    .where(eq(proposalVersions.proposalId, id))
    .orderBy(desc(proposalVersions.version));
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

type MailSettings = { agencyInbox: string; publicUrl: string };

/**
 * Sends the draft: it is frozen (sent_at), the proposal's status is "sent", and each owner and
 * billing member of the client is emailed a link that signs them in once and opens it.
 */
export async function sendProposal(
  db: Db,
  id: string,
  settings: MailSettings,
  audit: AuditContext,
  now = new Date(),
): Promise<Outcome<ProposalDetail>> {
  return db.transaction(async (tx) => {
    const proposal = await lockProposal(tx, id);
    if (!proposal) return proposalNotFound();
    const versions = await versionsOf(tx, id);
    const draft = versions.find((version) => !version.sentAt);
    if (!draft || proposal.status === "accepted") return conflict(proposalMessages.noDraft);
    if (!proposal.companyId) return conflict(proposalMessages.noClient);
    if (isExpired(draft.validUntil, now)) return conflict(proposalMessages.validUntilPast);

    // The terms are frozen with the version, as the client will read them.
    await tx
      .update(proposalVersions)
      .set({ sentAt: now, terms: proposalTerms })
      .where(eq(proposalVersions.id, draft.id));
    await tx.update(proposals).set({ status: "sent" }).where(eq(proposals.id, id));
    // The leads' statuses have no "proposal sent" stage, so the lead's status stays as it is.

    const returnTo = clientLinks.proposal(id);
    const recipients = await billingContacts(tx, proposal.companyId);
    await notify(tx, {
      kind: "proposal-sent",
      key: `proposal-sent:${draft.id}`,
      recipients,
      companyId: proposal.companyId,
      title: `Proposal: ${draft.title}${draft.version > 1 ? ` (version ${draft.version})` : ""}`,
      body: `Valid until ${formatDate(draft.validUntil)}.`,
      link: returnTo,
      email: async (user) => {
        const token = await issueLoginToken(
          tx,
          user.email,
          now,
          PROPOSAL_LINK_DAYS * 24 * 60 * 60 * 1000,
          returnTo,
        );
        // A person sent many links lately still gets the proposal, with a plain link to it.
        const link = token
          ? `${settings.publicUrl}${emailSignInPath(token)}`
          : `${settings.publicUrl}${returnTo}`;
        return proposalSentEmail(
          { name: displayName(user), email: user.email },
          {
            title: draft.title,
            version: draft.version,
            oneOff: formatMoney(draft.oneOffCents),
            monthly: `${formatMoney(draft.monthlyCents)} / month`,
            validUntil: formatDate(draft.validUntil),
          },
          link,
          settings,
        );
      },
    });
    await recordAudit(tx, audit, {
      action: "proposal.sent",
      targetType: "proposal",
      targetId: id,
      companyId: proposal.companyId,
      changes: {
        before: { status: proposal.status },
        after: {
          status: "sent",
          version: draft.version,
          recipients: recipients.map((user) => user.email),
        },
      },
    });
    return ok((await findProposal(tx, id, { staff: true }))!);
  });
}

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
  settings: BillingSettings,
  audit: AuditContext,
  now = new Date(),
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
      await invoicePaymentPlanPart(tx, id, "deposit", settings, now);
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
  return { fileName: fileName(detail, version), bytes: await proposalPdf(detail, version, record) };
}

/** Gives a converted lead's proposals its new client. */
export async function attachLeadProposals(tx: DbExecutor, leadId: string, companyId: string) {
  await tx
    .update(proposals)
    .set({ companyId })
    .where(and(eq(proposals.leadId, leadId), isNull(proposals.companyId)));
}
