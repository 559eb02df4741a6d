import { and, count, eq, ilike, inArray, not, or, sql } from "drizzle-orm";
import type { ClientDetail, ClientSummary, InviteClient } from "@shared/schemas/clients";
import { issueLoginToken } from "../auth/email-links";
import { normalizeEmail, userFields } from "../auth/users";
import { findBilling } from "../billing/billing";
import type { Db } from "../db/client";
import {
  leads,
  loginTokens,
  outboxEmails,
  sessions,
  supportTickets,
  users,
  websites,
} from "../db/schema";
import { listDomains } from "../domains/domains";
import { enqueueEmails } from "../mail/outbox";
import { invitationEmail } from "../mail/templates/clients";
import { displayName, findTicket, listTickets } from "../tickets/tickets";
import { listWebsites } from "../websites/websites";

export const INVITATION_DAYS = 7;

/** Every account, staff included (marked), searched by email or name. */
export async function listClients(db: Db, q?: string): Promise<ClientSummary[]> {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(
      pattern
        ? or(
            ilike(users.email, pattern),
            ilike(users.firstName, pattern),
            ilike(users.lastName, pattern),
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          )
        : undefined,
    )
    .orderBy(users.email);
  const ids = rows.map((user) => user.id);
  const siteCounts = ids.length
    ? await db
        .select({ userId: websites.userId, n: count() })
        .from(websites)
        .where(inArray(websites.userId, ids))
        .groupBy(websites.userId)
    : [];
  const ticketCounts = ids.length
    ? await db
        .select({ userId: supportTickets.userId, n: count() })
        .from(supportTickets)
        .where(
          and(
            inArray(supportTickets.userId, ids),
            not(inArray(supportTickets.status, ["resolved", "closed"])),
          ),
        )
        .groupBy(supportTickets.userId)
    : [];
  const countOf = (list: { userId: string; n: number }[], id: string) =>
    list.find((row) => row.userId === id)?.n ?? 0;
  return rows.map((user) => ({
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin,
    websites: countOf(siteCounts, user.id),
    openTickets: countOf(ticketCounts, user.id),
    createdAt: user.createdAt.toISOString(),
  }));
}

/** A client's page: the account and everything the portal shows them. */
export async function findClient(db: Db, id: string): Promise<ClientDetail | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) return undefined;
  const [siteList, domainList, billing, tickets] = await Promise.all([
    listWebsites(db, id),
    listDomains(db, id),
    findBilling(db, id),
    listTickets(db, id),
  ]);
  return {
    user: { ...userFields(user), createdAt: user.createdAt.toISOString() },
    websites: siteList,
    domains: domainList,
    billing,
    tickets,
  };
}

/**
 * Creates the client's account (or finds it) and emails a sign-in link that lasts a week,
 * all in one transaction.
 */
export async function inviteClient(
  db: Db,
  input: InviteClient,
  settings: { agencyInbox: string; publicUrl: string },
) {
  const email = normalizeEmail(input.email);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, firstName: input.firstName, lastName: input.lastName })
      .onConflictDoUpdate({
        target: users.email,
        // A second invitation may correct the names; blanks keep what is there.
        set: {
          ...(input.firstName ? { firstName: input.firstName } : {}),
          ...(input.lastName ? { lastName: input.lastName } : {}),
          updatedAt: new Date(),
        },
      })
      .returning();
    if (!user) throw new Error("the invited user was not created");
    const token = await issueLoginToken(
      tx,
      email,
      new Date(),
      INVITATION_DAYS * 24 * 60 * 60 * 1000,
    );
    if (token) {
      const link = `${settings.publicUrl}/api/login/email?token=${token}`;
      await enqueueEmails(tx, [
        invitationEmail({ name: displayName(user), email }, link, INVITATION_DAYS, settings),
      ]);
    }
    return { user: userFields(user), emailed: Boolean(token) };
  });
}

export async function userExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
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

/** Everything stored about one client, for a privacy request (a portable JSON copy). */
export async function exportClientData(db: Db, id: string) {
  const client = await findClient(db, id);
  if (!client) return undefined;
  const email = client.user.email;
  const [tickets, messages, applications, emails] = await Promise.all([
    Promise.all(client.tickets.map((ticket) => findTicket(db, ticket.id))),
    db
      .select(contactMessageFields)
      .from(leads)
      .where(and(eq(leads.email, email), eq(leads.kind, "contact"))),
    db
      .select(applicationFields)
      .from(leads)
      .where(and(eq(leads.email, email), eq(leads.kind, "application"))),
    db
      .select({
        subject: outboxEmails.subject,
        kind: outboxEmails.kind,
        status: outboxEmails.status,
        createdAt: outboxEmails.createdAt,
      })
      .from(outboxEmails)
      .where(eq(outboxEmails.to, email)),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: client.user,
    websites: client.websites,
    domains: client.domains,
    billing: client.billing,
    tickets,
    contactMessages: messages,
    projectApplications: applications,
    emailsSent: emails,
  };
}

/**
 * Erases a client: the account and everything hanging off it (websites, domains, billing,
 * tickets and their threads), their sessions and sign-in links, the leads they sent and the
 * emails addressed to them. One transaction: all or nothing.
 */
export async function deleteClientData(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, id));
    if (!user) return false;
    await tx.delete(sessions).where(sql`${sessions.sess}->>'userId' = ${id}`);
    await tx.delete(loginTokens).where(eq(loginTokens.email, user.email));
    await tx.delete(outboxEmails).where(eq(outboxEmails.to, user.email));
    // Their notes go with the leads (cascade).
    await tx.delete(leads).where(eq(leads.email, user.email));
    // Websites, domains, billing, tickets and their messages go with the account (cascade).
    await tx.delete(users).where(eq(users.id, id));
    return true;
  });
}
