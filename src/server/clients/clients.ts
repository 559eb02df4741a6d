import { and, asc, count, eq, exists, ilike, inArray, not, or, sql } from "drizzle-orm";
import { recordWebhookEvent } from "../webhooks/events";
import type { ClientDetail, ClientSummary, InviteClient } from "@shared/schemas/clients";
import { findBilling } from "../billing/billing";
import { findInvoice, listInvoices, listPayments } from "../billing/invoice-reading";
import type { DbExecutor } from "../db/client";
import { DomainFailureError, ok, outcomeOf, type Outcome } from "../domain-failure";
import {
  companies,
  companyMembers,
  leads,
  loginTokens,
  inboundEmails,
  outboxEmails,
  sessions,
  supportTickets,
  users,
  websites,
} from "../db/schema";
import { listStaffDomains } from "../domains/domains";
import { noticesOfUsers } from "../notices/notices";
import {
  addMember,
  createCompany,
  defaultCompanyName,
  listMembers,
  type InvitationSettings,
} from "../team/team";
import { findProject, listProjects } from "../projects/project-reading";
import { findProposal, listProposals } from "../proposals/proposal-reading";
import { findTicket, listTickets } from "../tickets/tickets";
import { eraseStatusPageSubscribers, statusPageData } from "../status-pages/pages";
import { listWebsites } from "../websites/websites";

/** Counts per company of the given companies, as a lookup. */
function countsBy(rows: { companyId: string; n: number }[]) {
  const map = new Map(rows.map((row) => [row.companyId, row.n]));
  return (id: string) => map.get(id) ?? 0;
}

/** Every client company, searched by its name or a member's email or name. */
export async function listClients(db: DbExecutor, q?: string): Promise<ClientSummary[]> {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const memberMatches = pattern
    ? exists(
        db
          .select({ one: sql`1` })
          .from(companyMembers)
          .innerJoin(users, eq(users.id, companyMembers.userId))
          .where(
            and(
              eq(companyMembers.companyId, companies.id),
              or(
                ilike(users.email, pattern),
                ilike(users.firstName, pattern),
                ilike(users.lastName, pattern),
                ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
              ),
            ),
          ),
      )
    : undefined;
  const rows = await db
    .select()
    .from(companies)
    .where(pattern ? or(ilike(companies.name, pattern), memberMatches) : undefined)
    .orderBy(asc(companies.name), asc(companies.id));
  const ids = rows.map((company) => company.id);
  if (ids.length === 0) return [];
  const [memberCounts, siteCounts, ticketCounts, owners] = await Promise.all([
    db
      .select({ companyId: companyMembers.companyId, n: count() })
      .from(companyMembers)
      .where(inArray(companyMembers.companyId, ids))
      .groupBy(companyMembers.companyId),
    db
      .select({ companyId: websites.companyId, n: count() })
      .from(websites)
      .where(inArray(websites.companyId, ids))
      .groupBy(websites.companyId),
    db
      .select({ companyId: supportTickets.companyId, n: count() })
      .from(supportTickets)
      .where(
        and(
          inArray(supportTickets.companyId, ids),
          not(inArray(supportTickets.status, ["resolved", "closed"])),
        ),
      )
      .groupBy(supportTickets.companyId),
    db
      .select({ companyId: companyMembers.companyId, email: users.email })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(and(inArray(companyMembers.companyId, ids), eq(companyMembers.role, "owner")))
      .orderBy(asc(companyMembers.createdAt), asc(users.email)),
  ]);
  const membersOf = countsBy(memberCounts);
  const sitesOf = countsBy(siteCounts);
  const ticketsOf = countsBy(ticketCounts);
  const ownerOf = new Map<string, string>();
  for (const owner of owners) {
    if (!ownerOf.has(owner.companyId)) ownerOf.set(owner.companyId, owner.email);
  }
  return rows.map((company) => ({
    id: company.id,
    name: company.name,
    ownerEmail: ownerOf.get(company.id) ?? null,
    members: membersOf(company.id),
    websites: sitesOf(company.id),
    openTickets: ticketsOf(company.id),
    createdAt: company.createdAt.toISOString(),
  }));
}

/** A client's page: the company, its members and everything the portal shows them. */
export async function findClient(db: DbExecutor, id: string): Promise<ClientDetail | undefined> {
  const [company] = await db.select().from(companies).where(eq(companies.id, id));
  if (!company) return undefined;
  const [members, siteList, domainList, tickets] = await Promise.all([
    listMembers(db, id),
    listWebsites(db, id),
    listStaffDomains(db, id),
    listTickets(db, id),
  ]);
  return {
    company: { id: company.id, name: company.name, createdAt: company.createdAt.toISOString() },
    members,
    websites: siteList,
    domains: domainList,
    tickets,
  };
}

export type ClientInvitation = Outcome<{
  companyId: string;
  userId: string;
  email: string;
  emailed: boolean;
}>;

/**
 * Creates a client company with the invited person as its owner (their account is created, or
 * found) and emails them a sign-in link that lasts a week, all in one transaction. Refused when
 * the person already belongs to a company, or is staff.
 */
export async function inviteClient(
  db: DbExecutor,
  input: InviteClient,
  settings: InvitationSettings,
): Promise<ClientInvitation> {
  return outcomeOf(() =>
    db.transaction(async (tx) => {
      const company = await createCompany(tx, input.companyName ?? defaultCompanyName(input));
      const added = await addMember(tx, company.id, { ...input, role: "owner" }, settings);
      // Refused: the new company goes too.
      if (!added.ok) throw new DomainFailureError(added);
      const { member, emailed } = added.value;
      await recordWebhookEvent(tx, "client.created", await findClient(tx, company.id), {
        companyId: company.id,
      });
      return ok({ companyId: company.id, userId: member.id, email: member.email, emailed });
    }),
  );
}

export async function companyExists(db: DbExecutor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  return Boolean(row);
}

/**
 * A lead's fields in a privacy export, as the export has always shown them: contact messages and
 * project applications apart, each with its own form's fields (in this order).
 */
const contactMessageFields = {
  id: leads.id,
  reference: leads.reference,
  name: leads.name,
  email: leads.email,
  subject: leads.subject,
  message: leads.message,
  status: leads.status,
  createdAt: leads.createdAt,
};
const applicationFields = {
  id: leads.id,
  reference: leads.reference,
  name: leads.name,
  email: leads.email,
  phone: leads.phone,
  company: leads.company,
  projectType: leads.projectType,
  budget: leads.budget,
  timeline: leads.timeline,
  description: leads.description,
  status: leads.status,
  createdAt: leads.createdAt,
};

/** The accounts of a company's members, as an export shows them. */
async function memberAccounts(db: DbExecutor, companyId: string) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      role: companyMembers.role,
      createdAt: users.createdAt,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(users.email));
}

/**
 * Everything stored about one client company and its members, for a privacy request (a
 * portable JSON copy): the company, each member's account, the leads and emails of every
 * member's address (and the lead the company came from), the emails they sent to the support
 * address, its proposals and its projects.
 */
export async function exportClientData(db: DbExecutor, id: string) {
  const client = await findClient(db, id);
  if (!client) return undefined;
  const accounts = await memberAccounts(db, id);
  const emails = accounts.map((account) => account.email);
  const anyEmail = <
    T extends typeof leads.email | typeof outboxEmails.to | typeof inboundEmails.fromAddress,
  >(
    column: T,
  ) => (emails.length > 0 ? inArray(column, emails) : sql`false`);
  // The leads its members sent, and the one it was converted from (whatever address that used).
  const theirLeads = or(anyEmail(leads.email), eq(leads.companyId, id));
  // Proposals as the client reads them: sent versions and the answers, never the agency's drafts.
  const asClient = { staff: false, companyId: id } as const;
  const [
    tickets,
    messages,
    applications,
    sent,
    proposalList,
    projectList,
    billing,
    invoiceList,
    paymentList,
    received,
  ] = await Promise.all([
    // Tickets as the client reads them: staff's internal notes are the agency's, not theirs.
    Promise.all(client.tickets.map((ticket) => findTicket(db, ticket.id, id))),
    db
      .select(contactMessageFields)
      .from(leads)
      .where(and(theirLeads, eq(leads.kind, "contact"))),
    db
      .select(applicationFields)
      .from(leads)
      .where(and(theirLeads, eq(leads.kind, "application"))),
    db
      .select({
        to: outboxEmails.to,
        subject: outboxEmails.subject,
        kind: outboxEmails.kind,
        status: outboxEmails.status,
        createdAt: outboxEmails.createdAt,
      })
      .from(outboxEmails)
      .where(anyEmail(outboxEmails.to)),
    listProposals(db, {}, asClient),
    listProjects(db, { companyId: id }),
    // Whether cards are taken does not matter to a copy of the data.
    findBilling(db, id, false),
    listInvoices(db, { companyId: id, withDrafts: false }),
    listPayments(db, id),
    db
      .select({
        from: inboundEmails.fromAddress,
        to: inboundEmails.toAddress,
        subject: inboundEmails.subject,
        outcome: inboundEmails.outcome,
        reason: inboundEmails.reason,
        createdAt: inboundEmails.createdAt,
      })
      .from(inboundEmails)
      .where(anyEmail(inboundEmails.fromAddress)),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    company: client.company,
    members: accounts.map((account) => ({
      ...account,
      createdAt: account.createdAt.toISOString(),
    })),
    websites: client.websites,
    domains: client.domains,
    billing,
    invoices: await Promise.all(
      invoiceList.map((invoice) =>
        findInvoice(db, invoice.id, asClient, { settings: { cardsAccepted: false } }),
      ),
    ),
    payments: paymentList,
    tickets,
    contactMessages: messages,
    projectApplications: applications,
    emailsSent: sent,
    emailsReceived: received,
    notices: await noticesOfUsers(
      db,
      accounts.map((account) => account.id),
    ),
    proposals: await Promise.all(proposalList.map((p) => findProposal(db, p.id, asClient))),
    projects: await Promise.all(projectList.map((p) => findProject(db, p.id, id))),
    // Its status page, with the visitors subscribed to it.
    statusPage: (await statusPageData(db, id)) ?? null,
  };
}

/**
 * Erases a client company: the company and everything hanging off it (websites, domains,
 * billing, tickets and their threads), and its members' accounts with their sessions and
 * sign-in links, the leads they sent, the emails addressed to them and those they sent to the
 * support address. One transaction: all or nothing.
 */
export async function deleteClientData(db: DbExecutor, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [company] = await tx.select().from(companies).where(eq(companies.id, id)).for("update");
    if (!company) return false;
    // Staff are never a client's to erase (the migration may have given one a company of the
    // rows they owned): their membership goes with the company, their account stays.
    const members = await tx
      .select({ id: users.id, email: users.email })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(and(eq(companyMembers.companyId, id), eq(users.isAdmin, false)));
    // Its status page's subscribers, and what the page mailed them.
    await eraseStatusPageSubscribers(tx, id);
    // Websites, domains, billing, tickets, the status page and their rows go with the company
    // (cascade).
    await tx.delete(companies).where(eq(companies.id, id));
    for (const member of members) {
      await tx.delete(sessions).where(sql`${sessions.sess}->>'userId' = ${member.id}`);
      await tx.delete(loginTokens).where(eq(loginTokens.email, member.email));
      await tx.delete(outboxEmails).where(eq(outboxEmails.to, member.email));
      await tx.delete(inboundEmails).where(eq(inboundEmails.fromAddress, member.email));
      // Their notes go with the leads (cascade).
      await tx.delete(leads).where(eq(leads.email, member.email));
      await tx.delete(users).where(eq(users.id, member.id));
    }
    return true;
  });
}
