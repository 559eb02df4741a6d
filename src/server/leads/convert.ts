import { and, eq, isNull } from "drizzle-orm";
import { recordWebhookEvent } from "../webhooks/events";
import { findClient } from "../clients/clients";
import type { ConvertedLead } from "@shared/schemas/proposals";
import { teamMessages } from "@shared/schemas/team";
import { recordAudit, type AuditContext } from "../audit/audit";
import type { DbExecutor } from "../db/client";
import {
  conflict,
  DomainFailureError,
  notFound,
  ok,
  outcomeOf,
  type Outcome,
} from "../domain-failure";
import { companies, leads, users } from "../db/schema";
import { attachLeadProposals } from "../proposals/proposal-drafts";
import {
  addMember,
  createCompany,
  findMembership,
  sendInvitation,
  type InvitationSettings,
} from "../team/team";

/** A lead's name as an account's: the first word, then the rest. */
function splitName(name: string) {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { firstName: first || undefined, lastName: rest.join(" ") || undefined };
}

/**
 * Converts a lead into a client, in one transaction: a new company from the lead's fields with
 * the lead's person as owner, or a link to an existing client (the person is added as a member
 * when they have no account there). The lead and the client point at each other, its proposals
 * get the client, and the invitation is emailed when asked for. The lead keeps its stage: it is
 * won only when the client accepts a proposal, so the pipeline never counts unsigned work.
 */
export async function convertLead(
  db: DbExecutor,
  leadId: string,
  input: { companyId?: string; invite: boolean },
  settings: InvitationSettings,
  audit: AuditContext,
): Promise<Outcome<ConvertedLead>> {
  return outcomeOf(() =>
    db.transaction(async (tx) => {
      const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId)).for("update");
      if (!lead) return notFound("Lead not found");
      if (lead.companyId) {
        const [client] = await tx.select().from(companies).where(eq(companies.id, lead.companyId));
        return conflict(`This lead is already the client ${client?.name ?? ""}`.trim());
      }
      const email = lead.email.toLowerCase();
      const [existing] = await tx.select().from(users).where(eq(users.email, email));
      if (existing?.isAdmin) return conflict(teamMessages.staffNotMember);
      const membership = existing && (await findMembership(tx, existing.id));
      if (membership && membership.companyId !== input.companyId) {
        return conflict(teamMessages.otherCompany);
      }

      let company;
      if (input.companyId) {
        [company] = await tx
          .select()
          .from(companies)
          .where(eq(companies.id, input.companyId))
          .for("update");
        if (!company) return notFound("Client not found");
      } else {
        company = await createCompany(tx, (lead.company ?? lead.name).slice(0, 200));
      }
      const created = !input.companyId;

      let userId = existing?.id;
      let invited = false;
      if (!membership) {
        const added = await addMember(
          tx,
          company.id,
          { email, ...splitName(lead.name), role: created ? "owner" : "member" },
          settings,
          created ? undefined : company.name,
          input.invite,
        );
        // Refused: the new company goes too.
        if (!added.ok) throw new DomainFailureError(added);
        userId = added.value.member.id;
        invited = added.value.emailed;
      } else if (input.invite && existing) {
        invited = await sendInvitation(
          tx,
          { ...existing, role: membership.role },
          settings,
          company.name,
        );
      }

      await tx
        .update(companies)
        .set({
          leadId: company.leadId ?? lead.id,
          ...(created || !company.phone ? { phone: company.phone ?? lead.phone } : {}),
        })
        .where(eq(companies.id, company.id));
      await tx
        .update(leads)
        .set({ companyId: company.id })
        .where(and(eq(leads.id, lead.id), isNull(leads.companyId)));
      await attachLeadProposals(tx, lead.id, company.id);

      const value: ConvertedLead = {
        leadId: lead.id,
        companyId: company.id,
        userId: userId!,
        email,
        created,
        invited,
      };
      if (created) {
        await recordWebhookEvent(tx, "client.created", await findClient(tx, company.id), {
          companyId: company.id,
        });
      }
      await recordAudit(tx, audit, {
        action: "lead.converted",
        targetType: "lead",
        targetId: lead.id,
        companyId: company.id,
        changes: {
          before: { companyId: null },
          after: {
            companyId: company.id,
            companyName: company.name,
            created,
            invited,
          },
        },
      });
      return ok(value);
    }),
  );
}
