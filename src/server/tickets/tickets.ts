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
import { supportTickets, ticketMessages, users, type SupportTicket, type User } from "../db/schema";
import { wantsNotice } from "../auth/account";
import { enqueueEmails } from "../mail/outbox";
import { clientReplyEmail, newTicketEmail, staffReplyEmail } from "../mail/templates/tickets";

export type TicketNotice = { agencyInbox: string; publicUrl: string };

function toTicket(row: SupportTicket): Ticket {
  return {
    id: row.id,
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

const person = (user: User) => ({ name: displayName(user), email: user.email });

export async function listTickets(db: Db, userId: string): Promise<Ticket[]> {
  const rows = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.createdAt));
  return rows.map(toTicket);
}

/** The ticket with its thread: the owner's own (userId given) or any (staff). */
export async function findTicket(
  db: Db,
  ticketId: string,
  userId?: string,
): Promise<TicketDetail | undefined> {
  const owned: SQL[] = userId ? [eq(supportTickets.userId, userId)] : [];
  const [row] = await db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, ticketId), ...owned));
  if (!row) return undefined;
  const thread = await db
    .select({ message: ticketMessages, author: users })
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.authorId))
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.createdAt));
  return {
    ...toTicket(row),
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

/** Opens a ticket: the row, its first message and the agency's email, together. */
export async function openTicket(
  db: Db,
  user: User,
  input: NewTicket,
  notice: TicketNotice,
): Promise<Ticket> {
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .insert(supportTickets)
      .values({ userId: user.id, subject: input.subject, priority: input.priority, status: "open" })
      .returning();
    if (!ticket) throw new Error("ticket was not created");
    await tx
      .insert(ticketMessages)
      .values({ ticketId: ticket.id, authorId: user.id, body: input.message });
    await enqueueEmails(tx, [newTicketEmail(ticket, person(user), input.message, notice)]);
    return toTicket(ticket);
  });
}

/**
 * A reply in a ticket's thread, by its client (ticket must be theirs) or by staff. A client's
 * reply to a resolved or closed ticket reopens it and tells the agency; a staff reply is
 * emailed to the client. Undefined when the ticket is not there (or not the client's).
 */
export async function replyToTicket(
  db: Db,
  author: User,
  ticketId: string,
  reply: TicketReply,
  notice: TicketNotice,
  as: "client" | "staff",
): Promise<TicketDetail | undefined> {
  const found = await db.transaction(async (tx) => {
    const owned: SQL[] = as === "client" ? [eq(supportTickets.userId, author.id)] : [];
    const [ticket] = await tx
      .select()
      .from(supportTickets)
      .where(and(eq(supportTickets.id, ticketId), ...owned))
      .for("update");
    if (!ticket) return false;
    await tx.insert(ticketMessages).values({
      ticketId,
      authorId: author.id,
      fromStaff: as === "staff",
      body: reply.body,
    });
    const reopen = as === "client" && (ticket.status === "resolved" || ticket.status === "closed");
    await tx
      .update(supportTickets)
      .set({ status: reopen ? "open" : ticket.status, updatedAt: new Date() })
      .where(eq(supportTickets.id, ticketId));
    if (as === "client") {
      await enqueueEmails(tx, [clientReplyEmail(ticket, person(author), reply.body, notice)]);
    } else {
      const [client] = await tx.select().from(users).where(eq(users.id, ticket.userId));
      // The client may have turned these emails off on their account page.
      if (client && wantsNotice(client, "ticket-replies")) {
        await enqueueEmails(tx, [
          staffReplyEmail(ticket, person(client), displayName(author), reply.body, notice),
        ]);
      }
    }
    return true;
  });
  return found ? findTicket(db, ticketId, as === "client" ? author.id : undefined) : undefined;
}

/** The staff queue: every ticket, filtered by status and priority, most recently active first. */
export async function listAllTickets(db: Db, filter: TicketQueueQuery): Promise<QueueTicket[]> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(supportTickets.status, filter.status));
  if (filter.priority) conditions.push(eq(supportTickets.priority, filter.priority));
  const rows = await db
    .select({ ticket: supportTickets, client: users, messages: count(ticketMessages.id) })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .leftJoin(ticketMessages, eq(ticketMessages.ticketId, supportTickets.id))
    .where(and(...conditions))
    .groupBy(supportTickets.id, users.id)
    .orderBy(desc(supportTickets.updatedAt));
  return rows.map(({ ticket, client, messages }) => ({
    ...toTicket(ticket),
    clientName: displayName(client),
    clientEmail: client.email,
    messages,
  }));
}

export async function updateTicket(
  db: Db,
  ticketId: string,
  change: TicketUpdate,
): Promise<boolean> {
  const rows = await db
    .update(supportTickets)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(supportTickets.id, ticketId))
    .returning({ id: supportTickets.id });
  return rows.length > 0;
}
