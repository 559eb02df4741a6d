import { eq } from "drizzle-orm";
import { proposalTerms } from "@content/terms";
import { clientLinks, emailSignInPath } from "@shared/deep-links";
import type { ProposalDetail } from "@shared/schemas/proposals";
import { recordAudit, type AuditContext } from "../audit/audit";
import { displayName } from "../auth/display-name";
import { issueLoginToken } from "../auth/email-links";
import type { Db } from "../db/client";
import { proposals, proposalVersions } from "../db/schema";
import { formatCalendarDate, formatMoney } from "@shared/format";
import { conflict, ok, type Outcome } from "../domain-failure";
import { proposalSentEmail } from "../mail/templates/proposals";
import { notify } from "../notices/notices";
import { billingContacts } from "../team/team";
import {
  findProposal,
  isExpired,
  lockProposal,
  proposalMessages,
  proposalNotFound,
  versionsOf,
} from "./proposal-reading";

/** How long the sign-in link in a proposal's email lasts. */
export const PROPOSAL_LINK_DAYS = 7;

/**
 * Staff send the draft: it is frozen (sent_at), the proposal's status is "sent", and each owner and
 * billing member of the client is emailed a link that signs them in once and opens it.
 */
export async function sendProposal(
  db: Db,
  id: string,
  {
    settings,
    audit,
    now = new Date(),
  }: { settings: { agencyInbox: string; publicUrl: string }; audit: AuditContext; now?: Date },
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
      body: `Valid until ${formatCalendarDate(draft.validUntil)}.`,
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
            validUntil: formatCalendarDate(draft.validUntil),
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
