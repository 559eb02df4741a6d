import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { brand } from "@content/site";
import type {
  NewTicket,
  StaffTicketDetail,
  Ticket,
  TicketDetail,
  TicketNote,
  TicketReply,
  TicketUpdate,
} from "@shared/schemas/tickets";
import { recordAudit, type AuditContext } from "../audit/audit";
import type { Db, DbExecutor } from "../db/client";
import { prepared } from "../db/prepared";
import {
  supportTickets,
  ticketMessages,
  users,
  websites,
  type SupportTicket,
  type User,
} from "../db/schema";
import {
  noticeTicketOpened,
  noticeTicketReply,
  noticeTicketResolvedByClient,
  noticeTicketStatus,
  type TicketNotice,
} from "../notices/ticket-notices";
import { displayName } from "../auth/display-name";
import { attachmentsByMessage, attachUploads } from "./attachments";
import { firstResponseDueAt } from "./response-targets";
import { recordWebhookEvent } from "../webhooks/events";

/**
 * Where a message came from: typed in the portal (the default) or sent by email; an email's
 * message id is chosen beforehand so that its attachments can be filed under it, and an email
 * whose From its domain did not vouch for is marked so.
 */
export type MessageOrigin = {
  source?: "web" | "email";
  messageId?: string;
  unverifiedSender?: boolean;
};

const originFields = (origin: MessageOrigin) => ({
  source: origin.source ?? "web",
  senderUnverified: origin.unverifiedSender ?? false,
  ...(origin.messageId ? { id: origin.messageId } : {}),
});

/** The website a ticket is about, as a ticket read selects it (left joined: null when none). */
export const ticketWebsite = { id: websites.id, domain: websites.domain };
export type WebsiteRow = { id: string; domain: string } | null;
/** The member of staff a ticket is assigned to, joined under this name. */
export const assignees = alias(users, "assignee");

/**
 * A ticket, the member who opened it (null: their account is gone) and the website it is about.
 */
export function toTicket(
  row: SupportTicket,
  opener: User | null,
  website: WebsiteRow = null,
): Ticket {
  return {
    id: row.id,
    openedBy: opener ? displayName(opener) : "Former user",
    subject: row.subject,
    status: row.status,
    priority: row.priority,
    website: website && { id: website.id, domain: website.domain },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A company's tickets, newest first, with who opened each. */
export async function listTickets(db: DbExecutor, companyId: string): Promise<Ticket[]> {
  const rows = await prepared(db, "tickets_of_company", (db) =>
    db
      .select({ ticket: supportTickets, opener: users, website: ticketWebsite })
      .from(supportTickets)
      .leftJoin(users, eq(users.id, supportTickets.userId))
      .leftJoin(websites, eq(websites.id, supportTickets.websiteId))
      .where(eq(supportTickets.companyId, sql.placeholder("companyId")))
      .orderBy(desc(supportTickets.createdAt)),
  ).execute({ companyId });
  return rows.map(({ ticket, opener, website }) => toTicket(ticket, opener, website));
}

/**
 * The ticket with its thread. Given a company: one of that company's, as its members read it,
 * without staff's internal notes. Without: any ticket, as staff read it, notes marked.
 */
export async function findTicket(
  db: DbExecutor,
  ticketId: string,
  companyId: string,
): Promise<TicketDetail | undefined>;
export async function findTicket(
  db: DbExecutor,
  ticketId: string,
): Promise<StaffTicketDetail | undefined>;
export async function findTicket(
  db: DbExecutor,
  ticketId: string,
  companyId?: string,
): Promise<StaffTicketDetail | undefined> {
  const owned: SQL[] = companyId ? [eq(supportTickets.companyId, companyId)] : [];
  const [found] = await db
    .select({ ticket: supportTickets, opener: users, website: ticketWebsite, assignee: assignees })
    .from(supportTickets)
    .leftJoin(users, eq(users.id, supportTickets.userId))
    .leftJoin(websites, eq(websites.id, supportTickets.websiteId))
    .leftJoin(assignees, eq(assignees.id, supportTickets.assigneeId))
    .where(and(eq(supportTickets.id, ticketId), ...owned));
  if (!found) return undefined;
  const thread = await db
    .select({ message: ticketMessages, author: users })
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.authorId))
    .where(
      and(
        eq(ticketMessages.ticketId, ticketId),
        ...(companyId ? [eq(ticketMessages.internal, false)] : []),
      ),
    )
    .orderBy(asc(ticketMessages.createdAt));
  const files = await attachmentsByMessage(
    db,
    thread.map(({ message }) => message.id),
  );
  return {
    ...toTicket(found.ticket, found.opener, found.website),
    companyId: found.ticket.companyId,
    assignee: found.assignee && { id: found.assignee.id, name: displayName(found.assignee) },
    messages: thread.map(({ message, author }) => {
      const name = author ? displayName(author) : "Former user";
      return {
        id: message.id,
        body: message.body,
        fromStaff: message.fromStaff,
        authorName: message.fromStaff ? `${name} (${brand.name})` : name,
        unverifiedSender: message.senderUnverified,
        internal: message.internal,
        createdAt: message.createdAt.toISOString(),
        attachments: files.get(message.id) ?? [],
      };
    }),
  };
}

/**
 * Opens a ticket for the member's company: the row, its first message and the agency's email,
 * together.
 */
export async function openTicket(
  db: DbExecutor,
  user: User,
  companyId: string,
  input: NewTicket,
  notice: TicketNotice,
  origin: MessageOrigin = {},
): Promise<Ticket> {
  return db.transaction(async (tx) => {
    // The first reply is due by the company's plan's target (response-targets.ts).
    const openedAt = new Date();
    const [ticket] = await tx
      .insert(supportTickets)
      .values({
        companyId,
        userId: user.id,
        subject: input.subject,
        priority: input.priority,
        status: "open",
        websiteId: input.websiteId ?? null,
        firstResponseDueAt: await firstResponseDueAt(tx, companyId, openedAt),
        createdAt: openedAt,
        updatedAt: openedAt,
      })
      .returning();
    if (!ticket) throw new Error("ticket was not created");
    const [message] = await tx
      .insert(ticketMessages)
      .values({
        ticketId: ticket.id,
        authorId: user.id,
        body: input.message,
        ...originFields(origin),
      })
      .returning({ id: ticketMessages.id });
    await attachUploads(tx, message!.id, user.id, input.attachmentIds);
    await noticeTicketOpened(tx, ticket, user, input.message, notice);
    const [website] = ticket.websiteId
      ? await tx.select(ticketWebsite).from(websites).where(eq(websites.id, ticket.websiteId))
      : [];
    const opened = toTicket(ticket, user, website ?? null);
    // Webhooks carry the ticket as staff's GET of it answers, thread and all.
    await recordWebhookEvent(tx, "ticket.created", await findTicket(tx, ticket.id), {
      companyId: ticket.companyId,
    });
    return opened;
  });
}

/**
 * What a reply does to a ticket's status: staff answering an open ticket leave it waiting for
 * the client; the client's reply to a waiting, resolved or closed one opens it (again).
 */
function statusAfterReply(status: string, byStaff: boolean): string {
  if (byStaff) return status === "open" ? "waiting" : status;
  return ["waiting", "resolved", "closed"].includes(status) ? "open" : status;
}

/**
 * A reply in a ticket's thread, by a member of its company (as: the company's id) or by staff.
 * A client's reply to a resolved or closed ticket reopens it and tells the agency; a staff reply
 * is emailed to the member who opened it. The thread as the replier reads it, or undefined when
 * the ticket is not there (or not the company's).
 */
export async function replyToTicket<As extends { companyId: string } | "staff">(
  db: DbExecutor,
  author: User,
  ticketId: string,
  reply: TicketReply,
  notice: TicketNotice,
  as: As,
  origin: MessageOrigin = {},
): Promise<(As extends "staff" ? StaffTicketDetail : TicketDetail) | undefined> {
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
      .values({
        ticketId,
        authorId: author.id,
        fromStaff: as === "staff",
        body: reply.body,
        ...originFields(origin),
      })
      .returning({ id: ticketMessages.id });
    await attachUploads(tx, message!.id, author.id, reply.attachmentIds);
    const now = new Date();
    // The team's first reply stops the first-response clock; later ones leave it as it is.
    const firstReply = as === "staff" && !ticket.firstRespondedAt ? { firstRespondedAt: now } : {};
    await tx
      .update(supportTickets)
      .set({
        status: statusAfterReply(ticket.status, as === "staff"),
        updatedAt: now,
        ...firstReply,
      })
      .where(eq(supportTickets.id, ticketId));
    const fromStaff = as === "staff";
    await recordWebhookEvent(tx, "ticket.replied", await findTicket(tx, ticketId), {
      companyId: ticket.companyId,
    });
    await noticeTicketReply(
      tx,
      ticket,
      { ...message!, body: reply.body, author, fromStaff },
      notice,
    );
    return true;
  });
  if (!found) return undefined;
  const thread = companyId ? findTicket(db, ticketId, companyId) : findTicket(db, ticketId);
  return thread as Promise<(As extends "staff" ? StaffTicketDetail : TicketDetail) | undefined>;
}

/**
 * Staff's internal note in a ticket's thread, with its audit row, in one transaction. The client
 * is never told: no notice, no email, no change of status, of last activity or of the
 * first-response clock. Undefined when the ticket is not there.
 */
export async function addInternalNote(
  db: Db,
  author: User,
  ticketId: string,
  note: TicketNote,
  audit: AuditContext,
): Promise<StaffTicketDetail | undefined> {
  const found = await db.transaction(async (tx) => {
    const [ticket] = await tx
      .select({ id: supportTickets.id, companyId: supportTickets.companyId })
      .from(supportTickets)
      .where(eq(supportTickets.id, ticketId))
      .for("update");
    if (!ticket) return false;
    const [message] = await tx
      .insert(ticketMessages)
      .values({ ticketId, authorId: author.id, fromStaff: true, internal: true, body: note.body })
      .returning({ id: ticketMessages.id });
    await attachUploads(tx, message!.id, author.id, note.attachmentIds);
    await recordAudit(tx, audit, {
      action: "ticket.noted",
      targetType: "ticket",
      targetId: ticketId,
      companyId: ticket.companyId,
      changes: { after: { note: note.body } },
    });
    return true;
  });
  return found ? findTicket(db, ticketId) : undefined;
}

/**
 * The client marks their own ticket resolved (a reply opens it again). Undefined when it is not
 * the company's; a ticket already resolved or closed stays as it is.
 */
export async function resolveTicket(
  db: DbExecutor,
  ticketId: string,
  client: User,
  companyId: string,
  notice: TicketNotice,
): Promise<TicketDetail | undefined> {
  const found = await db.transaction(async (tx) => {
    const [ticket] = await tx
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(and(eq(supportTickets.id, ticketId), eq(supportTickets.companyId, companyId)));
    if (!ticket) return false;
    const [resolved] = await tx
      .update(supportTickets)
      .set({ status: "resolved", updatedAt: new Date() })
      .where(
        and(
          eq(supportTickets.id, ticketId),
          inArray(supportTickets.status, ["open", "in-progress", "waiting"]),
        ),
      )
      .returning();
    if (resolved) {
      await noticeTicketResolvedByClient(tx, resolved, client, resolved.updatedAt, notice);
    }
    return true;
  });
  return found ? findTicket(db, ticketId, companyId) : undefined;
}

/** Staff change a ticket; a new status is told to the ticket's company. */
export async function updateTicket(
  db: DbExecutor,
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
