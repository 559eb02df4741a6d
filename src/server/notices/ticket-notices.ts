import { ticketNumber } from "@shared/ticket-number";
import type { Config } from "../config";
import type { DbExecutor } from "../db/client";
import type { SupportTicket, User } from "../db/schema";
import {
  statusLabel,
  ticketReceivedEmail,
  ticketResolvedByClientEmail,
  ticketStatusEmail,
} from "../mail/templates/notices";
import { clientReplyEmail, newTicketEmail, staffReplyEmail } from "../mail/templates/tickets";
import { displayName } from "../auth/display-name";
import { companyUsers, copyTo, notify, staffUsers } from "./notices";
import { clientLinks, staffLinks } from "@shared/deep-links";

/*
 * The notices of a support ticket's life: opened, answered, its status changed. Each is told in
 * the transaction of the change, to the other side.
 */

export type TicketNotice = { agencyInbox: string; publicUrl: string; supportEmail: string };

/** What ticket emails need of the settings: who gets them, links, and the Reply-To's domain. */
export const ticketNotice = (config: Config): TicketNotice => ({
  agencyInbox: config.agencyInbox,
  publicUrl: config.publicUrl,
  supportEmail: config.supportEmail,
});

type Ticket = Pick<SupportTicket, "id" | "companyId" | "subject" | "priority" | "replyToken">;

const person = (user: User) => ({ name: displayName(user), email: user.email });

const excerpt = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 200);

/** A client opened a ticket: they get a receipt with its number; staff a notice and the agency its email. */
export async function noticeTicketOpened(
  tx: DbExecutor,
  ticket: Ticket,
  opener: User,
  message: string,
  settings: TicketNotice,
) {
  const key = `ticket-created:${ticket.id}`;
  const number = ticketNumber(ticket.id);
  await notify(tx, {
    kind: "ticket-created",
    key,
    recipients: [opener],
    companyId: ticket.companyId,
    title: `We received your request ${number}: ${ticket.subject}`,
    body: "We will answer here and by email.",
    link: clientLinks.ticket(ticket.id),
    email: (user) =>
      ticketReceivedEmail(
        ticket,
        person(user),
        `${settings.publicUrl}${clientLinks.ticket(ticket.id)}`,
        settings,
      ),
  });
  const agencyEmail = newTicketEmail(ticket, person(opener), message, settings);
  await notify(tx, {
    kind: "staff-ticket-created",
    key,
    recipients: await staffUsers(tx),
    companyId: ticket.companyId,
    title: `New ${ticket.priority} ticket from ${displayName(opener)}: ${ticket.subject}`,
    body: excerpt(message),
    link: staffLinks.ticket(ticket.id),
    agencyEmail,
    email: (user) => copyTo(agencyEmail, user),
  });
}

/**
 * A reply in a ticket's thread. From staff: every member of the ticket's company is told (and
 * emailed); from a client: staff are told and the agency emailed.
 */
export async function noticeTicketReply(
  tx: DbExecutor,
  ticket: Ticket,
  reply: { id: string; body: string; author: User; fromStaff: boolean },
  settings: TicketNotice,
) {
  const key = `ticket-reply:${reply.id}`;
  const name = displayName(reply.author);
  if (reply.fromStaff) {
    await notify(tx, {
      kind: "ticket-replies",
      key,
      recipients: await companyUsers(tx, ticket.companyId),
      companyId: ticket.companyId,
      title: `${name} replied: ${ticket.subject}`,
      body: excerpt(reply.body),
      link: clientLinks.ticket(ticket.id),
      email: (user) => staffReplyEmail(ticket, person(user), name, reply.body, settings),
    });
    return;
  }
  const agencyEmail = clientReplyEmail(ticket, person(reply.author), reply.body, settings);
  await notify(tx, {
    kind: "staff-ticket-replies",
    key,
    recipients: await staffUsers(tx),
    companyId: ticket.companyId,
    title: `${name} replied: ${ticket.subject}`,
    body: excerpt(reply.body),
    link: staffLinks.ticket(ticket.id),
    agencyEmail,
    email: (user) => copyTo(agencyEmail, user),
  });
}

/** Staff changed a ticket's status: every member of its company is told (and emailed). */
export async function noticeTicketStatus(
  tx: DbExecutor,
  ticket: Ticket,
  status: string,
  changedAt: Date,
  settings: TicketNotice,
) {
  const link = clientLinks.ticket(ticket.id);
  await notify(tx, {
    kind: "ticket-status",
    // The same status can come back later (reopened, resolved again): each change is an event.
    key: `ticket-status:${ticket.id}:${status}:${changedAt.getTime()}`,
    recipients: await companyUsers(tx, ticket.companyId),
    companyId: ticket.companyId,
    title: `${statusLabel(status)}: ${ticket.subject}`,
    body: `Ticket ${ticketNumber(ticket.id)} is now ${statusLabel(status).toLowerCase()}.`,
    link,
    email: (user) =>
      ticketStatusEmail(ticket, status, person(user), `${settings.publicUrl}${link}`, settings),
  });
}

/** A client marked their own ticket resolved: staff are told, and the agency emailed. */
export async function noticeTicketResolvedByClient(
  tx: DbExecutor,
  ticket: Ticket,
  client: User,
  resolvedAt: Date,
  settings: TicketNotice,
) {
  const link = staffLinks.ticket(ticket.id);
  const agencyEmail = ticketResolvedByClientEmail(
    ticket,
    person(client),
    `${settings.publicUrl}${link}`,
    settings,
  );
  await notify(tx, {
    kind: "staff-ticket-resolved",
    key: `ticket-resolved:${ticket.id}:${resolvedAt.getTime()}`,
    recipients: await staffUsers(tx),
    companyId: ticket.companyId,
    title: `${displayName(client)} marked resolved: ${ticket.subject}`,
    body: `Ticket ${ticketNumber(ticket.id)} is resolved; a reply from them opens it again.`,
    link,
    agencyEmail,
    email: (user) => copyTo(agencyEmail, user),
  });
}
