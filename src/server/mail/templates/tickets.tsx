import { brand } from "@content/site";
import { simpleEmail } from "../layout";
import type { QueuedEmail } from "../outbox";
import { ticketReplyAddress } from "../reply-address";
import { clientLinks, staffLinks } from "@shared/deep-links";

type TicketRef = { id: string; subject: string; replyToken: string };
type Person = { name: string; email: string };
type Settings = { agencyInbox: string; publicUrl: string; supportEmail: string };

/**
 * The Reply-To of every email about a ticket: the ticket's own address, so that whoever answers
 * by email (client or staff) lands in the thread.
 */
const replyAddress = (ticket: TicketRef, settings: Settings) =>
  ticketReplyAddress(settings.supportEmail, ticket.replyToken);

/** Staff who answer from their own address (one in ADMIN_EMAILS) reply in the thread. */
const staffHint = "Reply to this email to answer in the ticket.";

/** To the agency: a client opened a ticket. */
export function newTicketEmail(
  ticket: TicketRef & { priority: string },
  client: Person,
  message: string,
  settings: Settings,
): QueuedEmail {
  return simpleEmail(
    "ticket-new",
    settings.agencyInbox,
    `New ${ticket.priority} ticket from ${client.name}: ${ticket.subject}`,
    [
      `${client.name} <${client.email}> opened a support ticket (${ticket.priority} priority).`,
      message,
      staffHint,
    ],
    { label: "Open the ticket", href: `${settings.publicUrl}${staffLinks.ticket(ticket.id)}` },
    replyAddress(ticket, settings),
  );
}

/** To the agency: a client replied on their ticket. */
export function clientReplyEmail(
  ticket: TicketRef,
  client: Person,
  message: string,
  settings: Settings,
): QueuedEmail {
  return simpleEmail(
    "ticket-client-reply",
    settings.agencyInbox,
    `Reply from ${client.name}: ${ticket.subject}`,
    [`${client.name} <${client.email}> replied on their ticket.`, message, staffHint],
    { label: "Open the ticket", href: `${settings.publicUrl}${staffLinks.ticket(ticket.id)}` },
    replyAddress(ticket, settings),
  );
}

/** To the client: staff answered their ticket. */
export function staffReplyEmail(
  ticket: TicketRef,
  client: Person,
  staffName: string,
  message: string,
  settings: Settings,
): QueuedEmail {
  return simpleEmail(
    "ticket-staff-reply",
    client.email,
    `Re: ${ticket.subject}`,
    [
      `Hi ${client.name},`,
      `${staffName} from ${brand.name} replied to your ticket:`,
      message,
      "You can answer by replying to this email.",
    ],
    {
      label: "View the ticket",
      href: `${settings.publicUrl}${clientLinks.ticket(ticket.id)}`,
    },
    replyAddress(ticket, settings),
  );
}
