import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import { brand } from "@content/site";
import type {
  NewTicket,
  QueueTicket,
  Ticket,
  TicketDetail,
  TicketQueueQuery,
  TicketReply,
  TicketUpdate,
} from "@shared/schemas/tickets";
import type { Db } from "../db/client";
import {
  companies,
  supportTickets,
  ticketMessages,
  users,
  type SupportTicket,
  type User,
} from "../db/schema";
import {
  noticeTicketOpened,
  noticeTicketReply,
  noticeTicketStatus,
} from "../notices/ticket-notices";

export type TicketNotice = { agencyInbox: string; publicUrl: string };

/** A ticket and the member who opened it (null: their account is gone). */
function toTicket(row: SupportTicket, opener: User | null): Ticket {
  return {
    id: row.id,
    openedBy: opener ? displayName(opener) : "Former user",
    subject: row.subject,
    status: row.status,
    priority: row.priority,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function displayName(person: Pick<User, "firstName" | "lastName" | "email">): string {
  const name = [person.firstName, person.lastName].filter(Boolean).join(" ");
  return name || person.email.split("@")[0] || person.email;
}

/** A company's tickets, newest first, with who opened each. */
export async function listTickets(db: Db, companyId: string): Promise<Ticket[]> {
  const rows = await db
    .select({ ticket: supportTickets, opener: users })
    .from(supportTickets)
    .leftJoin(users, eq(users.id, supportTickets.userId))
    .where(eq(supportTickets.companyId, companyId))
    .orderBy(desc(supportTickets.createdAt));
  return rows.map(({ ticket, opener }) => toTicket(ticket, opener));
}

/** The ticket with its thread: one of the company's (companyId given) or any (staff). */
export async function findTicket(
  db: Db,
  ticketId: string,
  companyId?: string,
): Promise<TicketDetail | undefined> {
  const owned: SQL[] = companyId ? [eq(supportTickets.companyId, companyId)] : [];
  const [found] = await db
    .select({ ticket: supportTickets, opener: users })
    .from(supportTickets)
    .leftJoin(users, eq(users.id, supportTickets.userId))
    .where(and(eq(supportTickets.id, ticketId), ...owned));
  if (!found) return undefined;
  const thread = await db
    .select({ message: ticketMessages, author: users })
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.authorId))
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.createdAt));
  return {
    ...toTicket(found.ticket, found.opener),
    companyId: found.ticket.companyId,
    messages: thread.map(({ message, author }) => {
      const name = author ? displayName(author) : "Former user";
      return {
        id: message.id,
        body: message.body,
        fromStaff: message.fromStaff,
        authorName: message.fromStaff ? `${name} (${brand.name})` : name,
        createdAt: message.createdAt.toISOString(),
      };
    }),
  };
}

/**
 * Opens a ticket for the member's company: the row, its first message and the agency's email,
 * together.
 */
export async function openTicket(
  db: Db,
  user: User,
  companyId: string,
  input: NewTicket,
  notice: TicketNotice,
): Promise<Ticket> {
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .insert(supportTickets)
      .values({
        companyId,
        userId: user.id,
        subject: input.subject,
        priority: input.priority,
        status: "open",
      })
      .returning();
    if (!ticket) throw new Error("ticket was not created");
    await tx
      .insert(ticketMessages)
      .values({ ticketId: ticket.id, authorId: user.id, body: input.message });
    await noticeTicketOpened(tx, ticket, user, input.message, notice);
    return toTicket(ticket, user);
  });
}

/**
 * A reply in a ticket's thread, by a member of its company (as: the company's id) or by staff.
 * A client's reply to a resolved or closed ticket reopens it and tells the agency; a staff reply
 * is emailed to the member who opened it. Undefined when the ticket is not there (or not the
 * company's).
 */
export async function replyToTicket(
  db: Db,
  author: User,
  ticketId: string,
  reply: TicketReply,
  notice: TicketNotice,
  as: { companyId: string } | "staff",
): Promise<TicketDetail | undefined> {
  const companyId = as === "staff" ? undefined : as.companyId;
  const found = await db.transaction(async (tx) => {
    const owned: SQL[] = companyId ? [eq(supportTickets.companyId, companyId)] : [];
    const [ticket] = await tx
      .select()
      .from(supportTickets)
      .where(and(eq(supportTickets.id, ticketId), ...owned))
      .for("update");
    if (!ticket) return false;
    const [message] = await tx
      .insert(ticketMessages)
      .values({ ticketId, authorId: author.id, fromStaff: as === "staff", body: reply.body })
      .returning({ id: ticketMessages.id });
    const reopen = as !== "staff" && (ticket.status === "resolved" || ticket.status === "closed");
    await tx
      .update(supportTickets)
      .set({ status: reopen ? "open" : ticket.status, updatedAt: new Date() })
      .where(eq(supportTickets.id, ticketId));
    const fromStaff = as === "staff";
    await noticeTicketReply(
      tx,
      ticket,
      { ...message!, body: reply.body, author, fromStaff },
      notice,
    );
    return true;
  });
  return found ? findTicket(db, ticketId, companyId) : undefined;
}

/** The staff queue: every ticket, filtered by status and priority, most recently active first. */
export async function listAllTickets(db: Db, filter: TicketQueueQuery): Promise<QueueTicket[]> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(supportTickets.status, filter.status));
  if (filter.priority) conditions.push(eq(supportTickets.priority, filter.priority));
  const rows = await db
    .select({
      ticket: supportTickets,
      client: users,
      company: companies,
      messages: count(ticketMessages.id),
    })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .innerJoin(companies, eq(companies.id, supportTickets.companyId))
    .leftJoin(ticketMessages, eq(ticketMessages.ticketId, supportTickets.id))
    .where(and(...conditions))
    .groupBy(supportTickets.id, users.id, companies.id)
    .orderBy(desc(supportTickets.updatedAt));
  return rows.map(({ ticket, client, company, messages }) => ({
    ...toTicket(ticket, client),
    clientName: displayName(client),
    clientEmail: client.email,
    companyId: company.id,
    companyName: company.name,
    messages,
  }));
}

/** Staff change a ticket; a new status is told to the ticket's company. */
export async function updateTicket(
  db: Db,
  ticketId: string,
  change: TicketUpdate,
  notice: TicketNotice,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: supportTickets.status })
      .from(supportTickets)
      .where(eq(supportTickets.id, ticketId))
      .for("update");
    const [ticket] = await tx
      .update(supportTickets)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(supportTickets.id, ticketId))
      .returning();
    if (ticket && before && ticket.status !== before.status) {
      await noticeTicketStatus(tx, ticket, ticket.status, ticket.updatedAt, notice);
    }
    return ticket !== undefined;
  });
}
